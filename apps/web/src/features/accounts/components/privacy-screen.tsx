import { useState, type FormEvent } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { limits, maskMobile } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { useSession } from '../../../stores/session.js';
import { codePointsInputMax } from '../../../lib/schema-limits.js';
import { useCloseAccount, useExportMyData } from '../hooks/use-account-rights.js';
import { useSmsCode } from '../hooks/use-sms-code.js';
import { accountRightsStrings as r, accountStrings as t } from '../strings.js';
import { SmsCodeField } from './sms-code-field.js';
import './accounts.css';
import './privacy-screen.css';

type Method = 'password' | 'sms';

function ExportSection() {
  const exporting = useExportMyData();
  return (
    <section className="qgw-rights-card" aria-labelledby="qgw-rights-export">
      <h2 id="qgw-rights-export" className="qgw-rights-heading">
        {r.exportHeading}
      </h2>
      <p className="qgw-rights-text">{r.exportBody}</p>
      <Button className="qgw-primary-button" color="primary" block disabled={exporting.isPending} onClick={() => exporting.mutate()}>
        {r.exportButton}
      </Button>
    </section>
  );
}

function CloseForm() {
  const mobile = useSession((s) => s.mobile);
  const [method, setMethod] = useState<Method>('password');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const close = useCloseAccount();
  // the code goes to the account's own mobile
  const sms = useSmsCode('closeAccount');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (close.isPending) return;
    const form = method === 'password' ? { password } : { smsCode };
    const sure = await Dialog.confirm({ content: r.closeConfirm, confirmText: r.closeButton, cancelText: t.cancel });
    if (sure) close.mutate(form);
  };

  const choice = (which: Method, label: string) => (
    <button type="button" role="radio" aria-checked={method === which} className="qgw-rights-choice" onClick={() => setMethod(which)}>
      {label}
    </button>
  );

  return (
    <form className="qgw-settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="qgw-rights-choices" role="radiogroup" aria-label={r.confirmWith}>
        {choice('password', r.byPassword)}
        {choice('sms', r.bySms)}
      </div>
      <FieldGroup>
        {method === 'password' ? (
          <TextField
            label={t.currentPassword}
            type="password"
            value={password}
            onChange={setPassword}
            maxLength={codePointsInputMax(limits.password.max)}
            placeholder={t.passwordPlaceholder}
            autoComplete="current-password"
          />
        ) : (
          <>
            {mobile && <p className="qgw-settings-current">{t.phoneCurrent(maskMobile(mobile))}</p>}
            <SmsCodeField value={smsCode} onChange={setSmsCode} onSend={() => void sms.send(mobile)} secondsLeft={sms.secondsLeft} sending={sms.sending} />
          </>
        )}
      </FieldGroup>
      <Button className="qgw-settings-submit" type="submit" color="danger" block disabled={close.isPending}>
        {r.closeButton}
      </Button>
    </form>
  );
}

function CloseSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className="qgw-rights-card" aria-labelledby="qgw-rights-close">
      <h2 id="qgw-rights-close" className="qgw-rights-heading">
        {r.closeHeading}
      </h2>
      <ul className="qgw-rights-list">
        {r.closeConsequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {open ? (
        <CloseForm />
      ) : (
        <Button block color="danger" fill="outline" onClick={() => setOpen(true)}>
          {r.closeStart}
        </Button>
      )}
    </section>
  );
}

/** 我的 → 账号与隐私: 下载我的数据 and 注销账号 (docs/security.md "Data export and account closing"). */
export function PrivacyScreen() {
  return (
    <PageLayout title={r.title}>
      <AuthGate>
        <div className="qgw-rights">
          <ExportSection />
          <CloseSection />
        </div>
      </AuthGate>
    </PageLayout>
  );
}
