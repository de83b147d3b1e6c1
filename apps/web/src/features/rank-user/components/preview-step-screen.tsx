import { routes } from '@qgw/contracts';
import { navigateBack } from '../../../lib/navigation.js';
import { FormFooter } from '../../applications/index.js';
import { useSendRankUser, type RankUserFormState } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { RankUserFormLayout } from './form-layout.js';
import { RankUserDetails } from './rank-user-details.js';

function PreviewStep(state: RankUserFormState) {
  const send = useSendRankUser(state);
  const { draft, existing, mode } = state;
  return (
    <>
      <p className="qgw-ru-preview-hint">{t.previewHint}</p>
      <RankUserDetails
        data={draft.data}
        fileUrls={existing?.fileUrls}
        maskId={false}
        editAt={{
          personal: routes.cxbApplication.index,
          materials: routes.cxbApplication.videoNew,
          story: routes.cxbApplication.videoInfo,
        }}
      />
      <FormFooter
        primary={mode === 'edit' ? t.submitUpdate : t.submit}
        onPrimary={() => send.mutate()}
        loading={send.isPending}
        secondary={t.prev}
        onSecondary={() => navigateBack(1)}
      />
    </>
  );
}

/** pages/cxbApplication/preview: step 4, everything read-only, then 提交 (or 提交修改 for a returned one). */
export function PreviewStepScreen() {
  return <RankUserFormLayout step={3}>{(state) => <PreviewStep {...state} />}</RankUserFormLayout>;
}
