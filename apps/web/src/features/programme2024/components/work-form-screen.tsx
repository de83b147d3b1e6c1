import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Code, limits, routes, ZAddWorkRequest, ZTeamMember, ZUpdateWorkRequest, ZWorkForm } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { ApiFailure, call } from '../../../lib/request.js';
import { historyDepth, navigateBack, navigateTo, redirectTo, type RouteParams, type ScreenPath } from '../../../lib/navigation.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { showLoading, showToast, ShownError, toastError } from '../../../lib/toast.js';
import {
  DraftIndicator,
  type FieldErrors,
  FormFooter,
  FormSection,
  ImageUploader,
  rememberFileUrls,
  SelectInput,
  TextAreaInput,
  TextInput,
  VideoUploader,
} from '../../applications/index.js';
import { programmeOps } from '../api/operations.js';
import { draftIdOf } from '../draft-id.js';
import { entryModeOf } from '../entry-mode.js';
import { editTargetOf, useEntryForm, type EditTarget, type EntryForm } from '../hooks/use-entry-form.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { useThemes, useWork } from '../hooks/use-works.js';
import { programmeStrings as t } from '../strings.js';
import { previewStrings as p } from '../preview-strings.js';
import { EntryPreview, WorkDetails } from './entry-details.js';
import { FormNotice, NotEditable, ResultPlaceholder } from './entry-result.js';
import { TeamFields, type TeamMemberValue } from './team-fields.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './programme.css';
import './works.css';

interface WorkValues extends Record<string, unknown> {
  themeId: string;
  title: string;
  description: string;
  team: TeamMemberValue[];
  photos: string[];
  video: string;
}

const asTeam = (v: unknown): TeamMemberValue[] =>
  Array.isArray(v)
    ? v.map((m: unknown) => {
        const o = (m ?? {}) as Record<string, unknown>;
        return { name: typeof o.name === 'string' ? o.name : '', role: typeof o.role === 'string' ? o.role : '' };
      })
    : [];
const asIds = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Rows left entirely blank are not members; the rest are checked one by one, so that the field shows its problem. */
function teamOf(values: Partial<WorkValues>): { team: TeamMemberValue[]; errors: FieldErrors } {
  const team = asTeam(values.team).filter((m) => m.name.trim() !== '' || m.role.trim() !== '');
  const errors: FieldErrors = {};
  team.forEach((m, i) => {
    const r = ZTeamMember.safeParse(m);
    if (!r.success) for (const issue of r.error.issues) errors[`team.${i}.${String(issue.path[0])}`] ??= issue.message;
  });
  return { team, errors };
}

/** The whole work checked as it will be sent; each field keeps its problem (team rows included). */
function checkWork(form: EntryForm<WorkValues>, editing: EditTarget | null) {
  const returned = editing?.status === 'returned';
  const { team, errors: teamErrors } = teamOf(form.draft.data);
  const photos = asIds(form.draft.data.photos);
  const checked = returned
    ? form.check(ZUpdateWorkRequest, { team, photos, id: editing.id, version: editing.version })
    : form.check(ZAddWorkRequest, { team, photos });
  if (Object.keys(teamErrors).length > 0) form.setErrors((e) => ({ ...e, ...teamErrors }));
  return checked;
}

/** The form's own page (addWork, or updateWork with the work's id), with or without its preview. */
const formPage = (editing: EditTarget | null): [ScreenPath, RouteParams] =>
  editing ? [routes.apply.updateWork, { id: editing.id }] : [routes.apply.addWork, {}];

function useSubmitWork(form: EntryForm<WorkValues>, editing: EditTarget | null, preview: boolean) {
  const returned = editing?.status === 'returned';
  return useMutation({
    mutationFn: async () => {
      const checked = checkWork(form, editing);
      if (!checked.ok) {
        // the form shows the field's problem
        if (preview) redirectTo(...formPage(editing));
        throw new ShownError(checked.first);
      }
      showLoading(t.submitting);
      await form.draft.flush();
      if (returned) return call(programmeOps.updateWork, checked.data);
      return call(programmeOps.addWork, { ...checked.data, draftId: draftIdOf('work', editing?.id) ?? editing?.id });
    },
    onSuccess: async (answer) => {
      form.draft.discard();
      showToast(t.submitSuccess);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: programmeKeys.works }),
        queryClient.invalidateQueries({ queryKey: programmeKeys.work(answer.id) }),
        queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
      ]);
      redirectTo(routes.cxb2024.workResult, { id: answer.id });
    },
    onError: toastError,
  });
}

function WorkFormView({
  editing,
  themeId,
  urls,
  preview,
}: {
  editing: EditTarget | null;
  themeId?: string;
  urls?: Record<string, string>;
  /** everything read-only, then 提交 */
  preview: boolean;
}) {
  const form = useEntryForm<WorkValues>({ kind: 'work', editing });
  const submit = useSubmitWork(form, editing, preview);
  const themes = useThemes();
  const [videoBusy, setVideoBusy] = useState(false);
  // a work sent while a photo is still on its way would go without it (the upload stops with the page)
  const [photosBusy, setPhotosBusy] = useState(false);
  const { draft, errors, text, set } = form;
  const chosenTheme = text('themeId');

  // the theme picked on the previous page wins over the one a resumed draft had
  useEffect(() => {
    if (draft.ready && themeId && chosenTheme !== themeId) set({ themeId });
    // only when the form becomes ready or another theme is picked
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.ready, themeId]);

  if (!draft.ready) return <ResultPlaceholder state="loading" />;
  const themeOptions = (themes.data ?? []).map((th) => ({ value: th.id, label: th.name }));
  const themeDesc = themes.data?.find((th) => th.id === chosenTheme)?.description;
  const video = text('video');
  const submitText = editing?.status === 'returned' ? t.submitUpdate : t.submitWork;
  const [page, params] = formPage(editing);

  if (preview) {
    const photos = asIds(draft.data.photos);
    return (
      <EntryPreview
        submitText={submitText}
        onSubmit={() => submit.mutate()}
        submitting={submit.isPending}
        onBack={() => (historyDepth() > 0 ? navigateBack(1) : redirectTo(page, params))}
      >
        <WorkDetails
          data={{ title: text('title'), description: text('description'), team: teamOf(draft.data).team, photos, ...(video ? { video } : {}) }}
          themeName={themes.data?.find((th) => th.id === chosenTheme)?.name ?? ''}
          fileUrls={urls ?? {}}
          editAt={editing ? `${routes.apply.updateWork}?id=${encodeURIComponent(editing.id)}` : routes.apply.addWork}
        />
      </EntryPreview>
    );
  }
  const toPreview = () => {
    if (!checkWork(form, editing).ok) return;
    void draft.flush();
    navigateTo(page, { ...params, preview: 1 });
  };

  return (
    <>
      <div className="qgw-p24-form">
        <FormNotice editing={editing} resumed={draft.resumed} />
        {form.autosaves && <DraftIndicator savedAt={draft.savedAt} saving={draft.saving} failed={draft.failed} />}
        <FormSection title={t.workSection}>
          <SelectInput
            label={t.theme}
            required
            value={chosenTheme}
            onChange={(v) => set({ themeId: v })}
            options={themeOptions}
            hint={themeDesc}
            error={errors.themeId}
          />
          <TextInput
            label={t.workTitle}
            required
            value={text('title')}
            onChange={(title) => set({ title })}
            placeholder={t.workTitlePlaceholder}
            maxLength={maxLengthOf(ZWorkForm.shape.title)}
            error={errors.title}
          />
          <TextAreaInput
            label={t.workDescription}
            required
            value={text('description')}
            onChange={(description) => set({ description })}
            placeholder={t.workDescriptionPlaceholder}
            maxLength={maxLengthOf(ZWorkForm.shape.description)}
            error={errors.description}
          />
        </FormSection>
        <FormSection title={t.team}>
          <TeamFields value={asTeam(draft.data.team)} onChange={(team) => set({ team })} errors={errors} />
        </FormSection>
        <FormSection title={t.materialsSection}>
          <ImageUploader
            label={t.photos}
            required
            purpose="work"
            maxCount={limits.work.maxPhotos}
            value={asIds(draft.data.photos)}
            onChange={(photos) => set({ photos })}
            urls={urls}
            error={errors.photos}
            onBusyChange={setPhotosBusy}
          />
          <VideoUploader
            label={t.video}
            value={video || undefined}
            onChange={(id) => set({ video: id ?? '' })}
            urls={urls}
            error={errors.video}
            onBusyChange={setVideoBusy}
          />
        </FormSection>
      </div>
      <FormFooter primary={p.preview} onPrimary={toPreview} disabled={videoBusy || photosBusy} />
    </>
  );
}

/** pages/apply/addWork: a new work (resuming its server-side draft), its theme from themeSelect. */
export function AddWorkScreen() {
  const [params] = useSearchParams();
  const themeId = params.get('themeId') ?? undefined;
  const preview = params.get('preview') === '1';
  return (
    <PageLayout title={preview ? p.previewTitle : t.addWorkTitle}>
      <AuthGate>
        <WorkFormView editing={null} preview={preview} {...(themeId ? { themeId } : {})} />
      </AuthGate>
    </PageLayout>
  );
}

function UpdateWork({ id, preview }: { id: string; preview: boolean }) {
  const work = useWork(id);
  if (!id) return <ErrorBlock status="empty" title={t.workNotFound} description="" />;
  if (work.isPending) return <ResultPlaceholder state="loading" />;
  if (work.isError) {
    // someone else's work (or none) reads as not found; anything else may pass on a retry
    if (work.error instanceof ApiFailure && work.error.code === Code.NOT_FOUND) {
      return <ResultPlaceholder state="empty" emptyText={t.workNotFound} />;
    }
    return <ResultPlaceholder state="error" error={work.error} onRetry={() => void work.refetch()} />;
  }
  const view = work.data;
  const mode = entryModeOf(view);
  if (mode === 'locked' || view.status === 'withdrawn') {
    return <NotEditable status={view.status} resultRoute={routes.cxb2024.workResult} params={{ id }} />;
  }
  rememberFileUrls(view.fileUrls);
  return <WorkFormView editing={editTargetOf(view)} urls={view.fileUrls} preview={preview} />;
}

/** pages/apply/updateWork?id=…: a draft continued, or a returned work corrected. */
export function UpdateWorkScreen() {
  const [params] = useSearchParams();
  const preview = params.get('preview') === '1';
  return (
    <PageLayout title={preview ? p.previewTitle : t.updateWorkTitle}>
      <AuthGate>
        <UpdateWork id={params.get('id') ?? ''} preview={preview} />
      </AuthGate>
    </PageLayout>
  );
}
