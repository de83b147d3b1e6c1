import { z } from 'zod';
import { challengePolicy, limits } from '@qgw/contracts';
import { consolePolicy, loginPolicy, mfaPolicy, sessionPolicy, smsPolicy } from '@qgw/contracts';

/**
 * The environment variables the server reads: each one's type, bounds and default, and what it
 * means. Only the parsing of single variables is here; checks across variables and the AppConfig
 * derived from them are config.ts, which is what the rest of the server imports.
 */

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'expected 1/0/true/false/yes/no/on/off' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const positiveInt = z.coerce.number().int().positive();

export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'REDIS_URL must start with redis:// or rediss://' }).optional(),
  REDIS_KEY_PREFIX: z.string().default('qgw:'),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: boolish.optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_BASE_URL must be an http(s) origin' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** false (default), true, a hop count, or a comma-separated list of proxy addresses */
  TRUST_PROXY: z.string().optional(),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_OAUTH_BASE: z.url().default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  WECHAT_TIMEOUT_MS: positiveInt.default(5000),
  SESSION_IDLE_MS: positiveInt.default(sessionPolicy.idleMs),
  SESSION_ABSOLUTE_MS: positiveInt.default(sessionPolicy.absoluteMs),
  LOGIN_MAX_FAILURES: positiveInt.default(loginPolicy.maxFailuresPerAccount),
  LOGIN_LOCK_MS: positiveInt.default(loginPolicy.lockMs),
  LOGIN_PER_IP_PER_MINUTE: positiveInt.default(loginPolicy.perIpPerMinute),
  REGISTER_PER_IP_PER_HOUR: positiveInt.default(loginPolicy.registerPerIpPerHour),
  /** the wait before a password check from an address that already failed on an account past LOGIN_MAX_FAILURES: this, doubled per attempt */
  LOGIN_FAILURE_DELAY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(loginPolicy.failureDelayBaseMs),
  /** and never longer than this */
  LOGIN_FAILURE_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(loginPolicy.failureDelayMaxMs),
  /** requests per IP per minute to a guarded route (login, SMS codes) past which each one needs a solved challenge */
  CHALLENGE_PER_IP_PER_MINUTE: positiveInt.default(loginPolicy.challengePerIpPerMinute),
  /** HMAC key for proof-of-work challenges (at least 32 characters); by default derived from FILE_URL_SECRET, or generated into DATA_DIR/altcha.key outside production */
  ALTCHA_HMAC_KEY: z.string().min(32, { error: 'ALTCHA_HMAC_KEY must be at least 32 characters' }).optional(),
  /** PBKDF2 iterations per counter value a solver tries */
  ALTCHA_COST: positiveInt.default(challengePolicy.cost),
  /** the counter a solver must find is drawn from [ALTCHA_COUNTER_MIN, ALTCHA_COUNTER_MAX] */
  ALTCHA_COUNTER_MIN: z.coerce.number().int().min(0).max(1_000_000).default(challengePolicy.counterMin),
  ALTCHA_COUNTER_MAX: z.coerce.number().int().min(1).max(1_000_000).default(challengePolicy.counterMax),
  /** every other route, per IP per minute: a ceiling against floods, far above normal use */
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  /** avatar uploads per IP per minute */
  UPLOAD_PER_MINUTE: positiveInt.default(20),
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  /**
   * the largest application video the server accepts, in MB (default: the limit the applicant page
   * states and checks before sending, limits.video.maxBytes); raising it alone serves API clients
   * and longer recordings sent by other means, the page keeps its own stated limit
   */
  VIDEO_MAX_MB: positiveInt.max(10 * 1024).default(limits.video.maxBytes / 2 ** 20),
  /** hours between the server's automatic backups (SQLite), decimals allowed; 0 or off = none; default 24 in production, off elsewhere */
  BACKUP_INTERVAL_HOURS: z
    .string()
    .regex(/^(off|\d{1,5}(\.\d{1,6})?)$/, { error: 'BACKUP_INTERVAL_HOURS: off, or a number of hours (0 = off)' })
    .optional(),
  /** automatic backups kept; older ones are deleted */
  BACKUP_KEEP: positiveInt.default(14),
  /** AES-256 key for personal data at rest (ID numbers), base64 of 32 bytes; required in production */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32, {
      error: 'DATA_ENCRYPTION_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)',
    })
    .optional(),
  /** HMAC key for signed file URLs (at least 32 characters); required in production */
  FILE_URL_SECRET: z.string().min(32, { error: 'FILE_URL_SECRET must be at least 32 characters' }).optional(),
  /** console verification (second factor) dies after this long without a console request */
  CONSOLE_IDLE_MS: positiveInt.default(consolePolicy.idleMs),
  /** and this long after the TOTP step whatever its use */
  CONSOLE_ABSOLUTE_MS: positiveInt.default(consolePolicy.absoluteMs),
  /** wrong TOTP / recovery codes per account before the second factor locks for MFA_LOCK_MS */
  MFA_MAX_FAILURES: positiveInt.default(mfaPolicy.maxFailures),
  MFA_LOCK_MS: positiveInt.default(mfaPolicy.lockMs),
  /** WeChat template message for released decisions (needs WECHAT_APPID/SECRET too); unset = not sent */
  NOTIFY_WECHAT_TEMPLATE_ID: z.string().max(128).optional(),
  /** HTTP SMS gateway: POST {to, text} JSON; unset = no SMS */
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'SMS_GATEWAY_URL must be an http(s) URL' }).optional(),
  /** sent to the SMS gateway as a bearer token */
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** per outbound call (WeChat, SMS) */
  NOTIFY_TIMEOUT_MS: positiveInt.default(5000),
  /**
   * waits before each retry of an outbound message that failed for a passing reason (timeout,
   * network, HTTP 5xx or 429, WeChat busy): comma-separated milliseconds; `off` = no retries
   */
  NOTIFY_RETRY_DELAYS_MS: z
    .string()
    .regex(/^(off|\d{1,9}(,\d{1,9}){0,9})$/, { error: 'NOTIFY_RETRY_DELAYS_MS: off, or up to 10 comma-separated millisecond counts' })
    .default('30000,120000,600000')
    .transform((v) => (v === 'off' ? [] : v.split(',').map(Number))),
  /** console exports (applications, media) per IP per minute */
  EXPORT_PER_MINUTE: positiveInt.default(10),
  /** the OpenAPI page at /docs; on outside production, off in production unless asked for */
  API_DOCS: boolish.optional(),
  /** Prometheus text at /metrics on a listener of its own; unset = no metrics listener */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** the metrics listener's address: loopback unless said otherwise, as metrics are not for the public */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * who sends verification codes (modules/sms): Alibaba Cloud SMS, Tencent Cloud SMS, or the HTTP
   * gateway of SMS_GATEWAY_URL; unset = none (a development outbox outside production)
   */
  SMS_PROVIDER: z.enum(['aliyun', 'tencent', 'http'], { error: 'SMS_PROVIDER: aliyun, tencent or http' }).optional(),
  /** the SMS signature (签名) the provider approved, e.g. 青工委 */
  SMS_SIGN_NAME: z.string().max(64).optional(),
  /** the approved verification-code template: Alibaba's template code (SMS_123…) or Tencent's template id */
  SMS_TEMPLATE_CODE_VERIFY: z.string().max(64).optional(),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_ALIYUN_ENDPOINT: z.url({ protocol: /^https?$/, error: 'SMS_ALIYUN_ENDPOINT must be an http(s) URL' }).default('https://dysmsapi.aliyuncs.com'),
  SMS_ALIYUN_REGION: z.string().min(1).default('cn-hangzhou'),
  SMS_TENCENT_SECRET_ID: z.string().optional(),
  SMS_TENCENT_SECRET_KEY: z.string().optional(),
  SMS_TENCENT_SDK_APP_ID: z.string().optional(),
  SMS_TENCENT_REGION: z.string().min(1).default('ap-guangzhou'),
  SMS_TENCENT_ENDPOINT: z.url({ protocol: /^https?$/, error: 'SMS_TENCENT_ENDPOINT must be an http(s) URL' }).default('https://sms.tencentcloudapi.com'),
  /** per call to the SMS provider */
  SMS_TIMEOUT_MS: positiveInt.default(5000),
  /** a verification code is valid this long */
  SMS_CODE_TTL_MS: positiveInt.default(smsPolicy.ttlMs),
  /** one code per mobile and purpose this often */
  SMS_RESEND_MS: positiveInt.default(smsPolicy.resendMs),
  /** wrong tries before a code is dead */
  SMS_MAX_ATTEMPTS: positiveInt.default(smsPolicy.maxAttempts),
  /** codes per mobile in any 24 hours */
  SMS_PER_MOBILE_PER_DAY: positiveInt.default(smsPolicy.perMobilePerDay),
  /** code requests per IP per hour */
  SMS_SEND_PER_IP_PER_HOUR: positiveInt.default(smsPolicy.sendPerIpPerHour),
});

/** The environment as ZEnv parsed it. */
export type Env = z.infer<typeof ZEnv>;
