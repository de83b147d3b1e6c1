import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { adminLimits, applicationKinds, type ApplicationKind, Code, type Rubric, type RubricCriterionInput } from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { ApiFailure, call } from '../../../lib/request.js';
import { showToast, toastError } from '../../../lib/toast.js';
import { SelectField, TextInput } from '../components/console-ui.js';
import { reviewStrings } from '../review/strings.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { anchorKey, type AnchorRow, AnchorsEditor } from './rubric-anchors.js';
import { adminStrings as t } from './strings.js';

interface Row {
  key: string;
  id?: string;
  name: string;
  description: string;
  weight: string;
  maxScore: string;
  anchors: AnchorRow[];
}

let nextKey = 0;
const rowsOf = (rubric: Rubric | undefined): Row[] =>
  (rubric?.criteria ?? []).map((c) => ({
    key: c.id, id: c.id, name: c.name, description: c.description, weight: String(c.weight), maxScore: String(c.maxScore),
    anchors: (c.anchors ?? []).map((a) => ({ key: anchorKey(), score: String(a.score), label: a.label })),
  }));
const inputOf = (r: Row): RubricCriterionInput => ({
  id: r.id, name: r.name, description: r.description, weight: Number(r.weight), maxScore: Number(r.maxScore),
  anchors: r.anchors.map((a) => ({ score: Number(a.score), label: a.label })),
});

/** The live total of the weights as typed (blank or non-numbers count as 0). */
export function weightTotal(rows: readonly { weight: string }[]): number {
  return rows.reduce((sum, r) => sum + (Number.isFinite(Number(r.weight)) ? Number(r.weight) : 0), 0);
}

function CriteriaForm({ kind, rubric, season }: { kind: ApplicationKind; rubric: Rubric | undefined; season: string }) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(rubric));
  // the server's refusal of a scoring change on a kind with reviews: 另存为新版本 is then offered
  const [locked, setLocked] = useState<string | null>(null);
  const total = weightTotal(rows);
  const save = useMutation({
    mutationFn: (newVersion: boolean) =>
      call(accessAdminOps.rubricsUpdate, { kind, criteria: rows.map(inputOf), programmeId: season || undefined, ...(newVersion ? { newVersion: true } : {}) }),
    onSuccess: (res, newVersion) => {
      queryClient.setQueryData<Rubric[]>(adminKeys.rubrics(season), (old) => old?.map((x) => (x.kind === res.kind ? res : x)));
      setRows(rowsOf(res));
      setLocked(null);
      showToast(newVersion ? t.savedNewVersion(res.version) : t.saved);
    },
    onError: (e) => {
      if (e instanceof ApiFailure && e.code === Code.RUBRIC_LOCKED) setLocked(e.message);
      else toastError(e);
    },
  });
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(false);
  };
  return (
    <form className="qgw-cs-form qgw-cad-flush" onSubmit={submit} noValidate>
      {rubric && <p className="qgw-cad-version">{t.rubricVersion(rubric.version)}</p>}
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
            <div className="qgw-cad-criterion-wide">
              <TextInput
                label={`${t.criterionDescription}${i + 1}`}
                value={r.description}
                onChange={(v) => update(i, { description: v })}
                maxLength={adminLimits.rubric.description}
              />
              <AnchorsEditor n={i + 1} anchors={r.anchors} onChange={(anchors) => update(i, { anchors })} />
            </div>
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
          onClick={() => setRows((rs) => [...rs, { key: `new-${++nextKey}`, name: '', description: '', weight: '', maxScore: '10', anchors: [] }])}
        >
          {t.addCriterion}
        </Button>
        <Button type="submit" color="primary" loading={save.isPending} disabled={save.isPending}>
          {t.saveRubric}
        </Button>
      </div>
      {locked && (
        <div className="qgw-cad-locked" role="alert">
          <p className="qgw-cad-locked-title">{t.lockedTitle}</p>
          <p>{locked}</p>
          <p>{t.newVersionExplain}</p>
          <Button type="button" color="primary" loading={save.isPending} disabled={save.isPending} onClick={() => save.mutate(true)}>
            {t.saveNewVersion}
          </Button>
        </div>
      )}
    </form>
  );
}

/** One application kind's weighted criteria at a time; the weights must sum to 100 (shown live). */
export function RubricEditor({ rubrics, season }: { rubrics: Rubric[]; season: string }) {
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
      <CriteriaForm key={kind} kind={kind} rubric={rubrics.find((r) => r.kind === kind)} season={season} />
    </section>
  );
}
