import { useQuery } from '@tanstack/react-query';
import { applicationKinds, statusLabels, type ApplicationKind, type ApplicationStatus } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { SelectField } from '../../components/console-ui.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';

export interface ApplicationFilterValues {
  kind: ApplicationKind | '';
  status: ApplicationStatus | '';
  themeId: string;
}

/**
 * The kind, status and theme a console list of applications is narrowed by (the queue, the
 * assignment matrix). `statuses` are those the list can hold; `anyStatus` names the choice of none.
 */
export function ApplicationFilterFields({
  values,
  statuses,
  anyStatus,
  themes,
  onChange,
}: {
  values: ApplicationFilterValues;
  statuses: readonly ApplicationStatus[];
  anyStatus: string;
  /** the themes to offer (the queue: the chosen season's); without them, the current season's */
  themes?: readonly { value: string; label: string }[];
  onChange(patch: Partial<ApplicationFilterValues>): void;
}) {
  const current = useQuery({ queryKey: reviewKeys.themes, queryFn: () => call(reviewOps.themes, {}), enabled: themes === undefined });
  const offered = themes ?? (current.data ?? []).map((th) => ({ value: th.id, label: th.name }));
  return (
    <>
      <SelectField
        label={t.kind}
        value={values.kind}
        options={[{ value: '' as const, label: t.all }, ...applicationKinds.map((k) => ({ value: k, label: t.kinds[k] }))]}
        onChange={(kind) => onChange({ kind })}
      />
      <SelectField
        label={t.status}
        value={values.status}
        options={[{ value: '' as const, label: anyStatus }, ...statuses.map((s) => ({ value: s, label: statusLabels[s] }))]}
        onChange={(status) => onChange({ status })}
      />
      <SelectField
        label={t.theme}
        value={values.themeId}
        options={[{ value: '', label: t.all }, ...offered.map(({ value, label }) => ({ value, label }))]}
        onChange={(themeId) => onChange({ themeId })}
      />
    </>
  );
}
