import type { Kysely } from 'kysely';
import { Code, maskMobile, type UpdateProfileRequest, USER_NOT_FOUND_MESSAGE, type UserProfile } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { cleanImage, imageProblemMessage } from '../files/files.module.js';
import { accountsRepository as repo, type UserRow } from './accounts.repository.js';
import { accountStrings as s } from './accounts.strings.js';
import type { AvatarStore } from './avatars.js';
import type { AuthContext } from './sessions.js';

export interface ProfileDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  avatars: AvatarStore;
  /** the configured WeChat appid; openid is reported for this app only */
  wechatAppid: string | undefined;
}

/** An avatar uploaded and not on any profile after this long is deleted by the sweep. */
export const AVATAR_UNUSED_MS = 60 * 60 * 1000;
const AVATAR_SWEEP_BATCH = 500;

/** The signed-in user's row; also loaded by the password and phone changes (accounts.service.ts). */
export async function signedInUser(db: Kysely<Database>, auth: AuthContext): Promise<UserRow> {
  const user = await repo.findById(db, auth.user.id);
  // the session was valid a moment ago; a vanished user is a revoked session
  if (!user) throw new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);
  return user;
}

/**
 * The profile a signed-in person sees and edits (nickname, avatar) and the avatar files behind it:
 * uploading one, removing the one a change replaced, sweeping uploads no profile uses. Apart from
 * the changes that need the password (accounts.service.ts), since none of this touches sign-in.
 */
export class ProfileService {
  constructor(private readonly d: ProfileDeps) {}

  private now() {
    return isoAt(this.d.clock());
  }

  async profile(userId: string, db: Kysely<Database> = this.d.db): Promise<UserProfile> {
    const user = await repo.findById(db, userId);
    if (!user) throw new AppError(Code.USER_NOT_FOUND, USER_NOT_FOUND_MESSAGE);
    return {
      id: user.id,
      mobile: user.mobile,
      mobileMasked: maskMobile(user.mobile),
      nickname: user.nickname,
      avatar: user.avatar,
      openid: await repo.openidFor(db, user.id, this.d.wechatAppid),
      roles: await repo.rolesOf(db, user.id),
      new_user: user.new_user === 1,
      createdAt: user.created_at,
    };
  }

  async updateProfile(auth: AuthContext, input: UpdateProfileRequest): Promise<UserProfile> {
    const user = await signedInUser(this.d.db, auth);
    const patch: { nickname?: string; avatar?: string | null } = {};
    if (input.nickname !== undefined) patch.nickname = input.nickname;
    if (input.avatar !== undefined) {
      if (input.avatar !== null) {
        const name = this.d.avatars.nameFromUrl(input.avatar);
        if (!name || !(await this.d.avatars.exists(name))) throw new AppError(Code.BAD_REQUEST, s.avatarUrlInvalid);
      }
      patch.avatar = input.avatar;
    }
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateProfile(trx, user.id, patch, this.now());
      await this.d.audit.record(
        {
          actorId: user.id,
          action: 'user.update_profile',
          entity: 'user',
          entityId: user.id,
          before: pick({ nickname: user.nickname, avatar: user.avatar }, Object.keys(patch)),
          after: patch,
        },
        trx,
      );
    });
    // the picture it replaced is nobody's now (names are random per upload): remove it
    if (patch.avatar !== undefined && user.avatar && user.avatar !== patch.avatar) await this.forgetAvatar(user.avatar);
    return this.profile(user.id);
  }

  /**
   * Deletes avatars no profile uses that were uploaded more than AVATAR_UNUSED_MS ago: uploads never
   * put on a profile (a profile save that failed, or a client uploading in a loop to fill the disk)
   * were kept for ever. Answers how many went.
   */
  async sweepUnusedAvatars(now = this.d.clock()): Promise<number> {
    const old = await this.d.avatars.olderThan(AVATAR_UNUSED_MS, now);
    let removed = 0;
    for (let i = 0; i < old.length; i += AVATAR_SWEEP_BATCH) {
      const names = old.slice(i, i + AVATAR_SWEEP_BATCH);
      const used = await repo.avatarsInUse(this.d.db, names.map(this.d.avatars.urlOf));
      for (const name of names.filter((n) => !used.has(this.d.avatars.urlOf(n)))) {
        await this.d.avatars.remove(name);
        removed++;
      }
    }
    return removed;
  }

  /** Deletes an avatar file no account points at any more; a failure is logged, not the user's problem. */
  private async forgetAvatar(url: string): Promise<void> {
    const name = this.d.avatars.nameFromUrl(url);
    if (!name) return;
    if (await repo.avatarInUse(this.d.db, url)) return;
    await this.d.avatars.remove(name);
  }

  /**
   * Stores an uploaded avatar after the shared image check (JPEG / PNG / WebP, well-formed, no
   * markup, declared type agrees), without its metadata.
   */
  async saveAvatar(auth: AuthContext, content: Buffer, declaredMime: string | undefined): Promise<{ url: string }> {
    const cleaned = await cleanImage(content, declaredMime);
    if (!cleaned.ok) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, imageProblemMessage(cleaned.problem));
    const url = await this.d.avatars.save(cleaned.content, cleaned.kind);
    await this.d.audit.record({
      actorId: auth.user.id,
      action: 'user.upload_avatar',
      entity: 'user',
      entityId: auth.user.id,
      after: { url },
    });
    return { url };
  }
}

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
