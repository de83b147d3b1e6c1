import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import type { SubmitResponse } from '@qgw/contracts';
import { applicationStrings as t } from '../strings.js';
import './applications.css';

/**
 * The sheet (antd-mobile's Popup, with its animation library: 27 KB of gzip with ImageViewer's
 * gestures) loads when the person first asks to withdraw, not with every result page.
 */
const loadSheet = () => import('./withdraw-sheet.js');
const WithdrawSheet = lazy(loadSheet);
const preload = () => void loadSheet().catch(() => undefined);

export interface WithdrawButtonProps {
  /** the application to withdraw */
  id: string;
  onWithdrawn(answer: SubmitResponse): void;
  /** text of the button that opens the dialog */
  buttonText?: string;
  block?: boolean;
}

/** Withdrawal (allowed until a decision): a button that opens a sheet asking for the reason. */
export function WithdrawButton({ id, onWithdrawn, buttonText = t.withdrawButton, block = true }: WithdrawButtonProps) {
  const [open, setOpen] = useState(false);
  // once asked for, the sheet stays mounted, so that it closes with its animation
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        block={block}
        shape="rounded"
        className="qgw-withdraw-open"
        // a finger on the button is the first sign: the sheet's code starts loading before the tap ends
        onTouchStart={preload}
        onMouseDown={preload}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {buttonText}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <WithdrawSheet id={id} open={open} setOpen={setOpen} onWithdrawn={onWithdrawn} />
        </Suspense>
      )}
    </>
  );
}
