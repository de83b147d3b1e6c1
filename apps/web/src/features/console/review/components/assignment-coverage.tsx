import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { reviewLimits, type ConsoleAssignResponse, type KindCoverage } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { assignmentOps } from '../api/assignment-operations.js';
import { assignmentStrings as t } from '../assignment-strings.js';
import { reviewStrings } from '../strings.js';

/** Automatic assignment of the under-covered applications of one kind, in batches the API accepts. */
async function fill(c: KindCoverage): Promise<{ assigned: number; short: number }> {
  const batch = reviewLimits.assignBatch.applications;
  const perApplication = Math.min(c.target, reviewLimits.perApplication.max);
  const outs: ConsoleAssignResponse[] = [];
  for (let i = 0; i < c.belowIds.length; i += batch) {
    outs.push(await call(assignmentOps.assignAuto, { applicationIds: c.belowIds.slice(i, i + batch), perApplication }));
  }
  const short = new Set(outs.flatMap((o) => o.refused.map((r) => r.applicationId)));
  return { assigned: outs.reduce((n, o) => n + o.assigned.length, 0), short: short.size };
}

/**
 * Per kind: how many applications await a review, the target number of reviewers (评选设置), how
 * many have fewer, and 补足 — automatic assignment of only those, least-loaded reviewer first,
 * conflicts of interest respected (the assignment rules' own).
 */
export function AssignmentCoverage({ coverage }: { coverage: KindCoverage[] }) {
  const [result, setResult] = useState<string | null>(null);
  const run = useConsoleMutation(fill, { onSuccess: (r) => setResult(t.fillResult(r.assigned, r.short)) });
  const shown = coverage.filter((c) => c.applications > 0);
  const onFill = async (c: KindCoverage) => {
    const ok = await Dialog.confirm({ content: t.fillConfirm(c.below, c.target), confirmText: t.fill, cancelText: t.cancel });
    if (ok) run.mutate(c);
  };
  return (
    <section className="qgw-cs-card qgw-am-coverage" aria-labelledby="qgw-am-coverage-title">
      <h2 id="qgw-am-coverage-title" className="qgw-rv-h2">
        {t.coverageTitle}
      </h2>
      {shown.length === 0 ? (
        <p className="qgw-am-muted">{t.covered}</p>
      ) : (
        <ul className="qgw-am-coverage-list">
          {shown.map((c) => {
            const kind = reviewStrings.kinds[c.kind];
            return (
              <li key={c.kind} className="qgw-am-coverage-item">
                <span>{t.coverageLine(kind, c.applications, c.target)}</span>
                {c.below > 0 ? (
                  <>
                    <strong className="qgw-am-below">{t.below(c.below)}</strong>
                    <Button size="small" color="primary" loading={run.isPending && run.variables?.kind === c.kind} aria-label={t.fillLabel(kind)} onClick={() => void onFill(c)}>
                      {t.fill}
                    </Button>
                  </>
                ) : (
                  <span className="qgw-am-ok">{t.covered}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {result && (
        <p className="qgw-am-result" role="status">
          {result}
        </p>
      )}
    </section>
  );
}
