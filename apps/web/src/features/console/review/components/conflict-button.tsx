import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { reviewLimits } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';

/**
 * 声明回避: a reviewer declares a conflict of interest with an application, from its page or from its
 * card in the queue, so the button lives apart from the review sheet.
 */

/** A reviewer steps aside: the assignment is removed and the declaration audited. */
export function ConflictButton({ applicationId, onDeclared }: { applicationId: string; onDeclared(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const declare = useConsoleMutation(() => call(reviewOps.conflict, { applicationId, reason }), { success: t.conflictDeclared, onSuccess: onDeclared });
  if (!open) {
    return (
      <Button className="qgw-rv-conflict-button" fill="outline" color="warning" onClick={() => setOpen(true)}>
        {t.declareConflict}
      </Button>
    );
  }
  return (
    <div className="qgw-cs-card qgw-rv-card qgw-rv-form">
      <TextArea label={t.conflictReason} value={reason} onChange={setReason} rows={2} maxLength={reviewLimits.conflictReason.max} />
      <div className="qgw-cs-form-actions">
        <Button
          className="qgw-rv-conflict-button"
          color="warning"
          loading={declare.isPending}
          onClick={() =>
            void Dialog.confirm({ content: t.declareConflict, confirmText: t.confirm, cancelText: t.cancel }).then((ok) => ok && declare.mutate())
          }
        >
          {t.declareConflict}
        </Button>
        <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
      </div>
    </div>
  );
}
