import type { ReactNode } from 'react';
import { createErrorBlock, type ErrorBlockProps } from 'antd-mobile';
import { ClockCircleOutline, CloseCircleOutline, ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import './status-block.css';
import './error-block.css';

const icon = (status: string, glyph: ReactNode) => (
  <span className={`qgw-status-block-icon qgw-error-block-icon-${status}`} aria-hidden="true">
    {glyph}
  </span>
);

/**
 * antd-mobile's ErrorBlock (same props, markup and classes) drawn with the icons of StatusBlock.
 * Its own four illustrations are 11 KB of gzip that came with every screen able to show an empty
 * list or a failure, results and forms included, before their first paint.
 */
const IconErrorBlock = createErrorBlock({
  default: icon('default', <ExclamationCircleOutline />),
  empty: icon('empty', <InformationCircleOutline />),
  disconnected: icon('disconnected', <CloseCircleOutline />),
  busy: icon('busy', <ClockCircleOutline />),
});

export function ErrorBlock({ className, ...props }: ErrorBlockProps) {
  return <IconErrorBlock {...props} className={className ? `qgw-error-block ${className}` : 'qgw-error-block'} />;
}
