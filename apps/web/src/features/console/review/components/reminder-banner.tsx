import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/request.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { assignmentKeys, assignmentOps } from '../api/assignment-operations.js';
import { assignmentStrings as t } from '../assignment-strings.js';
import { beijingTime } from './beijing-time.js';
import './assignment-matrix.css';

/** A reviewer's latest unread reminder from an admin, above every console page until they dismiss it. */
export function ReminderBanner() {
  const reminder = useQuery({ queryKey: assignmentKeys.myReminder, queryFn: () => call(assignmentOps.myReminder, {}) });
  const dismiss = useConsoleMutation((id: string) => call(assignmentOps.readNotice, { id }));
  const r = reminder.data?.reminder;
  if (!r) return null;
  return (
    <div className="qgw-am-banner" role="alert" aria-label={t.bannerLabel}>
      <div className="qgw-am-banner-text">
        <strong>{r.title}</strong>
        <span>{r.body}</span>
        <span className="qgw-am-reviewer-meta">{t.bannerAt(beijingTime(r.createdAt))}</span>
      </div>
      <Button size="small" loading={dismiss.isPending} onClick={() => dismiss.mutate(r.id)}>
        {t.dismiss}
      </Button>
    </div>
  );
}
