import type { ApiModule, ModuleBase } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { AppConfig } from '../../config.js';
import { sweepPeriodically } from '../../plugins/periodic.js';
import type { Challenges } from '../challenge/challenge.module.js';
import { AliyunSmsProvider } from './aliyun.js';
import { DevSmsOutbox } from './dev-outbox.js';
import { HttpGatewaySmsProvider } from './http-gateway.js';
import type { SmsProvider } from './provider.js';
import { SmsCodeService } from './sms-codes.service.js';
import { smsRoutes } from './sms.routes.js';
import { TencentSmsProvider } from './tencent.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export type { SmsCodeService } from './sms-codes.service.js';
export { smsStrings } from './sms.strings.js';

export interface SmsModuleDeps extends ModuleBase {
  dataKey: Buffer;
  registered(mobile: string): Promise<boolean>;
  /** a busy address solves a proof-of-work challenge before a code is sent */
  challenges: Challenges;
}

export interface SmsModule extends ApiModule {
  service: SmsCodeService;
  /** the development outbox the codes go to outside production without a provider; null otherwise */
  devOutbox: DevSmsOutbox | null;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The configured provider; outside production without one, the development outbox; in production without one, none. */
export function smsProviderFor(config: AppConfig, clock: Clock): { provider: SmsProvider | null; devOutbox: DevSmsOutbox | null } {
  const { sms, notify } = config;
  // loadConfig has checked that the chosen provider's variables are all set
  switch (sms.provider) {
    case 'aliyun':
      return {
        provider: new AliyunSmsProvider({ ...sms.aliyun!, signName: sms.signName!, templateCode: sms.templateCode!, timeoutMs: sms.timeoutMs }),
        devOutbox: null,
      };
    case 'tencent':
      return {
        provider: new TencentSmsProvider({ ...sms.tencent!, signName: sms.signName!, templateId: sms.templateCode!, timeoutMs: sms.timeoutMs }),
        devOutbox: null,
      };
    case 'http':
      return {
        provider: new HttpGatewaySmsProvider({ url: notify.smsGatewayUrl!, token: notify.smsGatewayToken, timeoutMs: sms.timeoutMs }, sms.signName),
        devOutbox: null,
      };
    default: {
      if (config.isProduction) return { provider: null, devOutbox: null };
      const devOutbox = new DevSmsOutbox(clock);
      return { provider: devOutbox, devOutbox };
    }
  }
}

/** Verification codes: the service, POST /v1/sendSmsCode, the development outbox's route and the daily sweep. */
export function createSmsModule(d: SmsModuleDeps): SmsModule {
  const { provider, devOutbox } = smsProviderFor(d.config, d.clock);
  if (!provider) d.log.warn({ event: 'sms.config' }, 'no SMS provider configured (SMS_PROVIDER): verification codes cannot be sent, so nobody can register');
  const service = new SmsCodeService({
    db: d.db,
    clock: d.clock,
    log: d.log,
    dataKey: d.dataKey,
    limits: d.config.sms,
    provider,
    registered: d.registered,
  });
  return {
    service,
    devOutbox,
    async register(app) {
      await app.register(smsRoutes, {
        service,
        sendPerIpPerHour: d.config.sms.sendPerIpPerHour,
        challenges: d.challenges,
        // never routed in production (404 there)
        devOutbox: d.config.isProduction ? undefined : devOutbox,
      });
      app.addHook('onClose', () => service.settled());
      sweepPeriodically(app, {
        everyMs: SWEEP_EVERY_MS,
        sweep: () => service.sweep(),
        counted: 'smsCodes',
        swept: 'swept old verification codes',
        failed: 'verification code sweep failed',
      });
    },
  };
}
