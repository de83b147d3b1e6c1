import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { challengePolicy } from '@qgw/contracts';
import { type Env, ZEnv } from './config-schema.js';

/**
 * The server's configuration: AppConfig, and loadConfig, which reads it from the environment once
 * (the variables themselves are declared in config-schema.ts), checks what no single variable can
 * show (settings that must go together or differ) and derives paths, durations and nested settings.
 */

/** The repository root: defaults for DATA_DIR and WEB_DIST hang off it whatever the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type TrustProxy = boolean | number | string;

export interface AppConfig {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  sqliteFile: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this server opens at most (DATABASE_POOL_MAX, or defaultPoolMax()) */
  databasePoolMax: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string;
  publicBaseUrl: string | undefined;
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  /** VIDEO_MAX_MB in bytes */
  videoMaxBytes: number;
  /** the running server's backups (ops/backup-schedule.ts): every `everyMs` (0 = none), the newest `keep` kept */
  backup: { everyMs: number; keep: number };
  wechat: {
    appid: string | undefined;
    secret: string | undefined;
    /** both appid and secret are set */
    configured: boolean;
    oauthBase: string;
    apiBase: string;
    timeoutMs: number;
  };
  session: { idleMs: number; absoluteMs: number };
  login: {
    maxFailuresPerAccount: number;
    lockMs: number;
    failureDelayBaseMs: number;
    failureDelayMaxMs: number;
    perIpPerMinute: number;
    challengePerIpPerMinute: number;
    registerPerIpPerHour: number;
  };
  /**
   * Proof-of-work challenges (modules/challenge). hmacKey: ALTCHA_HMAC_KEY; when unset it is derived
   * from FILE_URL_SECRET, or outside production generated once into DATA_DIR/altcha.key.
   */
  challenge: { hmacKey: string | undefined; cost: number; counterMin: number; counterMax: number; ttlMs: number };
  rateLimit: { globalPerMinute: number; uploadPerMinute: number };
  /**
   * DATA_ENCRYPTION_KEY decoded; when unset, outside production a key is generated once into
   * DATA_DIR/secret.key (crypto/data-cipher.ts), and production refuses to start.
   */
  dataEncryptionKey: Buffer | undefined;
  /**
   * FILE_URL_SECRET; when unset, outside production one is generated once into
   * DATA_DIR/file-url.key (modules/files/file-urls.ts), and production refuses to start.
   */
  fileUrlSecret: string | undefined;
  /** the review console's lifetimes and second-factor lock (docs/security.md) */
  console: { idleMs: number; absoluteMs: number; mfaMaxFailures: number; mfaLockMs: number };
  /** outbound copies of decision notices (modules/notifications/outbound.ts) */
  notify: {
    wechatTemplateId: string | undefined;
    smsGatewayUrl: string | undefined;
    smsGatewayToken: string | undefined;
    timeoutMs: number;
    /** the wait before each retry of a passing failure; its length is the number of retries */
    retryDelaysMs: number[];
  };
  /** console exports per IP per minute */
  exportPerMinute: number;
  /** whether /docs and /docs/json are served */
  apiDocs: boolean;
  /** the Prometheus listener (plugins/metrics.ts); port undefined = none */
  metrics: { port: number | undefined; host: string };
  /** verification codes by SMS (modules/sms, docs/security.md "SMS verification codes") */
  sms: SmsConfig;
}

export type SmsProviderName = 'aliyun' | 'tencent' | 'http';

export interface SmsConfig {
  /** undefined: no provider (the development outbox outside production, no codes in production) */
  provider: SmsProviderName | undefined;
  signName: string | undefined;
  templateCode: string | undefined;
  aliyun: { accessKeyId: string; accessKeySecret: string; endpoint: string; regionId: string } | undefined;
  tencent: { secretId: string; secretKey: string; sdkAppId: string; region: string; endpoint: string } | undefined;
  timeoutMs: number;
  codeTtlMs: number;
  resendMs: number;
  maxAttempts: number;
  perMobilePerDay: number;
  sendPerIpPerHour: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const parseTrustProxy = (raw: string | undefined): TrustProxy => {
  if (raw === undefined) return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off|0)$/i.test(raw)) return false;
  // a number is a hop count (1 = one proxy in front), safer than trusting every forwarder
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
};

const stripTrailingSlash = (u: string) => u.replace(/\/+$/, '');

/** BACKUP_INTERVAL_HOURS in milliseconds, 0 for none: a server in production backs up daily unless told otherwise. */
const backupEveryMs = (raw: string | undefined, isProduction: boolean): number => {
  const hours = raw === undefined ? (isProduction ? 24 : 0) : raw === 'off' ? 0 : Number(raw);
  return hours > 0 ? Math.max(1, Math.round(hours * 3_600_000)) : 0;
};

/**
 * Reads the environment once, validates it and resolves paths. Relative paths are taken from the
 * directory the command was started in (npm's INIT_CWD), because npm workspaces move the working
 * directory into apps/api.
 */
/**
 * PostgreSQL connections per server when DATABASE_POOL_MAX is not set: twice the cores, the
 * PostgreSQL wiki's sizing for a database on a machine like this one. More connections than the
 * cores can run only queue inside the database and switch between its processes; on two cores the
 * look-up served 84–87 % of SQLite's requests per second with 4 connections and 66–75 % with 10
 * (decision 0027).
 */
export const defaultPoolMax = (): number => Math.max(4, 2 * availableParallelism());

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // an empty variable means "not set", as in most shells' `FOO= cmd`
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const baseDir = env.INIT_CWD ?? process.cwd();
  const fromBase = (p: string) => (isAbsolute(p) ? p : resolve(baseDir, p));
  const dataDir = e.DATA_DIR ? fromBase(e.DATA_DIR) : resolve(repoRoot, 'data');
  const isProduction = e.NODE_ENV === 'production';
  // in production WeChat's redirect is built from PUBLIC_BASE_URL only: the request's Host header is
  // the client's to choose, and a forged one would send the OAuth code to another site
  if (isProduction && e.WECHAT_APPID && e.WECHAT_SECRET && !e.PUBLIC_BASE_URL) {
    throw new ConfigError('Invalid configuration: PUBLIC_BASE_URL is required in production when WECHAT_APPID and WECHAT_SECRET are set');
  }
  const smsMissing = missingForSmsProvider(e);
  if (smsMissing.length > 0) {
    throw new ConfigError(`Invalid configuration: SMS_PROVIDER=${e.SMS_PROVIDER} needs ${smsMissing.join(', ')}`);
  }
  if (e.ALTCHA_COUNTER_MIN > e.ALTCHA_COUNTER_MAX) {
    throw new ConfigError('Invalid configuration: ALTCHA_COUNTER_MIN must not be above ALTCHA_COUNTER_MAX');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT (metrics are not served on the public port)');
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    sqliteFile: resolve(dataDir, 'app.db'),
    uploadsDir: resolve(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX ?? defaultPoolMax(),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    webDist: e.WEB_DIST ? fromBase(e.WEB_DIST) : resolve(repoRoot, 'apps/web/dist'),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    videoMaxBytes: e.VIDEO_MAX_MB * 2 ** 20,
    backup: { everyMs: backupEveryMs(e.BACKUP_INTERVAL_HOURS, isProduction), keep: e.BACKUP_KEEP },
    wechat: {
      appid: e.WECHAT_APPID,
      secret: e.WECHAT_SECRET,
      configured: Boolean(e.WECHAT_APPID && e.WECHAT_SECRET),
      oauthBase: stripTrailingSlash(e.WECHAT_OAUTH_BASE),
      apiBase: stripTrailingSlash(e.WECHAT_API_BASE),
      timeoutMs: e.WECHAT_TIMEOUT_MS,
    },
    session: { idleMs: e.SESSION_IDLE_MS, absoluteMs: e.SESSION_ABSOLUTE_MS },
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES,
      lockMs: e.LOGIN_LOCK_MS,
      failureDelayBaseMs: e.LOGIN_FAILURE_DELAY_BASE_MS,
      failureDelayMaxMs: e.LOGIN_FAILURE_DELAY_MAX_MS,
      perIpPerMinute: e.LOGIN_PER_IP_PER_MINUTE,
      challengePerIpPerMinute: e.CHALLENGE_PER_IP_PER_MINUTE,
      registerPerIpPerHour: e.REGISTER_PER_IP_PER_HOUR,
    },
    challenge: {
      hmacKey: e.ALTCHA_HMAC_KEY,
      cost: e.ALTCHA_COST,
      counterMin: e.ALTCHA_COUNTER_MIN,
      counterMax: e.ALTCHA_COUNTER_MAX,
      ttlMs: challengePolicy.ttlMs,
    },
    rateLimit: { globalPerMinute: e.RATE_LIMIT_PER_MINUTE, uploadPerMinute: e.UPLOAD_PER_MINUTE },
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ? Buffer.from(e.DATA_ENCRYPTION_KEY, 'base64') : undefined,
    fileUrlSecret: e.FILE_URL_SECRET,
    console: {
      idleMs: e.CONSOLE_IDLE_MS,
      absoluteMs: e.CONSOLE_ABSOLUTE_MS,
      mfaMaxFailures: e.MFA_MAX_FAILURES,
      mfaLockMs: e.MFA_LOCK_MS,
    },
    notify: {
      wechatTemplateId: e.NOTIFY_WECHAT_TEMPLATE_ID,
      smsGatewayUrl: e.SMS_GATEWAY_URL,
      smsGatewayToken: e.SMS_GATEWAY_TOKEN,
      timeoutMs: e.NOTIFY_TIMEOUT_MS,
      retryDelaysMs: e.NOTIFY_RETRY_DELAYS_MS,
    },
    exportPerMinute: e.EXPORT_PER_MINUTE,
    apiDocs: e.API_DOCS ?? !isProduction,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    sms: {
      provider: e.SMS_PROVIDER,
      signName: e.SMS_SIGN_NAME,
      templateCode: e.SMS_TEMPLATE_CODE_VERIFY,
      aliyun:
        e.SMS_ALIYUN_ACCESS_KEY_ID && e.SMS_ALIYUN_ACCESS_KEY_SECRET
          ? {
              accessKeyId: e.SMS_ALIYUN_ACCESS_KEY_ID,
              accessKeySecret: e.SMS_ALIYUN_ACCESS_KEY_SECRET,
              endpoint: stripTrailingSlash(e.SMS_ALIYUN_ENDPOINT),
              regionId: e.SMS_ALIYUN_REGION,
            }
          : undefined,
      tencent:
        e.SMS_TENCENT_SECRET_ID && e.SMS_TENCENT_SECRET_KEY && e.SMS_TENCENT_SDK_APP_ID
          ? {
              secretId: e.SMS_TENCENT_SECRET_ID,
              secretKey: e.SMS_TENCENT_SECRET_KEY,
              sdkAppId: e.SMS_TENCENT_SDK_APP_ID,
              region: e.SMS_TENCENT_REGION,
              endpoint: stripTrailingSlash(e.SMS_TENCENT_ENDPOINT),
            }
          : undefined,
      timeoutMs: e.SMS_TIMEOUT_MS,
      codeTtlMs: e.SMS_CODE_TTL_MS,
      resendMs: e.SMS_RESEND_MS,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      perMobilePerDay: e.SMS_PER_MOBILE_PER_DAY,
      sendPerIpPerHour: e.SMS_SEND_PER_IP_PER_HOUR,
    },
  };
}

/** The variables the chosen SMS provider needs and the environment lacks. */
function missingForSmsProvider(e: Env): string[] {
  const need: Record<SmsProviderName, Array<keyof Env>> = {
    aliyun: ['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE_VERIFY'],
    tencent: ['SMS_TENCENT_SECRET_ID', 'SMS_TENCENT_SECRET_KEY', 'SMS_TENCENT_SDK_APP_ID', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE_VERIFY'],
    http: ['SMS_GATEWAY_URL'],
  };
  return e.SMS_PROVIDER ? need[e.SMS_PROVIDER].filter((k) => e[k] === undefined) : [];
}
