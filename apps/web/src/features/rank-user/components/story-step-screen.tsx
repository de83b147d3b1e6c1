import { useState } from 'react';
import { routes, ZRankUserForm } from '@qgw/contracts';
import { navigateBack, navigateTo } from '../../../lib/navigation.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { showToast } from '../../../lib/toast.js';
import { checkForm, type FieldErrors, FormFooter, FormSection, TextAreaInput, withoutBlanks } from '../../applications/index.js';
import type { RankUserFormState } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { RankUserFormLayout } from './form-layout.js';

const ZStory = ZRankUserForm.pick({ intro: true, achievements: true });

function StoryStep({ draft }: RankUserFormState) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const next = () => {
    const check = checkForm(ZStory, withoutBlanks({ intro: draft.data.intro, achievements: draft.data.achievements }));
    setErrors(check.errors);
    if (!check.ok) {
      showToast(check.first);
      return;
    }
    navigateTo(routes.cxbApplication.preview);
  };
  return (
    <>
      <FormSection title={t.sectionStory}>
        <TextAreaInput
          label={t.intro}
          required
          value={draft.data.intro ?? ''}
          onChange={(intro) => draft.set({ intro })}
          placeholder={t.introPlaceholder}
          maxLength={maxLengthOf(ZStory.shape.intro)}
          rows={5}
          error={errors.intro}
        />
        <TextAreaInput
          label={t.achievements}
          required
          value={draft.data.achievements ?? ''}
          onChange={(achievements) => draft.set({ achievements })}
          placeholder={t.achievementsPlaceholder}
          maxLength={maxLengthOf(ZStory.shape.achievements)}
          rows={8}
          error={errors.achievements}
        />
      </FormSection>
      <FormFooter primary={t.next} onPrimary={next} secondary={t.prev} onSecondary={() => navigateBack(1)} />
    </>
  );
}

/** pages/cxbApplication/videoInfo: step 3, the introduction and achievements. */
export function StoryStepScreen() {
  return <RankUserFormLayout step={2}>{(state) => <StoryStep {...state} />}</RankUserFormLayout>;
}
