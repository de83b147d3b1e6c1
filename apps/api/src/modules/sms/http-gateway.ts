import { postToSmsGateway, type SmsGatewaySettings } from '../notifications/notifications.module.js';
import type { SmsMessage, SmsProvider, SmsSendResult } from './provider.js';
import { smsStrings } from './sms.strings.js';

/** The generic HTTP SMS gateway (SMS_GATEWAY_URL / SMS_GATEWAY_TOKEN) the decision notices use too: the whole text goes. */
export class HttpGatewaySmsProvider implements SmsProvider {
  readonly name = 'http' as const;

  constructor(
    private readonly s: SmsGatewaySettings,
    private readonly signName: string | undefined,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const result = await postToSmsGateway(this.s, message.mobile, smsStrings.text(this.signName, message.code, message.ttlMinutes));
    return result.status === 'sent' ? { ok: true } : { ok: false, detail: result.detail ?? 'failed' };
  }
}
