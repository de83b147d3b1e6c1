import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  agreeingWithIdNumber,
  routes,
  ZApplyPersonRequest,
  ZPersonForm,
  ZUpdateApplyPersonRequest,
} from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { historyDepth, navigateBack, navigateTo, redirectTo } from '../../../lib/navigation.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { showLoading, showToast, ShownError, toastError } from '../../../lib/toast.js';
import {
  ageProblemOf,
  basicKeys,
  DraftIndicator,
  fieldErrorsOfRefusal,
  FormFooter,
  handOverFieldErrors,
  FormSection,
  FormSteps,
  ImageUploader,
  PersonalInfoFields,
  type PersonalInfoValue,
  personalFieldsOf,
  rememberFileUrls,
  StartingAnswersNotice,
  TextAreaInput,
  useAgeRange,
  workInfoKeys,
} from '../../applications/index.js';
import { programmeOps } from '../api/operations.js';
import { entryModeOf } from '../entry-mode.js';
import { draftIdOf } from '../draft-id.js';
import { usePersonInfo } from '../hooks/use-entries.js';
import { editTargetOf, useEntryForm, withdrawnAnswersOf, type EditTarget, type EntryForm } from '../hooks/use-entry-form.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import { previewStrings as p } from '../preview-strings.js';
import { EntryPreview, PersonDetails } from './entry-details.js';
import { FormNotice, NotEditable, ResultPlaceholder } from './entry-result.js';
import './programme.css';

export type PersonStep = 0 | 1 | 2;

const stepRoutes = [routes.cxb2024.information, routes.cxb2024.information1, routes.cxb2024.information2] as const;
const stepTitles = [t.informationTitle, t.information1Title, t.information2Title] as const;
/** the three steps and the preview */
const formSteps = [...t.personSteps, p.previewTitle];

/** What each step checks before the next one opens: the contract's own field rules. */
const stepSchemas = [
  agreeingWithIdNumber(ZPersonForm.pick({ name: true, gender: true, birthDate: true, idNumber: true, politicalStatus: true, education: true })),
  ZPersonForm.pick({ organization: true, position: true, region: true, contactMobile: true, email: true }),
] as const;

type PersonValues = PersonalInfoValue & { photo?: string; resume?: string; achievements?: string };


/** Every field in the order the three steps show them. */
const personOrder = [...basicKeys, ...workInfoKeys, 'photo', 'resume', 'achievements'] as const;

const stepOfField = (key: string): PersonStep =>
  (basicKeys as readonly string[]).includes(key) ? 0 : (workInfoKeys as readonly string[]).includes(key) ? 1 : 2;

/** Opens another step: back through history when the user came that way, otherwise in place. */
function goToStep(from: PersonStep, to: PersonStep) {
  if (to > from) navigateTo(stepRoutes[to]);
  else if (historyDepth() >= from - to) navigateBack(from - to);
  else redirectTo(stepRoutes[to]);
}

/** The whole entry checked with the contract; a problem on an earlier step opens that step, where the field shows it. */
function checkWhole(form: EntryForm<PersonValues>, editing: EditTarget | null, step: PersonStep, preview: boolean) {
  const checked = editing
    ? form.check(ZUpdateApplyPersonRequest, { id: editing.id, version: editing.version })
    : form.check(ZApplyPersonRequest);
  if (!checked.ok) {
    const target = stepOfField(personOrder.find((k) => k in checked.errors) ?? '');
    // the step that opens shows the problems under its fields
    if (preview || target !== step) handOverFieldErrors('person', checked.errors);
    if (preview) redirectTo(stepRoutes[target]);
    else if (target !== step) goToStep(step, target);
  }
  return checked;
}

function useSubmitPerson(form: EntryForm<PersonValues>, editing: EditTarget | null, step: PersonStep, preview: boolean) {
  return useMutation({
    mutationFn: async () => {
      const checked = checkWhole(form, editing, step, preview);
      if (!checked.ok) throw new ShownError(checked.first);
      const input = checked.data;
      showLoading(t.submitting);
      // the last keystrokes reach the draft first, so that submitting promotes the whole of it
      await form.draft.flush();
      if (editing) return call(programmeOps.updateApplyPerson, input);
      return call(programmeOps.applyPerson, { ...input, draftId: draftIdOf('person') });
    },
    onSuccess: async () => {
      form.draft.discard();
      showToast(t.submitSuccess);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: programmeKeys.person }),
        queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
      ]);
      redirectTo(routes.cxb2024.personResult);
    },
    onError: (error) => {
      toastError(error);
      // a field the server refused is shown under it, on the step that asks for it
      const fields = fieldErrorsOfRefusal(error);
      if (!fields) return;
      const target = stepOfField(Object.keys(fields)[0]!);
      if (preview || target !== step) handOverFieldErrors('person', fields);
      else form.setErrors((e) => ({ ...e, ...fields }));
      if (preview) redirectTo(stepRoutes[target]);
      else if (target !== step) goToStep(step, target);
    },
  });
}

function PersonStepForm({
  step,
  editing,
  prefill,
  preview,
}: {
  step: PersonStep;
  editing: EditTarget | null;
  prefill: Record<string, unknown> | null;
  /** the last step's preview: everything read-only, then 提交 */
  preview: boolean;
}) {
  const form = useEntryForm<PersonValues>({
    kind: 'person',
    editing,
    prefill,
    fieldsOf: personalFieldsOf,
    missing: { photo: t.photoMissing },
    order: personOrder,
  });
  const submit = useSubmitPerson(form, editing, step, preview);
  // the programme's age range: the ID number is checked against it as it is typed, and before going on
  const ageRange = useAgeRange();
  const { draft, errors, text, set } = form;
  if (!draft.ready || form.start.pending) return <ResultPlaceholder state="loading" />;
  if (preview) {
    return (
      <>
        <FormSteps steps={formSteps} current={3} />
        <EntryPreview
          submitText={editing ? t.submitUpdate : t.submit}
          onSubmit={() => submit.mutate()}
          submitting={submit.isPending}
          onBack={() => (historyDepth() > 0 ? navigateBack(1) : redirectTo(stepRoutes[2]))}
        >
          <PersonDetails data={draft.data} maskId={false} editAt={stepRoutes} />
        </EntryPreview>
      </>
    );
  }
  // every step checked, the entry is shown whole before it is sent
  const toPreview = () => {
    if (!checkWhole(form, editing, step, false).ok) return;
    void draft.flush();
    navigateTo(stepRoutes[2], { preview: 1 });
  };

  const next = () => {
    const schema = stepSchemas[step as 0 | 1];
    if (!form.check(schema).ok) return;
    const tooYoungOrOld = step === 0 ? ageProblemOf(draft.data.idNumber, ageRange) : null;
    if (tooYoungOrOld) {
      showToast(tooYoungOrOld);
      return;
    }
    void draft.flush();
    goToStep(step, (step + 1) as PersonStep);
  };
  const photo = text('photo');

  return (
    <>
      <FormSteps steps={formSteps} current={step} />
      <div className="qgw-p24-form">
        {step === 0 && <FormNotice editing={editing} resumed={draft.resumed} />}
        {step === 0 && <StartingAnswersNotice start={form.start} />}
        {form.autosaves && <DraftIndicator savedAt={draft.savedAt} saving={draft.saving} failed={draft.failed} />}
        {step === 0 && (
          <FormSection title={t.personSteps[0]}>
            <PersonalInfoFields value={draft.data} onChange={set} errors={errors} omit={workInfoKeys} ageRange={ageRange} />
          </FormSection>
        )}
        {step === 1 && (
          <FormSection title={t.personSteps[1]}>
            <PersonalInfoFields value={draft.data} onChange={set} errors={errors} omit={basicKeys} />
          </FormSection>
        )}
        {step === 2 && (
          <FormSection title={t.personSteps[2]}>
            <ImageUploader
              label={t.photo}
              required
              purpose="photo"
              value={photo ? [photo] : []}
              onChange={(ids) => set({ photo: ids[0] ?? '' })}
              error={errors.photo}
            />
            <TextAreaInput
              label={t.resume}
              required
              value={text('resume')}
              onChange={(resume) => set({ resume })}
              placeholder={t.resumePlaceholder}
              maxLength={maxLengthOf(ZPersonForm.shape.resume)}
              error={errors.resume}
            />
            <TextAreaInput
              label={t.achievements}
              required
              value={text('achievements')}
              onChange={(achievements) => set({ achievements })}
              placeholder={t.achievementsPlaceholder}
              maxLength={maxLengthOf(ZPersonForm.shape.achievements)}
              error={errors.achievements}
            />
          </FormSection>
        )}
      </div>
      <FormFooter
        primary={step < 2 ? t.next : p.preview}
        onPrimary={() => (step < 2 ? next() : toPreview())}
        loading={submit.isPending}
        {...(step > 0 ? { secondary: t.previous, onSecondary: () => goToStep(step, (step - 1) as PersonStep) } : {})}
      />
    </>
  );
}

function PersonStepLoader({ step, preview }: { step: PersonStep; preview: boolean }) {
  const info = usePersonInfo();
  if (info.isPending && info.fetchStatus !== 'idle') return <ResultPlaceholder state="loading" />;
  // without the saved entry the form would open blank (or over one under review): say so, offer 重试
  if (info.isError) return <ResultPlaceholder state="error" error={info.error} onRetry={() => void info.refetch()} />;
  const person = info.data?.person ?? null;
  const mode = entryModeOf(person);
  if (person && mode === 'locked') return <NotEditable status={person.status} resultRoute={routes.cxb2024.personResult} />;
  if (person) rememberFileUrls(person.fileUrls);
  const editing = mode === 'update' ? editTargetOf(person) : null;
  return <PersonStepForm step={step} editing={editing} prefill={withdrawnAnswersOf(person)} preview={preview} />;
}

/** pages/cxb2024/information, information1, information2: the person entry in three steps. */
export function PersonStepScreen({ step }: { step: PersonStep }) {
  const [params] = useSearchParams();
  const preview = step === 2 && params.get('preview') === '1';
  return (
    <PageLayout title={preview ? p.previewTitle : stepTitles[step]}>
      <AuthGate>
        <PersonStepLoader step={step} preview={preview} />
      </AuthGate>
    </PageLayout>
  );
}
