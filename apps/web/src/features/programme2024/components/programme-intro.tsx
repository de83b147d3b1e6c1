import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { resubmitPhases, routes, submitPhases } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { useCurrentStatus } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import './programme.css';

export interface IntroSection {
  title: string;
  items: readonly string[];
  ordered?: boolean;
}

/**
 * Whether the programme takes entries now (or, with `resubmit`, a returned entry back), and if not,
 * the sentence that says why.
 */
export function useApplyWindow(resubmit = false): { ready: boolean; open: boolean; reason: string } {
  const status = useCurrentStatus();
  if (!status.data) return { ready: !status.isPending, open: false, reason: status.isError ? t.loadFailed : '' };
  const open = (resubmit ? resubmitPhases : submitPhases).includes(status.data.phase);
  return { ready: true, open, reason: open ? '' : t.cannotApply(status.data.phase) };
}

/** An entry's introduction: what it is, who may apply, what to prepare; the actions stay at the bottom. */
export function ProgrammeIntro({
  title,
  heading,
  lead,
  sections,
  notice,
  actions,
}: {
  title: string;
  heading: string;
  lead: string;
  sections: readonly IntroSection[];
  /** why the user cannot go on (outside the window), shown above the sections */
  notice?: string;
  actions: ReactNode;
}) {
  return (
    <PageLayout title={title}>
      <header className="qgw-p24-intro-hero">
        <h1>{heading}</h1>
        <p>{lead}</p>
      </header>
      <div className="qgw-p24-intro-body">
        {notice && (
          <div className="qgw-p24-notice" role="note">
            <ExclamationCircleOutline aria-hidden="true" />
            <span>{notice}</span>
          </div>
        )}
        {sections.map((s) => {
          const List = s.ordered ? 'ol' : 'ul';
          return (
            <section key={s.title} className="qgw-p24-card">
              <h2>{s.title}</h2>
              <List>
                {s.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            </section>
          );
        })}
      </div>
      <div className="qgw-p24-footer">{actions}</div>
    </PageLayout>
  );
}

/** Logged out, the only action is logging in. */
export function LoginAction() {
  const loggedIn = useSession(isLoggedIn);
  if (loggedIn) return null;
  return (
    <>
      <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.login.index)}>
        {t.login}
      </Button>
      <p className="qgw-p24-footer-note">{t.loginHint}</p>
    </>
  );
}
