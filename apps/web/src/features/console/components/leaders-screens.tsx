import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { contentLimits, leaderGroups, ZLeaderGroup, type AdminLeader, type LeaderGroup, type LeaderInput } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { PersonAvatar } from '../../content/index.js';
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
  FileButton,
  FormActions,
  moved,
  OrderButtons,
  PublishSwitch,
  SelectField,
  TextArea,
  TextInput,
} from './console-ui.js';
import { useUpload } from '../hooks/use-upload.js';

function useGroup(): LeaderGroup {
  const [params] = useSearchParams();
  const parsed = ZLeaderGroup.safeParse(params.get('group'));
  return parsed.success ? parsed.data : 'leadership';
}

/** Both groups in one list: the edit screen finds its person there. */
function useAllLeaders() {
  return useQuery({ queryKey: consoleKeys.leaders('all'), queryFn: () => call(adminOps.leaders.list, {}) });
}

function LeaderRow({ leader, index, count, busy, onMove }: { leader: AdminLeader; index: number; count: number; busy: boolean; onMove(i: number, d: -1 | 1): void }) {
  const publish = useConsoleMutation((published: boolean) => call(adminOps.leaders.publish, { id: leader.id, published }), {
    success: (_, published) => (published ? t.publishedToast : t.unpublishedToast),
  });
  const remove = useConsoleMutation(() => call(adminOps.leaders.remove, { id: leader.id }), { success: t.deleted });
  return (
    <li className="qgw-cs-row">
      <div className="qgw-cs-row-main qgw-cs-row-person">
        <PersonAvatar name={leader.name} photo={leader.photoUrl} size="small" />
        <span>
          <Link to={`${consolePaths.leader(leader.id)}?group=${leader.group}`} className="qgw-cs-row-title">
            {leader.name}
          </Link>
          <span className="qgw-cs-row-meta">{leader.title}</span>
        </span>
      </div>
      <div className="qgw-cs-row-actions">
        <PublishSwitch name={leader.name} checked={leader.published} pending={publish.isPending} onChange={(v) => publish.mutate(v)} />
        <OrderButtons name={leader.name} first={index === 0} last={index === count - 1} disabled={busy} onMove={(d) => onMove(index, d)} />
        <Link to={`${consolePaths.leader(leader.id)}?group=${leader.group}`} className="qgw-cs-text-button" aria-label={t.editName(leader.name)}>
          {t.edit}
        </Link>
        <DeleteButton name={leader.name} disabled={remove.isPending} onConfirm={() => remove.mutate(undefined)} />
      </div>
    </li>
  );
}

/** /console/content/leaders: 领导班子 and 秘书处, each in its order. */
export function LeadersScreen() {
  const group = useGroup();
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: consoleKeys.leaders(group), queryFn: () => call(adminOps.leaders.list, { group }) });
  const reorder = useConsoleMutation((ids: string[]) => call(adminOps.leaders.reorder, { ids }), { success: t.reordered });
  const items = list.data?.items ?? [];
  return (
    <ConsolePage
      title={t.leadersTitle}
      actions={
        <Button color="primary" onClick={() => void navigate(`${consolePaths.leader(NEW_ID)}?group=${group}`)}>
          {t.newLeader}
        </Button>
      }
    >
      <div className="qgw-cs-tabs" role="group" aria-label={t.groupLabel}>
        {leaderGroups.map((g) => (
          <button
            key={g}
            type="button"
            aria-pressed={g === group}
            className={g === group ? 'qgw-cs-tab qgw-cs-tab-active' : 'qgw-cs-tab'}
            onClick={() => setParams({ group: g }, { replace: true })}
          >
            {t.group[g]}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.leadersEmpty} />
      ) : (
        <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.group[group]}>
          {items.map((l, i) => (
            <LeaderRow key={l.id} leader={l} index={i} count={items.length} busy={reorder.isPending} onMove={(index, d) => reorder.mutate(moved(items, index, d))} />
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function LeaderForm({ leader, initialGroup }: { leader: AdminLeader | null; initialGroup: LeaderGroup }) {
  const navigate = useNavigate();
  const [d, setD] = useState({
    group: leader?.group ?? initialGroup,
    name: leader?.name ?? '',
    title: leader?.title ?? '',
    photoUrl: leader?.photoUrl ?? '',
    bio: leader?.bio ?? '',
    published: leader?.published ?? false,
  });
  const set = <K extends keyof typeof d>(key: K) => (value: (typeof d)[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const toList = () => void navigate(`${consolePaths.leaders}?group=${d.group}`);
  const photo = useUpload((f) => set('photoUrl')(f.url));
  const save = useConsoleMutation(
    (input: LeaderInput) => (leader ? call(adminOps.leaders.update, { id: leader.id, expectedUpdatedAt: leader.updatedAt, ...input }) : call(adminOps.leaders.create, input)),
    { loading: t.saving, success: t.saved, onSuccess: toList },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...d, photoUrl: d.photoUrl.trim() || null });
  };
  return (
    <form className="qgw-cs-card qgw-cs-form" onSubmit={submit} noValidate>
      <SelectField label={t.groupLabel} value={d.group} options={leaderGroups.map((g) => ({ value: g, label: t.group[g] }))} onChange={set('group')} />
      <TextInput label={t.fieldName} value={d.name} onChange={set('name')} maxLength={contentLimits.name.max} />
      <TextInput label={t.fieldPosition} value={d.title} onChange={set('title')} maxLength={contentLimits.shortText.max} />
      <div className="qgw-cs-inline">
        <TextInput label={t.fieldPhoto} value={d.photoUrl} onChange={set('photoUrl')} />
        <FileButton label={t.uploadPhoto} accept="image/jpeg,image/png,image/webp" pending={photo.pending} onFile={(f) => void photo.run(f)} />
      </div>
      <TextArea label={t.fieldBio} value={d.bio} onChange={set('bio')} rows={5} maxLength={contentLimits.bio.max} />
      <CheckboxField label={t.fieldPublished} checked={d.published} onChange={set('published')} hint={t.fieldPublishedHint} />
      <FormActions saving={save.isPending} onCancel={toList} />
    </form>
  );
}

/** /console/content/leaders/:id */
export function LeaderEditScreen() {
  const { id = NEW_ID } = useParams();
  const group = useGroup();
  const all = useAllLeaders();
  if (id === NEW_ID) {
    return (
      <ConsolePage title={t.newLeader}>
        <LeaderForm leader={null} initialGroup={group} />
      </ConsolePage>
    );
  }
  const leader = all.data?.items.find((l) => l.id === id);
  return (
    <ConsolePage title={t.editLeader}>
      {all.isPending ? (
        <ConsoleLoading rows={6} />
      ) : all.isError ? (
        <ConsoleError error={all.error} onRetry={() => void all.refetch()} />
      ) : leader ? (
        <LeaderForm key={leader.id} leader={leader} initialGroup={group} />
      ) : (
        <ConsoleEmpty text={t.empty} />
      )}
    </ConsolePage>
  );
}
