import { useState } from 'react';
import { Button } from 'antd-mobile';
import type { ConsoleExportRequest } from '@qgw/contracts';
import { toastError } from '../../../../lib/toast.js';
import { exportApplications } from '../api/download.js';
import { reviewStrings as t } from '../strings.js';
import type { QueueFilters } from './queue-screen.js';
import { seasonOfFilters } from '../queue/queue-search.js';

/** XLSX or CSV of the applications the current filters select (audited and rate-limited server-side). */
export function ExportButtons({ filters, currentSeasonId }: { filters: QueueFilters; currentSeasonId: string | undefined }) {
  const [busy, setBusy] = useState<ConsoleExportRequest['format'] | null>(null);
  const run = async (format: ConsoleExportRequest['format']) => {
    setBusy(format);
    try {
      await exportApplications({ kind: filters.kind || undefined, status: filters.status || undefined, programmeId: seasonOfFilters(filters, currentSeasonId) }, format);
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button size="small" loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => void run('xlsx')}>
        {t.exportXlsx}
      </Button>
      <Button size="small" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')}>
        {t.exportCsv}
      </Button>
    </>
  );
}
