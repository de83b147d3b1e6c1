import { useState } from 'react';
import { routes, ZRankUserForm } from '@qgw/contracts';
import { navigateBack, navigateTo } from '../../../lib/navigation.js';
import { showToast } from '../../../lib/toast.js';
import {
  checkForm,
  type FieldErrors,
  FormFooter,
  FormSection,
  ImageUploader,
  VideoUploader,
  withoutBlanks,
} from '../../applications/index.js';
import type { RankUserFormState } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { RankUserFormLayout } from './form-layout.js';

const ZMaterials = ZRankUserForm.pick({ photo: true, video: true });
export const missingFiles = { photo: t.photoMissing, video: t.videoMissing };

function MaterialsStep({ draft, existing }: RankUserFormState) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [videoBusy, setVideoBusy] = useState(false);
  const urls = existing?.fileUrls;
  const next = () => {
    if (videoBusy) {
      showToast(t.videoBusy);
      return;
    }
    const check = checkForm(ZMaterials, withoutBlanks({ photo: draft.data.photo, video: draft.data.video }), missingFiles);
    setErrors(check.errors);
    if (!check.ok) {
      showToast(check.first);
      return;
    }
    navigateTo(routes.cxbApplication.videoInfo);
  };
  return (
    <>
      <FormSection title={t.sectionMaterials}>
        <ImageUploader
          label={t.photo}
          required
          purpose="photo"
          maxCount={1}
          value={draft.data.photo ? [draft.data.photo] : []}
          onChange={(ids) => {
            draft.set({ photo: ids[0] });
            setErrors((e) => ({ ...e, photo: '' }));
          }}
          urls={urls}
          error={errors.photo || undefined}
        />
        <VideoUploader
          label={t.video}
          required
          value={draft.data.video}
          onChange={(video) => {
            draft.set({ video });
            setErrors((e) => ({ ...e, video: '' }));
          }}
          urls={urls}
          onBusyChange={setVideoBusy}
          error={errors.video || undefined}
        />
      </FormSection>
      <FormFooter primary={t.next} onPrimary={next} secondary={t.prev} onSecondary={() => navigateBack(1)} />
    </>
  );
}

/** pages/cxbApplication/videoNew: step 2, the photo and the introduction video. */
export function MaterialsStepScreen() {
  return <RankUserFormLayout step={1}>{(state) => <MaterialsStep {...state} />}</RankUserFormLayout>;
}
