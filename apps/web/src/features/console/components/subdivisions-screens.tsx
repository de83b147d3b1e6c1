import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { contentLimits, type AdminSubdivision, type SubdivisionInput } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { adminOps } from '../api/operations.js';
import { consoleKeys, useConsoleMutation } from '../hooks/use-console-mutation.js';
import { consolePaths, NEW_ID } from '../paths.js';
import { consoleStrings as t } from '../strings.js';
import {
  CheckboxField,
  ConsoleEmpty,
  ConsoleError,
  ConsoleLoading,
  ConsolePage,
  DeleteButton,
  FormActions,
  moved,
  OrderButtons,
  PublishSwitch,
  TextArea,
  TextInput,
} from './console-ui.js';

export function useAdminSubdivisions() {
  return useQuery({ queryKey: consoleKeys.subdivisions, queryFn: () => call(adminOps.subdivisions.list, {}) });
}

function SubdivisionRow({ item, index, count, busy, onMove }: { item: AdminSubdivision; index: number; count: number; busy: boolean; onMove(i: number, d: -1 | 1): void }) {
  const publish = useConsoleMutation((published: boolean) => call(adminOps.subdivisions.publish, { id: item.id, published }), {
    success: (_, published) => (published ? t.publishedToast : t.unpublishedToast),
  });
  const remove = useConsoleMutation(() => call(adminOps.subdivisions.remove, { id: item.id }), { success: t.deleted });
  return (
    <li className="qgw-cs-row">
      <div className="qgw-cs-row-main">
        <Link to={consolePaths.subdivision(item.id)} className="qgw-cs-row-title">
          {item.name}
        </Link>
        <span className="qgw-cs-row-meta">{t.memberCount(item.memberCount)}</span>
      </div>
      <div className="qgw-cs-row-actions">
        <PublishSwitch name={item.name} checked={item.published} pending={publish.isPending} onChange={(v) => publish.mutate(v)} />
        <OrderButtons name={item.name} first={index === 0} last={index === count - 1} disabled={busy} onMove={(d) => onMove(index, d)} />
        <Link to={consolePaths.subdivision(item.id)} className="qgw-cs-text-button" aria-label={t.editName(item.name)}>
          {t.edit}
        </Link>
        <DeleteButton name={item.name} disabled={remove.isPending} onConfirm={() => remove.mutate(undefined)} />
      </div>
    </li>
  );
}

/** /console/content/subdivisions */
export function SubdivisionsScreen() {
  const navigate = useNavigate();
  const list = useAdminSubdivisions();
  const reorder = useConsoleMutation((ids: string[]) => call(adminOps.subdivisions.reorder, { ids }), { success: t.reordered });
  const items = list.data?.items ?? [];
  return (
    <ConsolePage
      title={t.subdivisionsTitle}
      actions={
        <Button color="primary" onClick={() => void navigate(consolePaths.subdivision(NEW_ID))}>
          {t.newSubdivision}
        </Button>
      }
    >
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.subdivisionsEmpty} />
      ) : (
        <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.subdivisionsTitle}>
          {items.map((s, i) => (
            <SubdivisionRow key={s.id} item={s} index={i} count={items.length} busy={reorder.isPending} onMove={(index, d) => reorder.mutate(moved(items, index, d))} />
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function SubdivisionForm({ item }: { item: AdminSubdivision | null }) {
  const navigate = useNavigate();
  const [d, setD] = useState({ name: item?.name ?? '', description: item?.description ?? '', published: item?.published ?? false });
  const set = <K extends keyof typeof d>(key: K) => (value: (typeof d)[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const toList = () => void navigate(consolePaths.subdivisions);
  const save = useConsoleMutation(
    (input: SubdivisionInput) => (item ? call(adminOps.subdivisions.update, { id: item.id, expectedUpdatedAt: item.updatedAt, ...input }) : call(adminOps.subdivisions.create, input)),
    { loading: t.saving, success: t.saved, onSuccess: toList },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(d);
  };
  return (
    <form className="qgw-cs-card qgw-cs-form" onSubmit={submit} noValidate>
      <TextInput label={t.fieldSubdivisionName} value={d.name} onChange={set('name')} maxLength={contentLimits.name.max} />
      <TextArea label={t.fieldDescription} value={d.description} onChange={set('description')} rows={5} maxLength={contentLimits.bio.max} />
      <CheckboxField label={t.fieldPublished} checked={d.published} onChange={set('published')} hint={t.fieldPublishedHint} />
      <FormActions saving={save.isPending} onCancel={toList} />
    </form>
  );
}

/** /console/content/subdivisions/:id */
export function SubdivisionEditScreen() {
  const { id = NEW_ID } = useParams();
  const list = useAdminSubdivisions();
  if (id === NEW_ID) {
    return (
      <ConsolePage title={t.newSubdivision}>
        <SubdivisionForm item={null} />
      </ConsolePage>
    );
  }
  const item = list.data?.items.find((s) => s.id === id);
  return (
    <ConsolePage title={t.editSubdivision}>
      {list.isPending ? (
        <ConsoleLoading rows={4} />
      ) : list.isError ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : item ? (
        <SubdivisionForm key={item.id} item={item} />
      ) : (
        <ConsoleEmpty text={t.empty} />
      )}
    </ConsolePage>
  );
}
