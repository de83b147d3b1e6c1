import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contentLimits, type AdminDirectoryMember, type DirectoryMemberInput } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { PersonAvatar } from '../../content/index.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { adminOps } from '../api/operations.js';
import { consoleKeys, useConsoleMutation } from '../hooks/use-console-mutation.js';
import { useUpload } from '../hooks/use-upload.js';
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
import { useAdminSubdivisions } from './subdivisions-screens.js';

const NONE = '';

function MemberRow({ member, index, count, busy, onMove }: { member: AdminDirectoryMember; index: number; count: number; busy: boolean; onMove(i: number, d: -1 | 1): void }) {
  const publish = useConsoleMutation((published: boolean) => call(adminOps.members.publish, { id: member.id, published }), {
    success: (_, published) => (published ? t.publishedToast : t.unpublishedToast),
  });
  const remove = useConsoleMutation(() => call(adminOps.members.remove, { id: member.id }), { success: t.deleted });
  const to = consolePaths.member(member.id);
  return (
    <li className="qgw-cs-row">
      <div className="qgw-cs-row-main qgw-cs-row-person">
        <PersonAvatar name={member.name} photo={member.photoUrl} size="small" />
        <span>
          <Link to={to} state={{ member }} className="qgw-cs-row-title">
            {member.name}
          </Link>
          <span className="qgw-cs-row-meta">{[member.subdivisionName ?? t.noSubdivision, member.region, member.organization].filter(Boolean).join(' · ')}</span>
        </span>
      </div>
      <div className="qgw-cs-row-actions">
        <PublishSwitch name={member.name} checked={member.published} pending={publish.isPending} onChange={(v) => publish.mutate(v)} />
        <OrderButtons name={member.name} first={index === 0} last={index === count - 1} disabled={busy} onMove={(d) => onMove(index, d)} />
        <Link to={to} state={{ member }} className="qgw-cs-text-button" aria-label={t.editName(member.name)}>
          {t.edit}
        </Link>
        <DeleteButton name={member.name} disabled={remove.isPending} onConfirm={() => remove.mutate(undefined)} />
      </div>
    </li>
  );
}

/** /console/content/members: the directory with search, a subdivision filter and paging. */
export function MembersScreen() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [subdivisionId, setSubdivisionId] = useState(NONE);
  const q = useDebounced(query.trim());
  const subdivisions = useAdminSubdivisions();
  const list = useInfiniteQuery({
    queryKey: consoleKeys.members(q, subdivisionId),
    queryFn: ({ pageParam }) =>
      call(adminOps.members.list, { q: q || undefined, subdivisionId: subdivisionId || undefined, cursor: pageParam, limit: 50 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const reorder = useConsoleMutation((ids: string[]) => call(adminOps.members.reorder, { ids }), { success: t.reordered });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // ordering is meaningful within one subdivision's full list, not across a search's hits
  const canReorder = q === '' && subdivisionId !== NONE && !list.hasNextPage;
  return (
    <ConsolePage
      title={t.membersTitle}
      actions={
        <Button color="primary" onClick={() => void navigate(consolePaths.member(NEW_ID))}>
          {t.newMember}
        </Button>
      }
    >
      <div className="qgw-cs-filters qgw-cs-inline">
        <TextInput label={t.memberSearch} type="search" value={query} onChange={setQuery} maxLength={contentLimits.search.max} />
        <SelectField
          label={t.memberFilter}
          value={subdivisionId}
          options={[{ value: NONE, label: t.allSubdivisions }, ...(subdivisions.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))]}
          onChange={setSubdivisionId}
        />
      </div>
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError && !list.data ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.membersEmpty} />
      ) : (
        <>
          <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.membersTitle}>
            {items.map((m, i) => (
              <MemberRow key={m.id} member={m} index={i} count={items.length} busy={!canReorder || reorder.isPending} onMove={(index, d) => reorder.mutate(moved(items, index, d))} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="qgw-cs-more">
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </ConsolePage>
  );
}

type Consent = AdminDirectoryMember['consent'];

function MemberForm({ member }: { member: AdminDirectoryMember | null }) {
  const navigate = useNavigate();
  const subdivisions = useAdminSubdivisions();
  const [d, setD] = useState({
    name: member?.name ?? '',
    subdivisionId: member?.subdivisionId ?? NONE,
    region: member?.region ?? '',
    organization: member?.organization ?? '',
    title: member?.title ?? '',
    photoUrl: member?.photoUrl ?? '',
    bio: member?.bio ?? '',
    consent: member?.consent ?? { organization: false, title: false, photo: false, bio: false },
    published: member?.published ?? false,
  });
  const set = <K extends keyof typeof d>(key: K) => (value: (typeof d)[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const setConsent = (key: keyof Consent) => (value: boolean) => setD((prev) => ({ ...prev, consent: { ...prev.consent, [key]: value } }));
  const toList = () => void navigate(consolePaths.members);
  const photo = useUpload((f) => set('photoUrl')(f.url));
  const save = useConsoleMutation(
    (input: DirectoryMemberInput) => (member ? call(adminOps.members.update, { id: member.id, expectedUpdatedAt: member.updatedAt, ...input }) : call(adminOps.members.create, input)),
    { loading: t.saving, success: t.saved, onSuccess: toList },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...d, subdivisionId: d.subdivisionId || null, photoUrl: d.photoUrl.trim() || null });
  };
  return (
    <form className="qgw-cs-card qgw-cs-form" onSubmit={submit} noValidate>
      <TextInput label={t.fieldName} value={d.name} onChange={set('name')} maxLength={contentLimits.name.max} />
      <div className="qgw-cs-inline">
        <SelectField
          label={t.fieldSubdivision}
          value={d.subdivisionId}
          options={[{ value: NONE, label: t.noSubdivision }, ...(subdivisions.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))]}
          onChange={set('subdivisionId')}
        />
        <TextInput label={t.fieldRegion} value={d.region} onChange={set('region')} maxLength={contentLimits.shortText.max} />
      </div>
      <div className="qgw-cs-inline">
        <TextInput label={t.fieldOrganization} value={d.organization} onChange={set('organization')} maxLength={contentLimits.shortText.max} />
        <TextInput label={t.fieldMemberTitle} value={d.title} onChange={set('title')} maxLength={contentLimits.shortText.max} />
      </div>
      <div className="qgw-cs-inline">
        <TextInput label={t.fieldPhoto} value={d.photoUrl} onChange={set('photoUrl')} />
        <FileButton label={t.uploadPhoto} accept="image/jpeg,image/png,image/webp" pending={photo.pending} onFile={(f) => void photo.run(f)} />
      </div>
      <TextArea label={t.fieldBio} value={d.bio} onChange={set('bio')} rows={4} maxLength={contentLimits.bio.max} />
      <fieldset className="qgw-cs-fieldset">
        <legend className="qgw-cs-label">{t.consentHeading}</legend>
        <p className="qgw-cs-hint">{t.consentHint}</p>
        {(Object.keys(t.consent) as (keyof Consent)[]).map((key) => (
          <CheckboxField key={key} label={t.consent[key]} checked={d.consent[key]} onChange={setConsent(key)} />
        ))}
      </fieldset>
      <CheckboxField label={t.fieldPublished} checked={d.published} onChange={set('published')} hint={t.fieldPublishedHint} />
      <FormActions saving={save.isPending} onCancel={toList} />
    </form>
  );
}

/**
 * The record to edit: handed over by the list when the admin came from there; opened directly, it is
 * looked up in the directory a page at a time.
 */
function useAdminMember(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'member', id],
    enabled,
    queryFn: async () => {
      let cursor: string | undefined;
      for (let page = 0; page < 40; page += 1) {
        const res = await call(adminOps.members.list, { cursor, limit: 50 });
        const found = res.items.find((m) => m.id === id);
        if (found) return found;
        if (!res.nextCursor) break;
        cursor = res.nextCursor;
      }
      return null;
    },
  });
}

/** /console/content/members/:id */
export function MemberEditScreen() {
  const { id = NEW_ID } = useParams();
  const location = useLocation();
  const state = location.state as { member?: AdminDirectoryMember } | null;
  const handed = state?.member?.id === id ? state.member : undefined;
  const lookup = useAdminMember(id, !handed && id !== NEW_ID);
  if (id === NEW_ID) {
    return (
      <ConsolePage title={t.newMember}>
        <MemberForm member={null} />
      </ConsolePage>
    );
  }
  const member = handed ?? lookup.data;
  return (
    <ConsolePage title={t.editMember}>
      {member ? (
        <MemberForm key={member.id} member={member} />
      ) : lookup.isPending ? (
        <ConsoleLoading rows={6} />
      ) : lookup.isError ? (
        <ConsoleError error={lookup.error} onRetry={() => void lookup.refetch()} />
      ) : (
        <ConsoleEmpty text={t.empty} />
      )}
    </ConsolePage>
  );
}
