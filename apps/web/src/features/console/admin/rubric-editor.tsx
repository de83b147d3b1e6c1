import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { adminLimits, applicationKinds, type ApplicationKind, type Rubric, type RubricCriterionInput } from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { showToast, toastError } from '../../../lib/toast.js';
import { SelectField, TextInput } from '../components/console-ui.js';
import { reviewStrings } from '../review/strings.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { adminStrings as t } from './strings.js';

interface Row {
  key: string;
  id?: string;
  name: string;
  description: string;
  weight: string;
  maxScore: string;
}

let nextKey = 0;
const rowsOf = (rubric: Rubric | undefined): Row[] =>
  (rubric?.criteria ?? []).map((c) => ({ key: c.id, id: c.id, name: c.name, description: c.description, weight: String(c.weight), maxScore: String(c.maxScore) }));

/** The live total of the weights as typed (blank or non-numbers count as 0). */
export function weightTotal(rows: readonly { weight: string }[]): number {
  return rows.reduce((sum, r) => sum + (Number.isFinite(Number(r.weight)) ? Number(r.weight) : 0), 0);
}

function CriteriaForm({ kind, rubric }: { kind: ApplicationKind; rubric: Rubric | undefined }) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(rubric));
  const total = weightTotal(rows);
  const save = useMutation({
    mutationFn: () =>
      call(accessAdminOps.rubricsUpdate, {
        kind,
        criteria: rows.map(
          (r): RubricCriterionInput => ({ id: r.id, name: r.name, description: r.description, weight: Number(r.weight), maxScore: Number(r.maxScore) }),
        ),
      }),
    onSuccess: (res) => {
      queryClient.setQueryData<Rubric[]>(adminKeys.rubrics, (old) => old?.map((x) => (x.kind === res.kind ? res : x)));
      setRows(rowsOf(res));
      showToast(t.saved);
    },
    onError: toastError,
  });
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="qgw-cs-form qgw-cad-flush" onSubmit={submit} noValidate>
      {rows.length === 0 && <p className="qgw-cs-hint">{t.rubricEmpty}</p>}
      <ol className="qgw-cad-criteria">
        {rows.map((r, i) => (
          <li key={r.key} className="qgw-cad-criterion" aria-label={t.criterionN(i + 1)}>
            <TextInput label={`${t.criterionName}${i + 1}`} value={r.name} onChange={(v) => update(i, { name: v })} maxLength={adminLimits.rubric.name} />
            <TextInput label={`${t.weight}${i + 1}`} type="number" value={r.weight} onChange={(v) => update(i, { weight: v })} />
            <TextInput label={`${t.maxScore}${i + 1}`} type="number" value={r.maxScore} onChange={(v) => update(i, { maxScore: v })} />
            <button type="button" className="qgw-cs-text-button qgw-cs-danger" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              {t.removeCriterion(i + 1)}
            </button>
          </li>
        ))}
      </ol>
      <p className={total === 100 ? 'qgw-cad-total' : 'qgw-cad-total qgw-ca-error'} role="status" aria-live="polite">
        {t.weightSum(total)}
        {total === 100 ? `，${t.weightOk}` : `，${t.weightBad}`}
      </p>
      <div className="qgw-cs-form-actions">
        <Button
          type="button"
          onClick={() => setRows((rs) => [...rs, { key: `new-${++nextKey}`, name: '', description: '', weight: '', maxScore: '10' }])}
        >
          {t.addCriterion}
        </Button>
        <Button type="submit" color="primary" loading={save.isPending} disabled={save.isPending}>
          {t.saveRubric}
        </Button>
      </div>
    </form>
  );
}

/** One application kind's weighted criteria at a time; the weights must sum to 100 (shown live). */
export function RubricEditor({ rubrics }: { rubrics: Rubric[] }) {
  const [kind, setKind] = useState<ApplicationKind>('person');
  return (
    <section className="qgw-cs-card qgw-cad-section qgw-cad-gap" aria-label={t.rubricsTitle}>
      <h2 className="qgw-cs-page-title">{t.rubricsTitle}</h2>
      <SelectField<ApplicationKind>
        label={t.rubricKind}
        value={kind}
        options={applicationKinds.map((k) => ({ value: k, label: reviewStrings.kinds[k] }))}
        onChange={setKind}
      />
      <CriteriaForm key={kind} kind={kind} rubric={rubrics.find((r) => r.kind === kind)} />
    </section>
  );
}
