import { useState } from 'react';
import { routes, ZMemberForm } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import {
  basicKeys,
  DraftIndicator,
  FormFooter,
  FormSection,
  ImageUploader,
  PersonalInfoFields,
  personalFieldsOf,
  rememberFileUrls,
  StartingAnswersNotice,
  TextAreaInput,
  workInfoKeys,
} from '../../applications/index.js';
import {
  type EditTarget,
  editTargetOf,
  entryModeOf,
  FormNotice,
  NotEditable,
  ResultPlaceholder,
  useEntryForm,
} from '../../programme2024/index.js';
import { useMemberInfo, useSubmitMember, type MemberValues } from '../hooks/use-member.js';
import { memberStrings as t } from '../strings.js';
import { SubdivisionSelect } from './subdivision-select.js';

function MemberFormView({ editing, urls }: { editing: EditTarget | null; urls?: Record<string, string> }) {
  const form = useEntryForm<MemberValues>({
    kind: 'membership',
    editing,
    fieldsOf: personalFieldsOf,
    missing: { photo: t.photoMissing },
    order: [...basicKeys, ...workInfoKeys, 'subdivision', 'reason', 'photo'],
  });
  const [failure, setFailure] = useState('');
  const submit = useSubmitMember(form, editing, setFailure);
  const { draft, errors, text, set } = form;
  if (!draft.ready || form.start.pending) return <ResultPlaceholder state="loading" />;
  const photo = text('photo');
  const update = editing?.status === 'returned';

  return (
    <>
      <div className="qgw-p24-form qgw-p24-form-raised">
        <FormNotice editing={editing} resumed={draft.resumed} />
        <StartingAnswersNotice start={form.start} />
        {form.autosaves && <DraftIndicator savedAt={draft.savedAt} saving={draft.saving} failed={draft.failed} />}
        <FormSection title={t.personalSection}>
          <PersonalInfoFields value={draft.data} onChange={set} errors={errors} omit={workInfoKeys} />
        </FormSection>
        <FormSection title={t.workSection}>
          <PersonalInfoFields value={draft.data} onChange={set} errors={errors} omit={basicKeys} />
        </FormSection>
        <FormSection title={t.memberSection}>
          <SubdivisionSelect value={text('subdivision')} onChange={(subdivision) => set({ subdivision })} error={errors.subdivision} />
          <TextAreaInput
            label={t.reason}
            required
            value={text('reason')}
            onChange={(reason) => set({ reason })}
            placeholder={t.reasonPlaceholder}
            maxLength={maxLengthOf(ZMemberForm.shape.reason)}
            error={errors.reason}
          />
          <ImageUploader
            label={t.photo}
            required
            purpose="photo"
            value={photo ? [photo] : []}
            onChange={(ids) => set({ photo: ids[0] ?? '' })}
            urls={urls}
            error={errors.photo}
          />
        </FormSection>
        {failure && (
          <p className="qgw-p24-failure" role="alert">
            {t.submitFailed}，{t.failureDetail(failure)}
          </p>
        )}
      </div>
      <FormFooter
        primary={update ? t.submitUpdate : t.submit}
        onPrimary={() => submit.mutate()}
        loading={submit.isPending}
      />
    </>
  );
}

function MemberFormLoader() {
  const info = useMemberInfo();
  if (info.isPending && info.fetchStatus !== 'idle') return <ResultPlaceholder state="loading" />;
  // without the saved entry the form would open blank (or over one under review): say so, offer 重试
  if (info.isError) return <ResultPlaceholder state="error" error={info.error} onRetry={() => void info.refetch()} />;
  const member = info.data?.member ?? null;
  const mode = entryModeOf(member);
  if (member && mode === 'locked') return <NotEditable status={member.status} resultRoute={routes.member.detail} />;
  if (member) rememberFileUrls(member.fileUrls);
  return <MemberFormView editing={mode === 'update' ? editTargetOf(member) : null} urls={member?.fileUrls} />;
}

/**
 * pages/member/index: the membership application form, or its correction when returned. The heading
 * and its lead are drawn with the screen, before the application, draft and prefill have arrived:
 * on a slow phone they are what the person reads first (the page's largest paint), and they say
 * what the page is for while the form loads or when it asks the person to sign in.
 */
export function MemberFormScreen() {
  return (
    <PageLayout title={t.formTitle}>
      <header className="qgw-p24-intro-hero qgw-p24-intro-compact">
        <h1>{t.heading}</h1>
        <p>{t.lead}</p>
      </header>
      <AuthGate>
        <MemberFormLoader />
      </AuthGate>
    </PageLayout>
  );
}
