import { SelectInput } from '../../applications/index.js';
import { usePublishedSubdivisions } from '../hooks/use-subdivisions.js';
import { memberStrings as t } from '../strings.js';

/**
 * 意向分会: one of the subdivisions the committee publishes (the same list as 分会介绍), or none.
 * The server accepts only those, so a name typed by hand or since withdrawn cannot slip through.
 */
export function SubdivisionSelect({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string | undefined }) {
  const list = usePublishedSubdivisions();
  const names = list.data?.items.map((s) => s.name) ?? [];
  const gone = list.isSuccess && value !== '' && !names.includes(value);
  const hint = list.isPending
    ? t.subdivisionLoading
    : list.isError
      ? t.subdivisionLoadFailed
      : gone
        ? t.subdivisionGone(value)
        : names.length === 0
          ? t.subdivisionEmpty
          : undefined;
  return (
    <SelectInput
      label={t.subdivision}
      value={gone ? '' : value}
      onChange={onChange}
      options={names}
      emptyOption={t.subdivisionNone}
      hint={hint}
      error={error}
    />
  );
}
