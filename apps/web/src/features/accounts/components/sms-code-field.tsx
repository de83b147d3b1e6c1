import { useId } from 'react';
import { Button } from 'antd-mobile';
import { Input } from '../../../components/ui/input.js';
import { smsPolicy } from '@qgw/contracts';
import { accountStrings as t } from '../strings.js';

interface SmsCodeFieldProps {
  value: string;
  onChange(value: string): void;
  /** 获取验证码 pressed */
  onSend(): void;
  /** seconds before another code may be asked for; 0 = now */
  secondsLeft: number;
  sending: boolean;
}

/** 验证码: the code's input with 获取验证码 beside it, which counts down after a send. */
export function SmsCodeField({ value, onChange, onSend, secondsLeft, sending }: SmsCodeFieldProps) {
  const id = useId();
  return (
    <div className="qgw-field">
      <label className="qgw-field-label" htmlFor={id}>
        {t.smsCode}
      </label>
      <div className="qgw-field-control qgw-sms-control">
        <Input
          id={id}
          value={value}
          onChange={onChange}
          placeholder={t.smsCodePlaceholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={smsPolicy.codeLength}
          clearable
        />
        <Button className="qgw-sms-send" size="small" color="primary" fill="outline" onClick={onSend} disabled={sending || secondsLeft > 0}>
          {secondsLeft > 0 ? t.smsResendIn(secondsLeft) : t.smsSend}
        </Button>
      </div>
    </div>
  );
}
