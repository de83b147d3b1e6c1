import { createContext, useContext, useState, type FormEvent, type ReactNode } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConsoleMeResponse, ConsoleRole } from '@qgw/contracts';
import type { z } from 'zod';
import { call, type FormInput, type Operation } from '../../../lib/request.js';
import { showToast } from '../../../lib/toast.js';
import { ConsoleError, ConsolePage } from '../components/console-ui.js';
import { accessKeys, accessOps } from './api/operations.js';
import { CodeField } from './code-field.js';
import { consoleVerified, useConsoleMe } from './use-console-me.js';
import { accessStrings as t } from './strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './console-access.css';

function messageOf(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/**
 * Sends a code, checked against the contract first without the wrapper's toast: a refused code is
 * said once, under its input (a toast as well would say it twice).
 */
async function sendCode<Req extends z.ZodType, Res extends z.ZodType>(op: Operation<Req, Res>, body: FormInput<Req>): Promise<z.output<Res>> {
  const parsed = op.request.safeParse(body);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
  return call(op, body);
}

/** Not enrolled: a new secret as a QR code and text; the first code activates it. */
export function EnrolStep({ onDone }: { onDone(patch: Partial<ConsoleMeResponse>): void }) {
  const secret = useQuery({ queryKey: accessKeys.enroll, queryFn: () => call(accessOps.enroll, {}), staleTime: Infinity, gcTime: 0, retry: false });
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<{ list: string[]; expiresAt: string } | null>(null);
  const activate = useMutation({
    mutationFn: () => sendCode(accessOps.activate, { code }),
    onSuccess: (res) => setCodes({ list: res.recoveryCodes, expiresAt: res.consoleExpiresAt }),
  });
  if (codes) {
    return (
      <ConsolePage title={t.codesTitle}>
        <div className="qgw-cs-card qgw-ca-card">
          <p className="qgw-cs-intro">{t.codesHint}</p>
          <ol className="qgw-ca-codes" aria-label={t.codesTitle}>
            {codes.list.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <div className="qgw-cs-form-actions">
            <Button
              color="primary"
              onClick={() => onDone({ consoleExpiresAt: codes.expiresAt, recoveryCodesLeft: codes.list.length })}
            >
              {t.codesSaved}
            </Button>
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(codes.list.join('\n')).then(() => showToast(t.copied));
              }}
            >
              {t.copyCodes}
            </Button>
          </div>
        </div>
      </ConsolePage>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    activate.mutate();
  };
  return (
    <ConsolePage title={t.enrolTitle}>
      <form className="qgw-cs-card qgw-cs-form qgw-ca-card" onSubmit={submit} noValidate>
        <p className="qgw-cs-intro">{t.enrolHint}</p>
        {secret.isPending ? (
          <div role="status" className="qgw-ca-wait">
            <DotLoading color="primary" /> {t.preparing}
          </div>
        ) : secret.isError ? (
          <ConsoleError error={secret.error} onRetry={() => void secret.refetch()} />
        ) : (
          <div className="qgw-ca-secret">
            <img className="qgw-ca-qr" src={secret.data.qrDataUrl} alt={t.qrAlt} width={180} height={180} />
            <div>
              <div className="qgw-cs-label">{t.secretLabel}</div>
              <code className="qgw-ca-secret-text" aria-label={t.secretLabel}>
                {secret.data.secret}
              </code>
            </div>
          </div>
        )}
        <CodeField kind="totp" value={code} onChange={setCode} error={activate.isError ? messageOf(activate.error) : null} />
        <Button type="submit" color="primary" block loading={activate.isPending} disabled={!secret.isSuccess || activate.isPending}>
          {t.enable}
        </Button>
      </form>
    </ConsolePage>
  );
}

/** Enrolled but this session not verified (or its verification expired): a TOTP or a recovery code. */
export function VerifyStep({ onDone }: { onDone(patch: Partial<ConsoleMeResponse>): void }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const verify = useMutation({
    mutationFn: () => sendCode(accessOps.verify, recovery ? { recoveryCode: value } : { code: value }),
    onSuccess: (res) => {
      showToast(t.verified);
      onDone({ consoleExpiresAt: res.consoleExpiresAt, recoveryCodesLeft: res.recoveryCodesLeft });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };
  const toggle = () => {
    setRecovery(!recovery);
    setValue('');
    verify.reset();
  };
  return (
    <ConsolePage title={t.verifyTitle}>
      <form className="qgw-cs-card qgw-cs-form qgw-ca-card" onSubmit={submit} noValidate>
        <p className="qgw-cs-intro">{recovery ? t.recoveryHint : t.verifyHint}</p>
        <CodeField kind={recovery ? 'recovery' : 'totp'} value={value} onChange={setValue} error={verify.isError ? messageOf(verify.error) : null} />
        <Button type="submit" color="primary" block loading={verify.isPending} disabled={verify.isPending}>
          {t.verify}
        </Button>
        <button type="button" className="qgw-cs-text-button qgw-ca-switch" onClick={toggle}>
          {recovery ? t.useCode : t.useRecovery}
        </button>
      </form>
    </ConsolePage>
  );
}

const GateContext = createContext(false);

/**
 * Shows its children only to a reviewer or admin (of `roles`) whose session passed the TOTP step;
 * otherwise the enrolment or the TOTP step, in place, keeping the applicant session. A verification
 * that expires once the page is on show covers the page instead of replacing it, so that what was
 * typed there (scores, a comment, an article) is still in place after the code.
 */
export function ConsoleAccessGate({ roles = ['reviewer', 'admin'], children }: { roles?: readonly ConsoleRole[]; children: ReactNode }) {
  const me = useConsoleMe();
  // a gate inside another (a page's own roles within the console's layout) leaves the second factor
  // to the outer one, which covers the whole page
  const nested = useContext(GateContext);
  // whether the page has been on show (state kept from earlier renders, set as it is first shown)
  const [shown, setShown] = useState(false);
  if (!shown && me.data?.mfaEnrolled && me.data.mfaVerified) setShown(true);
  if (me.isPending) {
    return (
      <div className="qgw-cs-gate" role="status">
        <DotLoading color="primary" />
        <span>{t.checking}</span>
      </div>
    );
  }
  if (me.isError) return <ConsoleError error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data.roles.some((r) => (roles as readonly string[]).includes(r))) {
    return (
      <div className="qgw-cs-gate" role="alert">
        <ErrorBlock status="default" title={t.forbiddenTitle} description={t.forbiddenHint} />
      </div>
    );
  }
  if (nested) return <>{children}</>;
  if (!me.data.mfaEnrolled) return <EnrolStep onDone={consoleVerified} />;
  const covered = !me.data.mfaVerified;
  if (covered && !shown) return <VerifyStep onDone={consoleVerified} />;
  // the page keeps its place in the tree (and its state) whether covered or not
  return (
    <>
      <div className="qgw-cs-gated" style={{ display: covered ? 'none' : 'contents' }} inert={covered} aria-hidden={covered || undefined}>
        <GateContext.Provider value>{children}</GateContext.Provider>
      </div>
      {covered && <VerifyStep onDone={consoleVerified} />}
    </>
  );
}
