import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { resubmitPhases, routes, submitPhases, type RoutePath } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { currentAddress, navigateTo } from '../../../lib/navigation.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { useCurrentStatus } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import './programme.css';

export interface IntroSection {
  title: string;
  items: readonly string[];
  ordered?: boolean;
}

/** Whether entries are taken now, and if not, why; `retry` when the programme's status could not be read. */
export interface ApplyWindow {
  ready: boolean;
  open: boolean;
  reason: string;
  retry?: (() => void) | undefined;
}

/**
 * Whether the programme takes entries now (or, with `resubmit`, a returned entry back), and if not,
 * the sentence that says why.
 */
export function useApplyWindow(resubmit = false): ApplyWindow {
  const status = useCurrentStatus();
  if (!status.data) {
    // unread, the window stays shut (the server decides anyway) until 重试 reads it
    if (status.isError) return { ready: true, open: false, reason: t.loadFailed, retry: () => void status.refetch() };
    return { ready: !status.isPending, open: false, reason: '' };
  }
  const open = (resubmit ? resubmitPhases : submitPhases).includes(status.data.phase);
  return { ready: true, open, reason: open ? '' : t.cannotApply(status.data.phase) };
}

/** Why no entry can be started now, under the actions (`note`) or above a form (`notice`); with 重试 when unread. */
export function ApplyWindowNote({ applyWindow, variant = 'note' }: { applyWindow: ApplyWindow; variant?: 'note' | 'notice' }) {
  if (!applyWindow.ready || applyWindow.open || !applyWindow.reason) return null;
  const again = applyWindow.retry && (
    <Button className="qgw-p24-window-retry" size="mini" fill="none" color="primary" onClick={applyWindow.retry}>
      {t.retry}
    </Button>
  );
  if (variant === 'notice') {
    return (
      <div className="qgw-p24-notice" role="note">
        <ExclamationCircleOutline aria-hidden="true" />
        <span>{applyWindow.reason}</span>
        {again}
      </div>
    );
  }
  return (
    <p className="qgw-p24-footer-note">
      {applyWindow.reason}
      {again}
    </p>
  );
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
export function LoginAction({ returnTo }: { returnTo?: RoutePath }) {
  const loggedIn = useSession(isLoggedIn);
  if (loggedIn) return null;
  // signed in, the person lands where they were going (the form), not on the home tab
  const redirect = returnTo ?? currentAddress();
  return (
    <>
      <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.login.index, { redirect })}>
        {t.login}
      </Button>
      <p className="qgw-p24-footer-note">{t.loginHint}</p>
    </>
  );
}
