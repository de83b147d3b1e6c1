import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { navigateTo } from '../../../lib/navigation.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { entryModeOf } from '../entry-mode.js';
import { usePersonInfo } from '../hooks/use-entries.js';
import { programmeStrings as t } from '../strings.js';
import { ApplyWindowNote, LoginAction, ProgrammeIntro, useApplyWindow, type ApplyWindow } from './programme-intro.js';

function PersonActions({ applyWindow }: { applyWindow: ApplyWindow }) {
  const info = usePersonInfo();
  const person = info.data?.person ?? null;
  const mode = entryModeOf(person);
  const loading = info.isPending && info.fetchStatus !== 'idle';
  const viewProgress = (
    <Button className="qgw-secondary-button" block shape="rounded" onClick={() => navigateTo(routes.cxb2024.personResult)}>
      {t.viewProgress}
    </Button>
  );
  if (mode === 'locked') return viewProgress;
  if (mode === 'update') {
    return (
      <div className="qgw-p24-footer-row">
        {viewProgress}
        <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxb2024.information)}>
          {t.editEntry}
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button
        className="qgw-primary-button"
        color="primary"
        block
        disabled={loading || !applyWindow.open}
        onClick={() => navigateTo(routes.cxb2024.information)}
      >
        {person?.status === 'draft' ? t.continueDraft : t.startApply}
      </Button>
      <ApplyWindowNote applyWindow={applyWindow} />
    </>
  );
}

/** pages/cxb2024/personApply: the person entry's introduction and its start. */
export function PersonApplyScreen() {
  const loggedIn = useSession(isLoggedIn);
  const applyWindow = useApplyWindow();
  return (
    <ProgrammeIntro
      title={t.personApplyTitle}
      heading={t.personHeading}
      lead={t.personLead}
      sections={[
        { title: t.personConditionsHeading, items: t.personConditions },
        { title: t.personMaterialsHeading, items: t.personMaterials },
        { title: t.personStepsHeading, items: t.personSteps, ordered: true },
      ]}
      actions={loggedIn ? <PersonActions applyWindow={applyWindow} /> : <LoginAction returnTo={routes.cxb2024.information} />}
    />
  );
}
