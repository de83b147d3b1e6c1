import { useEffect, useState } from 'react';
import { agreeingWithIdNumber, routes, ZPersonalInfo } from '@qgw/contracts';
import { navigateTo } from '../../../lib/navigation.js';
import { showToast } from '../../../lib/toast.js';
import {
  ageProblemOf,
  checkForm,
  type FieldErrors,
  forgetHandedOverFieldErrors,
  FormFooter,
  handedOverFieldErrors,
  FormSection,
  PersonalInfoFields,
  type PersonalInfoValue,
  useAgeRange,
  withoutBlanks,
} from '../../applications/index.js';
import type { RankUserFormState } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { useNoticeAgreed } from '../hooks/use-notice-agreed.js';
import { RankUserFormLayout } from './form-layout.js';
import { NoticeInline } from './notice-inline.js';

/** The step's fields, their birth date and gender the ones the ID number carries (as submitting checks). */
const ZPersonalStep = agreeingWithIdNumber(ZPersonalInfo);

function PersonalStep({ draft, mode }: RankUserFormState) {
  // a birth date or gender refused on sending is shown at once
  const [errors, setErrors] = useState<FieldErrors>(() => handedOverFieldErrors('rank_user'));
  useEffect(() => forgetHandedOverFieldErrors('rank_user'), []);
  const agreed = useNoticeAgreed((s) => s.agreed);
  // a new application agrees to the notice here; a resumed draft or a returned one has done so before
  const asksNotice = mode === 'new' && !draft.resumed;
  // the programme's age range: the ID number is checked against it as it is typed, and before going on
  const ageRange = useAgeRange();
  const change = (patch: PersonalInfoValue) => {
    draft.set(patch);
    // a corrected field stops showing its old problem
    const fixed = Object.keys(patch);
    if (fixed.some((k) => errors[k])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fixed.includes(k))));
  };
  const next = () => {
    if (asksNotice && !agreed) {
      showToast(t.noticeAgreeRequired);
      return;
    }
    const check = checkForm(ZPersonalStep, withoutBlanks(draft.data));
    setErrors(check.errors);
    if (!check.ok) {
      showToast(check.first);
      return;
    }
    const tooYoungOrOld = ageProblemOf(draft.data.idNumber, ageRange);
    if (tooYoungOrOld) {
      showToast(tooYoungOrOld);
      return;
    }
    navigateTo(routes.cxbApplication.videoNew);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      {asksNotice && <NoticeInline />}
      <FormSection title={t.sectionPersonal}>
        <PersonalInfoFields value={draft.data} onChange={change} errors={errors} ageRange={ageRange} />
      </FormSection>
      <FormFooter primary={t.next} onPrimary={next} />
    </form>
  );
}

/** pages/cxbApplication/index: step 1, personal information (autosaved). */
export function PersonalStepScreen() {
  return <RankUserFormLayout step={0}>{(state) => <PersonalStep {...state} />}</RankUserFormLayout>;
}
