import type { ApiModule, ModuleBase } from '../../api-module.js';
import { sweepPeriodically } from '../../plugins/periodic.js';
import type { ApplicationsService, IdNumberCipher } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { Challenges } from '../challenge/challenge.module.js';
import type { FileStorage } from '../files/files.module.js';
import type { SmsCodeService } from '../sms/sms.module.js';
import { accountRightsRoutes } from './account-rights.routes.js';
import { AccountRightsService, ERASURE_SWEEP_EVERY_MS } from './account-rights.service.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { AvatarStore } from './avatars.js';
import { avatarRoutes } from './avatars.routes.js';
import { LoginGuard } from './login-guard.js';
import { LoginService } from './login.service.js';
import { type FailureCounter, GuessThrottle } from './login-throttle.js';
import { AVATAR_UNUSED_MS, ProfileService } from './profile.service.js';
import { SESSION_SWEEP_EVERY_MS, type SessionService } from './sessions.js';
import { smsAccountsRoutes } from './sms-accounts.routes.js';
import { SmsAccountsService } from './sms-accounts.service.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { accountsRepository } from './accounts.repository.js';
export { accountStrings } from './accounts.strings.js';
export { type FailureCounter, GuessThrottle, MemoryFailureCounter, RedisFailureCounter } from './login-throttle.js';
export { unusablePasswordHash } from './passwords.js';
export { type AuthContext, type AuthSession, SessionService } from './sessions.js';

export interface AccountsModuleDeps extends ModuleBase {
  audit: AuditRepository;
  /**
   * The sessions store. Made by the composition root, since the auth hook and the files module
   * need it as well; this module issues, revokes and sweeps the sessions.
   */
  sessions: SessionService;
  /** where failed logins are counted (Redis when configured), shared with the console's second factor */
  failureStore: FailureCounter;
  /** told of each failed login (metrics) */
  onLoginFailed: (() => void) | undefined;
  challenges: Challenges;
  smsCodes: SmsCodeService;
  /** closing an account withdraws its pending applications; an export decrypts their ID numbers */
  applications: Pick<ApplicationsService, 'withdrawAllPending'>;
  cipher: IdNumberCipher;
  /** erasing an account removes its uploaded files */
  storage: FileStorage;
}

export interface AccountsModule extends ApiModule {
  /** registering, and the changes that need the current password */
  service: AccountsService;
  /** signing in with a password, and cancelling a closing */
  login: LoginService;
  /** the profile and avatar (`sweepUnusedAvatars()` runs the avatar sweep once) */
  profiles: ProfileService;
  sessions: SessionService;
  /** the personal-data export, closing accounts and erasing closed ones (`eraseDue()` runs the sweep once) */
  rights: AccountRightsService;
}

/**
 * Accounts: registering, logging in (password or SMS code), the profile, password, phone and avatar,
 * and the personal-data rights (export, closing); with the sweeps of expired sessions, unused
 * avatars and closed accounts past their grace period.
 */
export async function createAccountsModule(d: AccountsModuleDeps): Promise<AccountsModule> {
  const { config, db, clock, log, audit, sessions } = d;
  const wechatAppid = config.wechat.configured ? config.wechat.appid : undefined;
  const throttle = new GuessThrottle(
    d.failureStore,
    { maxFailures: config.login.maxFailuresPerAccount, lockMs: config.login.lockMs },
    'login',
    d.onLoginFailed,
  );
  // no lockout: past the limit an account asks for a challenge, and failing addresses wait (decision 0021)
  const loginGuard = new LoginGuard(
    d.failureStore,
    {
      maxFailures: config.login.maxFailuresPerAccount,
      windowMs: config.login.lockMs,
      delayBaseMs: config.login.failureDelayBaseMs,
      delayMaxMs: config.login.failureDelayMaxMs,
    },
    d.onLoginFailed,
  );
  const avatars = new AvatarStore(config.uploadsDir);
  await avatars.init();
  const profiles = new ProfileService({ db, clock, audit, avatars, wechatAppid });
  const login = new LoginService({ db, clock, sessions, guard: loginGuard, challenges: d.challenges, audit, wechatAppid, log });
  const service = new AccountsService({ db, clock, sessions, throttle, audit, profiles, smsCodes: d.smsCodes });
  const smsAccounts = new SmsAccountsService({ db, clock, sessions, audit, smsCodes: d.smsCodes, guard: loginGuard, wechatAppid, log });
  const rights = new AccountRightsService({
    db, clock, audit, sessions, accounts: service, smsCodes: d.smsCodes, applications: d.applications, cipher: d.cipher, storage: d.storage, avatars, log,
  });
  const perIpPerMinute = config.login.perIpPerMinute;

  return {
    service,
    login,
    profiles,
    sessions,
    rights,
    async register(app) {
      await app.register(accountsRoutes, { service, login, profiles, loginPerIpPerMinute: perIpPerMinute, registerPerIpPerHour: config.login.registerPerIpPerHour });
      await app.register(accountRightsRoutes, { rights, login, loginPerIpPerMinute: perIpPerMinute });
      await app.register(smsAccountsRoutes, { service: smsAccounts, perIpPerMinute, challenges: d.challenges });
      await app.register(avatarRoutes, { service: profiles, store: avatars, uploadPerMinute: config.rateLimit.uploadPerMinute });
      sweepPeriodically(app, {
        everyMs: SESSION_SWEEP_EVERY_MS,
        sweep: () => sessions.sweepExpired(),
        counted: 'sessions',
        swept: 'swept expired sessions',
        failed: 'session sweep failed',
      });
      sweepPeriodically(app, {
        everyMs: AVATAR_UNUSED_MS,
        sweep: () => profiles.sweepUnusedAvatars(),
        counted: 'avatars',
        swept: 'swept unused avatars',
        failed: 'avatar sweep failed',
      });
      sweepPeriodically(app, {
        everyMs: ERASURE_SWEEP_EVERY_MS,
        sweep: () => rights.eraseDue(),
        counted: 'accounts',
        swept: 'erased closed accounts past their grace period',
        failed: 'erasure sweep failed',
      });
    },
  };
}
