import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  industryOptions,
  isValidUscc,
  routes,
  ZApplyCompanyRequest,
  ZCompanyForm,
  ZUpdateApplyCompanyRequest,
  type CompanyForm,
  type PrefillFields,
} from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { historyDepth, navigateBack, navigateTo, redirectTo } from '../../../lib/navigation.js';
import { fixedLengths, maxLengthOf } from '../../../lib/schema-limits.js';
import { showLoading, showToast, ShownError, toastError } from '../../../lib/toast.js';
import {
  ContactPhoneInput,
  DraftIndicator,
  FormFooter,
  FormSection,
  ImageUploader,
  rememberFileUrls,
  SelectInput,
  StartingAnswersNotice,
  TextAreaInput,
  TextInput,
} from '../../applications/index.js';
import { programmeOps } from '../api/operations.js';
import { draftIdOf } from '../draft-id.js';
import { entryModeOf } from '../entry-mode.js';
import { useCompanyInfo } from '../hooks/use-entries.js';
import { editTargetOf, useEntryForm, withdrawnAnswersOf, type EditTarget, type EntryForm } from '../hooks/use-entry-form.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import { previewStrings as p } from '../preview-strings.js';
import { CompanyDetails, EntryPreview } from './entry-details.js';
import { FormNotice, NotEditable, ResultPlaceholder } from './entry-result.js';
import { ApplyWindowNote, useApplyWindow } from './programme-intro.js';
import './programme.css';

/** The fields in the order the page shows them. */
const companyOrder = [
  'companyName', 'uscc', 'legalRepresentative', 'industry', 'address', 'contactName', 'contactMobile', 'description', 'license',
] as const;

type CompanyValues = Partial<Record<keyof CompanyForm, string>>;

/** The person's details a company entry asks for: they are its contact. */
const companyFieldsOf = (f: PrefillFields): CompanyValues => ({ contactName: f.name, contactMobile: f.contactMobile });

const checkWhole = (form: EntryForm<CompanyValues>, editing: EditTarget | null) =>
  editing ? form.check(ZUpdateApplyCompanyRequest, { id: editing.id, version: editing.version }) : form.check(ZApplyCompanyRequest);

function useSubmitCompany(form: EntryForm<CompanyValues>, editing: EditTarget | null, preview: boolean) {
  return useMutation({
    mutationFn: async () => {
      const checked = checkWhole(form, editing);
      if (!checked.ok) {
        // the form shows the field's problem
        if (preview) redirectTo(routes.cxb2024.companyApply);
        throw new ShownError(checked.first);
      }
      showLoading(t.submitting);
      await form.draft.flush();
      if (editing) return call(programmeOps.updateApplyCompany, checked.data);
      return call(programmeOps.applyCompany, { ...checked.data, draftId: draftIdOf('company') });
    },
    onSuccess: async () => {
      form.draft.discard();
      showToast(t.submitSuccess);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: programmeKeys.company }),
        queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
      ]);
      redirectTo(routes.cxb2024.companyResult);
    },
    onError: toastError,
  });
}

function usccHint(code: string) {
  if (code.trim().length < fixedLengths.uscc) return undefined;
  return isValidUscc(code) ? <span className="qgw-p24-field-ok">{t.usccValid}</span> : undefined;
}

function CompanyFormView({
  editing,
  prefill,
  preview,
}: {
  editing: EditTarget | null;
  prefill: Record<string, unknown> | null;
  /** everything read-only, then 提交 */
  preview: boolean;
}) {
  const form = useEntryForm<CompanyValues>({
    kind: 'company',
    editing,
    prefill,
    fieldsOf: companyFieldsOf,
    missing: { license: t.licenseMissing },
    order: companyOrder,
  });
  const submit = useSubmitCompany(form, editing, preview);
  // a returned entry may be corrected during review too; a new one only while entries are taken
  const applyWindow = useApplyWindow(editing?.status === 'returned');
  const { draft, errors, text, set } = form;
  if (!draft.ready || form.start.pending) return <ResultPlaceholder state="loading" />;
  const uscc = text('uscc');
  const license = text('license');
  const closed = applyWindow.ready && !applyWindow.open;
  if (preview) {
    return (
      <EntryPreview
        submitText={editing ? t.submitUpdate : t.submitCompany}
        onSubmit={() => submit.mutate()}
        submitting={submit.isPending}
        onBack={() => (historyDepth() > 0 ? navigateBack(1) : redirectTo(routes.cxb2024.companyApply))}
      >
        <CompanyDetails data={draft.data} editAt={routes.cxb2024.companyApply} />
      </EntryPreview>
    );
  }
  const toPreview = () => {
    if (!checkWhole(form, editing).ok) return;
    void draft.flush();
    navigateTo(routes.cxb2024.companyApply, { preview: 1 });
  };

  return (
    <>
      <header className="qgw-p24-intro-hero qgw-p24-intro-compact">
        <h1>{t.companyHeading}</h1>
        <p>{t.companyLead}</p>
      </header>
      <div className="qgw-p24-form qgw-p24-form-raised">
        <ApplyWindowNote applyWindow={applyWindow} variant="notice" />
        <FormNotice editing={editing} resumed={draft.resumed} />
        <StartingAnswersNotice start={form.start} />
        {form.autosaves && <DraftIndicator savedAt={draft.savedAt} saving={draft.saving} failed={draft.failed} />}
        <FormSection title={t.companySection}>
          <TextInput
            label={t.companyName}
            required
            value={text('companyName')}
            onChange={(companyName) => set({ companyName })}
            placeholder={t.companyNamePlaceholder}
            maxLength={maxLengthOf(ZCompanyForm.shape.companyName)}
            autoComplete="organization"
            error={errors.companyName}
          />
          <TextInput
            label={t.uscc}
            required
            value={uscc}
            onChange={(v) => set({ uscc: v.toUpperCase() })}
            placeholder={t.usccPlaceholder}
            maxLength={fixedLengths.uscc}
            autoComplete="off"
            error={errors.uscc ?? (uscc.trim().length === fixedLengths.uscc && !isValidUscc(uscc) ? t.usccInvalid : undefined)}
            hint={usccHint(uscc)}
          />
          <TextInput
            label={t.legalRepresentative}
            required
            value={text('legalRepresentative')}
            onChange={(legalRepresentative) => set({ legalRepresentative })}
            maxLength={maxLengthOf(ZCompanyForm.shape.legalRepresentative)}
            error={errors.legalRepresentative}
          />
          <SelectInput
            label={t.industry}
            required
            value={text('industry')}
            onChange={(industry) => set({ industry })}
            options={industryOptions}
            error={errors.industry}
          />
          <TextInput
            label={t.address}
            required
            value={text('address')}
            onChange={(address) => set({ address })}
            placeholder={t.addressPlaceholder}
            maxLength={maxLengthOf(ZCompanyForm.shape.address)}
            autoComplete="street-address"
            error={errors.address}
          />
        </FormSection>
        <FormSection title={t.contactSection}>
          <TextInput
            label={t.contactName}
            required
            value={text('contactName')}
            onChange={(contactName) => set({ contactName })}
            maxLength={maxLengthOf(ZCompanyForm.shape.contactName)}
            autoComplete="name"
            error={errors.contactName}
          />
          <ContactPhoneInput
            label={t.contactMobile}
            required
            value={text('contactMobile')}
            onChange={(contactMobile) => set({ contactMobile })}
            error={errors.contactMobile}
          />
        </FormSection>
        <FormSection title={t.materialsSection}>
          <TextAreaInput
            label={t.companyDescription}
            required
            value={text('description')}
            onChange={(description) => set({ description })}
            placeholder={t.companyDescriptionPlaceholder}
            maxLength={maxLengthOf(ZCompanyForm.shape.description)}
            error={errors.description}
          />
          <ImageUploader
            label={t.license}
            required
            purpose="license"
            value={license ? [license] : []}
            onChange={(ids) => set({ license: ids[0] ?? '' })}
            error={errors.license}
          />
        </FormSection>
      </div>
      <FormFooter
        primary={p.preview}
        onPrimary={toPreview}
        disabled={closed}
      />
    </>
  );
}

function CompanyLoader({ preview }: { preview: boolean }) {
  const info = useCompanyInfo();
  if (info.isPending && info.fetchStatus !== 'idle') return <ResultPlaceholder state="loading" />;
  // without the saved entry the form would open blank (or over one under review): say so, offer 重试
  if (info.isError) return <ResultPlaceholder state="error" error={info.error} onRetry={() => void info.refetch()} />;
  const company = info.data?.company ?? null;
  const mode = entryModeOf(company);
  if (company && mode === 'locked') return <NotEditable status={company.status} resultRoute={routes.cxb2024.companyResult} />;
  if (company) rememberFileUrls(company.fileUrls);
  const editing = mode === 'update' ? editTargetOf(company) : null;
  return <CompanyFormView editing={editing} prefill={withdrawnAnswersOf(company)} preview={preview} />;
}

/** pages/cxb2024/companyApply: the company entry (one page), or its correction when returned. */
export function CompanyApplyScreen() {
  const [params] = useSearchParams();
  const preview = params.get('preview') === '1';
  return (
    <PageLayout title={preview ? p.previewTitle : t.companyApplyTitle}>
      <AuthGate>
        <CompanyLoader preview={preview} />
      </AuthGate>
    </PageLayout>
  );
}
