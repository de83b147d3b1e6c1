import { useEffect, useRef, type Ref } from 'react';
import { Input as MobileInput, type InputProps, type InputRef } from 'antd-mobile';
import './ui.css';

/**
 * antd-mobile's Input, its clear button made a button for assistive technology: the library draws
 * it as a `<div aria-label="清除">`, a name on an element without a role, which screen readers do not
 * announce and axe reports (aria-prohibited-attr) as soon as a field holding text is focused. Every
 * text field of the app uses this one, so that each gets it.
 */
export function Input({ ref, ...props }: InputProps & { ref?: Ref<InputRef> }) {
  const box = useRef<HTMLSpanElement>(null);
  // the button comes and goes with the value: look for it after every render (one query, no observer)
  useEffect(() => {
    box.current?.querySelector('.adm-input-clear:not([role])')?.setAttribute('role', 'button');
  });
  return (
    <span ref={box} className="qgw-input">
      <MobileInput ref={ref} {...props} />
    </span>
  );
}
