import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { navigateTo } from '../../../lib/navigation.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { programmeStrings as t } from '../strings.js';
import { ApplyWindowNote, LoginAction, ProgrammeIntro, useApplyWindow } from './programme-intro.js';

/** pages/cxb2024/workApply: what a works entry needs, and the way into the user's works. */
export function WorkApplyScreen() {
  const loggedIn = useSession(isLoggedIn);
  const applyWindow = useApplyWindow();
  return (
    <ProgrammeIntro
      title={t.workApplyTitle}
      heading={t.workHeading}
      lead={t.workLead}
      sections={[{ title: t.workRulesHeading, items: t.workRules }]}
      actions={
        loggedIn ? (
          <>
            <div className="qgw-p24-footer-row">
              <Button className="qgw-secondary-button" block shape="rounded" onClick={() => navigateTo(routes.apply.index)}>
                {t.toMyWorks}
              </Button>
              <Button
                className="qgw-primary-button"
                color="primary"
                block
                disabled={!applyWindow.open}
                onClick={() => navigateTo(routes.apply.themeSelect)}
              >
                {t.addWork}
              </Button>
            </div>
            <ApplyWindowNote applyWindow={applyWindow} />
          </>
        ) : (
          <LoginAction />
        )
      }
    />
  );
}
