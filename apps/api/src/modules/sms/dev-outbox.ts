import type { DevSmsOutboxResponse, SmsPurpose } from '@qgw/contracts';
import type { SmsMessage, SmsProvider, SmsSendResult } from './provider.js';

type Entry = DevSmsOutboxResponse['codes'][number];

/**
 * Outside production with no provider configured, codes are "sent" here: kept in memory, newest
 * first, for GET /v1/dev/smsOutbox (never routed in production). Bounded: the last few codes of the
 * most recent mobiles.
 */
export class DevSmsOutbox implements SmsProvider {
  readonly name = 'dev-outbox' as const;
  private readonly byMobile = new Map<string, Entry[]>();

  constructor(
    private readonly clock: () => number,
    private readonly perMobile = 10,
    private readonly mobiles = 10_000,
  ) {}

  send(message: SmsMessage): Promise<SmsSendResult> {
    const now = this.clock();
    const entry: Entry = {
      purpose: message.purpose,
      code: message.code,
      sentAt: new Date(now).toISOString(),
      expiresAt: new Date(now + message.ttlMinutes * 60_000).toISOString(),
    };
    const list = [entry, ...(this.byMobile.get(message.mobile) ?? [])].slice(0, this.perMobile);
    // most recently used last, so the first key is the one to drop
    this.byMobile.delete(message.mobile);
    this.byMobile.set(message.mobile, list);
    if (this.byMobile.size > this.mobiles) this.byMobile.delete(this.byMobile.keys().next().value!);
    return Promise.resolve({ ok: true });
  }

  /** The codes held for a mobile, newest first; `purpose` narrows them. */
  codesFor(mobile: string, purpose?: SmsPurpose): Entry[] {
    return (this.byMobile.get(mobile) ?? []).filter((e) => purpose === undefined || e.purpose === purpose);
  }
}
