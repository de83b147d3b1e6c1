import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Redis as RedisClient } from 'ioredis';
import { Code, routes, type BindWxUserRequest, type WxAuthorizeUrlResponse, type WxJsConfigResponse } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { authorizeUrl, exchangeCode, type WechatSettings } from './wechat.client.js';
import { JsApiTicketSource, jsSdkNonce, jsSdkSignature } from './wechat.jssdk.js';
import { wechatRepository as repo } from './wechat.repository.js';
import { wechatStrings as s } from './wechat.strings.js';

/** How long an authorize URL's state stays usable. */
export const STATE_TTL_MS = 10 * 60_000;

export interface WechatDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  log: FastifyBaseLogger;
  /** undefined when WeChat is not configured */
  settings: WechatSettings | undefined;
  /** shares the JS-SDK ticket between instances */
  redis?: RedisClient | undefined;
  redisKeyPrefix?: string;
}

const notSigned: WxJsConfigResponse = { configured: false, appId: null, timestamp: null, nonceStr: null, signature: null };

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export class WechatService {
  private readonly tickets: JsApiTicketSource | undefined;

  constructor(private readonly d: WechatDeps) {
    this.tickets = d.settings
      ? new JsApiTicketSource({
          settings: d.settings,
          clock: d.clock,
          log: d.log,
          redis: d.redis,
          redisKey: `${d.redisKeyPrefix ?? ''}wechat:jsapi-ticket:${d.settings.appid}`,
        })
      : undefined;
  }

  /**
   * The signed `wx.config` for one of this site's pages. Another site's URL is refused: the
   * signature would vouch for a page that is not ours. Without WeChat, or when it cannot be reached,
   * the answer says so and the page shares as a plain link.
   */
  async jsConfig(pageUrl: string, publicOrigin: string | undefined): Promise<WxJsConfigResponse> {
    const settings = this.d.settings;
    if (!settings || !this.tickets) return notSigned;
    const url = new URL(pageUrl);
    if (!publicOrigin || url.origin !== new URL(publicOrigin).origin) throw new AppError(Code.BAD_REQUEST, s.foreignPage);
    url.hash = ''; // WeChat signs the address without its fragment
    const ticket = await this.tickets.ticket();
    if (!ticket) return { ...notSigned, configured: true };
    const timestamp = Math.floor(this.d.clock() / 1000);
    const nonceStr = jsSdkNonce();
    return { configured: true, appId: settings.appid, timestamp, nonceStr, signature: jsSdkSignature(ticket, nonceStr, timestamp, url.href) };
  }

  /**
   * A fresh authorize URL whose `state` is single-use, expires after STATE_TTL_MS and is tied to
   * the caller's session: only the session that asked for it can complete the binding.
   */
  async authorizeUrl(auth: AuthContext, publicOrigin: string): Promise<WxAuthorizeUrlResponse> {
    const settings = this.d.settings;
    if (!settings) return { configured: false, url: null };
    const now = this.d.clock();
    const state = randomBytes(24).toString('base64url');
    await repo.pruneStates(this.d.db, auth.user.id, isoAt(now));
    await repo.insertState(this.d.db, {
      stateHash: hashState(state),
      sessionId: auth.session.id,
      userId: auth.user.id,
      now: isoAt(now),
      expiresAt: isoAt(now + STATE_TTL_MS),
    });
    const redirectUri = `${publicOrigin}/#${routes.login.bind}`;
    return { configured: true, url: authorizeUrl(settings, redirectUri, state) };
  }

  /** Completes the binding; on any failure nothing is bound and the state stays spent. */
  async bind(auth: AuthContext, input: BindWxUserRequest): Promise<{ openid: string }> {
    const settings = this.d.settings;
    if (!settings) throw new AppError(Code.WECHAT_NOT_CONFIGURED, s.notConfigured);
    // spent before WeChat is asked, so a replay cannot race the first use
    const consumed = await repo.consumeState(this.d.db, hashState(input.state), auth.session.id, isoAt(this.d.clock()));
    if (!consumed) throw new AppError(Code.WECHAT_STATE_INVALID, s.stateInvalid);

    const result = await exchangeCode(settings, input.code, this.d.log);
    if (!result.ok) {
      if (result.reason === 'code_invalid') throw new AppError(Code.WECHAT_CODE_INVALID, s.codeInvalid);
      throw new AppError(Code.WECHAT_UNAVAILABLE, s.unavailable);
    }
    // a snapshot (preview) page has no real user behind its openid
    if (result.snapshotUser) throw new AppError(Code.WECHAT_SNAPSHOT_USER, s.snapshotUser);

    const { appid } = settings;
    const { openid } = result;
    try {
      await this.d.db.transaction().execute(async (trx) => {
        const owner = await repo.ownerOf(trx, appid, openid);
        if (owner && owner.user_id !== auth.user.id) throw new AppError(Code.WECHAT_OPENID_TAKEN, s.openidTaken);
        const previous = await repo.bindingOf(trx, auth.user.id, appid);
        await repo.bind(trx, auth.user.id, appid, openid, isoAt(this.d.clock()));
        await this.d.audit.record(
          {
            actorId: auth.user.id,
            action: 'wechat.bind',
            entity: 'user',
            entityId: auth.user.id,
            before: { appid, openid: previous?.openid ?? null },
            after: { appid, openid },
          },
          trx,
        );
      });
    } catch (err) {
      // another account bound the same openid between the check and the insert
      if (isUniqueViolation(err)) throw new AppError(Code.WECHAT_OPENID_TAKEN, s.openidTaken);
      throw err;
    }
    return { openid };
  }
}
