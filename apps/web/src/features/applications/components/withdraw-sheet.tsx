import { useId, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { ZWithdrawRequest, type SubmitResponse } from '@qgw/contracts';
import { call, validate } from '../../../lib/request.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { showLoading, showToast, toastError } from '../../../lib/toast.js';
import { applicationOps } from '../api/operations.js';
import { applicationStrings as t } from '../strings.js';
import { TextAreaInput } from './fields.js';
import './applications.css';

export interface WithdrawSheetProps {
  /** the application to withdraw */
  id: string;
  open: boolean;
  setOpen(open: boolean): void;
  onWithdrawn(answer: SubmitResponse): void;
}

/** The sheet WithdrawButton opens: the reason, checked with the contract's schema before it is sent. */
export default function WithdrawSheet({ id, open, setOpen, onWithdrawn }: WithdrawSheetProps) {
  const [reason, setReason] = useState('');
  const dialogId = useId();
  const withdraw = useMutation({
    mutationFn: async () => {
      const input = validate(ZWithdrawRequest, { id, reason });
      showLoading(t.withdrawing);
      return call(applicationOps.withdraw, input);
    },
    onSuccess: (answer) => {
      showToast(t.withdrawDone);
      setOpen(false);
      setReason('');
      onWithdrawn(answer);
    },
    onError: toastError,
  });

  return (
    <Popup
      visible={open}
      onMaskClick={() => {
        if (!withdraw.isPending) setOpen(false);
      }}
      bodyClassName="qgw-withdraw-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby={`${dialogId}-title`}>
        <h2 className="qgw-withdraw-title" id={`${dialogId}-title`}>
          {t.withdrawTitle}
        </h2>
        <TextAreaInput
          label={t.withdrawReason}
          value={reason}
          onChange={setReason}
          placeholder={t.withdrawPlaceholder}
          maxLength={maxLengthOf(ZWithdrawRequest.shape.reason)}
          rows={4}
        />
        <div className="qgw-withdraw-actions">
          <Button block shape="rounded" onClick={() => setOpen(false)} disabled={withdraw.isPending}>
            {t.withdrawCancel}
          </Button>
          <Button
            block
            shape="rounded"
            color="danger"
            onClick={() => {
              if (!withdraw.isPending) withdraw.mutate();
            }}
            disabled={withdraw.isPending}
          >
            {t.withdrawConfirm}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
