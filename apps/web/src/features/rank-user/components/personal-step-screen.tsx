import { useState } from 'react';
import { routes, ZPersonalInfo } from '@qgw/contracts';
import { navigateTo } from '../../../lib/navigation.js';
import { showToast } from '../../../lib/toast.js';
import {
  checkForm,
  type FieldErrors,
  FormFooter,
  FormSection,
  PersonalInfoFields,
  type PersonalInfoValue,
  withoutBlanks,
} from '../../applications/index.js';
import type { RankUserFormState } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { RankUserFormLayout } from './form-layout.js';

function PersonalStep({ draft }: RankUserFormState) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (patch: PersonalInfoValue) => {
    draft.set(patch);
    // a corrected field stops showing its old problem
    const fixed = Object.keys(patch);
    if (fixed.some((k) => errors[k])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fixed.includes(k))));
  };
  const next = () => {
    const check = checkForm(ZPersonalInfo, withoutBlanks(draft.data));
    setErrors(check.errors);
    if (!check.ok) {
      showToast(check.first);
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
      <FormSection title={t.sectionPersonal}>
        <PersonalInfoFields value={draft.data} onChange={change} errors={errors} />
      </FormSection>
      <FormFooter primary={t.next} onPrimary={next} />
    </form>
  );
}

/** pages/cxbApplication/index: step 1, personal information (autosaved). */
export function PersonalStepScreen() {
  return <RankUserFormLayout step={0}>{(state) => <PersonalStep {...state} />}</RankUserFormLayout>;
}
