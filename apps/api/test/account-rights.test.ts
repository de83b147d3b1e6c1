/**
 * Personal-data rights (docs/security.md "Data export and account closing"): GET /v1/exportMyData,
 * POST /v1/closeAccount, POST /v1/cancelCloseAccount, signing in during the grace period, and the
 * erasure sweep once it has run out. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountClosingPolicy,
  apiPaths,
  Code,
  type CloseAccountResponse,
  type LoginResponse,
  type MyDataExport,
  type SubmitResponse,
  type UserProfile,
  ZMyDataExport,
} from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { newRowId } from '../src/db/row-id.js';
import { data, get, login, newUser, post, register, rowCounts, smsCodeFor, strongPassword, type TestUser, uniqueMobile } from './support/api.js';
import { memberForm, personForm, seedProgramme, themeIds, uploadsFor, workForm } from './support/applications.js';
import { grantRoles } from './support/console.js';
import { png } from './support/media-fixtures.js';
import { reviewThrough } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WRONG = { success: false, code: Code.INVALID_CREDENTIALS, message: '手机号或密码错误' };

let t: TestApp;
let themes: string[];
beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  themes = await themeIds(t.app);
});
afterAll(() => t.close());

const userRow = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const appsOf = (id: string) => t.db.selectFrom('applications').selectAll().where('user_id', '=', id).orderBy('id').execute();

async function exportOf(token: string) {
  return t.app.inject({ method: 'GET', url: apiPaths.exportMyData, headers: { authorization: token } });
}

async function uploadAvatar(u: TestUser): Promise<string> {
  const boundary = '----qgwrights';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.uploadAvatar,
    headers: { authorization: u.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const { url } = (res.json() as { message: { url: string } }).message;
  data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: url }, { token: u.token }));
  return url;
}

async function addNotification(userId: string, applicationId: string | null = null) {
  await t.db
    .insertInto('notifications')
    .values({ id: newRowId(), user_id: userId, application_id: applicationId, title: '审核结果', body: '您的申请已通过', created_at: isoAt(t.clock.now()), read_at: null })
    .execute();
}

/**
 * A person with something of everything: an approved membership (decided), a submitted person entry
 * (pending), a work draft, uploads, an avatar, a notification and a WeChat binding.
 */
async function busyApplicant() {
  const u = await newUser(t.app);
  const f = await uploadsFor(t.app, u);
  const member = data(await post<SubmitResponse>(t.app, apiPaths.memberApply, memberForm(f.photo), { token: u.token }));
  await reviewThrough(t.db, t.clock.now, member.id, 'approved');
  const person = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }));
  const draft = data(
    await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'work', data: workForm(themes[0]!, [f.photo2], f.video) }, { token: u.token }),
  );
  const avatar = await uploadAvatar(u);
  await addNotification(u.id, member.id);
  await t.db.insertInto('wx_bindings').values({ user_id: u.id, appid: 'wx-test', openid: `o-${u.id}`, created_at: isoAt(t.clock.now()) }).execute();
  return { u, f, member, person, draft, avatar };
}

describe('GET /v1/exportMyData', () => {
  it('answers a JSON file of the caller’s own data, and none of anyone else’s', async () => {
    const a = await busyApplicant();
    const other = await busyApplicant();
    const res = await exportOf(a.u.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(t.clock.now())).replaceAll('-', '');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="my-data.json"; filename*=UTF-8''${encodeURIComponent(`我的数据-${day}.json`)}`,
    );
    const doc: MyDataExport = ZMyDataExport.parse(JSON.parse(res.body));
    expect(doc.profile).toMatchObject({ id: a.u.id, mobile: a.u.mobile, avatar: a.avatar });
    expect(doc.profile.wechatOpenids).toEqual([expect.objectContaining({ appid: 'wx-test', openid: `o-${a.u.id}` })]);
    expect(doc.roles).toEqual(['applicant']);
    expect(doc.applications.map((x) => [x.id, x.status]).sort()).toEqual(
      [[a.member.id, 'approved'], [a.person.id, 'submitted'], [a.draft.id, 'draft']].sort(),
    );
    // the form as filled in, the ID number in full (it is the owner's)
    const person = doc.applications.find((x) => x.id === a.person.id)!;
    expect(person.data).toMatchObject({ name: '张青', photo: a.f.photo });
    expect(person.data.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(doc.files.map((x) => x.id).sort()).toEqual([a.f.photo, a.f.photo2, a.f.license, a.f.video].sort());
    for (const file of doc.files) expect(file).toMatchObject({ size: expect.any(Number), uploadedAt: expect.any(String) });
    expect(doc.notifications).toEqual([expect.objectContaining({ title: '审核结果', applicationId: a.member.id })]);
    expect(doc.loginHistory).toEqual([expect.objectContaining({ method: 'password' })]);
    expect(doc.sessions).toHaveLength(1);
    // nothing of the other person
    for (const theirs of [other.u.mobile, other.u.id, other.member.id, other.person.id, other.f.photo, `o-${other.u.id}`]) {
      expect(res.body).not.toContain(theirs);
    }
    const [audited] = await t.services.audit.list({ entityId: a.u.id, action: 'user.export_data' });
    expect(audited?.actorId).toBe(a.u.id);
  });

  it('needs a live session', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.exportMyData })).statusCode).toBe(401);
    expect((await exportOf('not-a-token')).statusCode).toBe(401);
    const u = await newUser(t.app);
    data(await post(t.app, apiPaths.logout, {}, { token: u.token }));
    const ended = await exportOf(u.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
  });

  it('ignores query fields and is limited per session', async () => {
    const u = await newUser(t.app);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: `${apiPaths.exportMyData}?platform=wap&rent_mode=2&x=${i}&__proto__=1`, headers: { authorization: u.token } });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /v1/closeAccount', () => {
  it('with the password: withdraws pending applications, keeps decided ones, ends every session and refuses sign-in', async () => {
    const a = await busyApplicant();
    const laptop = await login(t.app, a.u.mobile, a.u.password);
    const closed = data(await post<CloseAccountResponse>(t.app, apiPaths.closeAccount, { password: a.u.password }, { token: a.u.token }));
    expect(closed.withdrawn).toBe(1);
    expect(Date.parse(closed.eraseAfter) - Date.parse(closed.closedAt)).toBe(accountClosingPolicy.graceDays * DAY_MS);
    expect(closed.closedAt).toBe(isoAt(t.clock.now()));
    const statuses = Object.fromEntries((await appsOf(a.u.id)).map((x) => [x.id, x.status]));
    expect(statuses).toEqual({ [a.member.id]: 'approved', [a.person.id]: 'withdrawn', [a.draft.id]: 'draft' });
    // withdrawn as the applicant's own withdrawal is, so the review side sees an ordinary one
    const [withdrawal] = await t.services.audit.list({ entityId: a.person.id, action: 'application.withdraw' });
    expect(withdrawal?.after).toMatchObject({ status: 'withdrawn', note: '申请人注销账号，申请自动撤回' });
    for (const token of [a.u.token, laptop.token]) expect((await get(t.app, apiPaths.getUserInfo, {}, { token })).status).toBe(401);
    const row = await userRow(a.u.id);
    expect(row).toMatchObject({ status: 'disabled', closed_at: closed.closedAt, erase_after: closed.eraseAfter, erased_at: null, mobile: a.u.mobile });
    const [audited] = await t.services.audit.list({ entityId: a.u.id, action: 'user.close' });
    expect(audited?.after).toMatchObject({ eraseAfter: closed.eraseAfter, sessionsRevoked: 2, applicationsWithdrawn: [a.person.id] });
    // nor by code
    const code = await smsCodeFor(t.app, a.u.mobile, 'login');
    expect((await post(t.app, apiPaths.loginBySms, { mobile: a.u.mobile, smsCode: code })).body).toMatchObject({ success: false, code: Code.ACCOUNT_DISABLED });
  });

  it('with an SMS code sent for closeAccount', async () => {
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'closeAccount');
    data(await post<CloseAccountResponse>(t.app, apiPaths.closeAccount, { smsCode: code }, { token: u.token }));
    expect((await userRow(u.id)).closed_at).not.toBeNull();
  });

  it('refuses a wrong password or a wrong code, and changes nothing', async () => {
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }));
    const before = { counts: await rowCounts(t.db), user: await userRow(u.id), apps: await appsOf(u.id) };
    const wrongPassword = await post(t.app, apiPaths.closeAccount, { password: 'not-my-password' }, { token: u.token });
    expect(wrongPassword.body).toEqual({ success: false, code: Code.WRONG_PASSWORD, message: '当前密码错误' });
    // a code for another purpose is no code for closing
    const loginCode = await smsCodeFor(t.app, u.mobile, 'login');
    const wrongCode = await post(t.app, apiPaths.closeAccount, { smsCode: loginCode }, { token: u.token });
    expect(wrongCode.body).toMatchObject({ success: false, code: Code.SMS_CODE_INVALID });
    expect(await rowCounts(t.db)).toEqual(before.counts);
    expect(await userRow(u.id)).toEqual(before.user);
    expect(await appsOf(u.id)).toEqual(before.apps);
    expect((await get(t.app, apiPaths.getUserInfo, {}, { token: u.token })).status).toBe(200);
  });

  it('refuses bad input with the contract’s messages and writes nothing', async () => {
    const u = await newUser(t.app);
    const before = await rowCounts(t.db);
    for (const body of [{}, { password: '' }, { smsCode: '12ab56' }, { password: u.password, smsCode: '123456' }, { password: 42 }, []]) {
      const a = await post(t.app, apiPaths.closeAccount, body, { token: u.token });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    const both = await post(t.app, apiPaths.closeAccount, { password: u.password, smsCode: '123456' }, { token: u.token });
    expect(both.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '请输入登录密码或短信验证码（二选一）以确认注销' });
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await userRow(u.id)).status).toBe('active');
  });

  it('needs a live session', async () => {
    expect((await post(t.app, apiPaths.closeAccount, { password: 'whatever-1' })).status).toBe(401);
    const u = await newUser(t.app);
    data(await post(t.app, apiPaths.logout, {}, { token: u.token }));
    const ended = await post(t.app, apiPaths.closeAccount, { password: u.password }, { token: u.token });
    expect(ended.status).toBe(401);
    // an expired session: unused for longer than the idle limit
    const v = await newUser(t.app);
    t.clock.advance(t.config.session.idleMs + 1000);
    expect((await post(t.app, apiPaths.closeAccount, { password: v.password }, { token: v.token })).status).toBe(401);
    expect((await userRow(u.id)).status).toBe('active');
    expect((await userRow(v.id)).status).toBe('active');
  });

  it('refuses to close the last admin’s account, and allows it once another admin exists', async () => {
    const admin = await newUser(t.app);
    await grantRoles(t.db, admin.id, ['admin']);
    const refused = await post(t.app, apiPaths.closeAccount, { password: admin.password }, { token: admin.token });
    expect(refused.body).toEqual({ success: false, code: Code.SELF_CHANGE_REFUSED, message: '您是唯一的管理员，请先在管理后台指定其他管理员，再注销账号' });
    expect((await userRow(admin.id)).status).toBe('active');
    const second = await newUser(t.app);
    await grantRoles(t.db, second.id, ['admin']);
    data(await post(t.app, apiPaths.closeAccount, { password: admin.password }, { token: admin.token }));
    // the one left cannot go now
    expect((await post(t.app, apiPaths.closeAccount, { password: second.password }, { token: second.token })).body).toMatchObject({
      code: Code.SELF_CHANGE_REFUSED,
    });
  });
});

describe('signing in during the grace period', () => {
  it('answers ACCOUNT_CLOSING with the erasure day and no session; a wrong password looks like any wrong password', async () => {
    const u = await newUser(t.app);
    const closed = data(await post<CloseAccountResponse>(t.app, apiPaths.closeAccount, { password: u.password }, { token: u.token }));
    const sessionsBefore = (await rowCounts(t.db)).sessions;
    const right = await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password });
    const day = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric' }).formatToParts(new Date(closed.eraseAfter));
    const md = `${day.find((p) => p.type === 'month')!.value}月${day.find((p) => p.type === 'day')!.value}日`;
    expect(right.body).toEqual({ success: false, code: Code.ACCOUNT_CLOSING, message: `账号注销中（将于 ${md} 删除）` });
    expect((await rowCounts(t.db)).sessions).toBe(sessionsBefore);
    // wrong password on the closing account, on an open account, on an unknown mobile: one answer
    const open = await newUser(t.app);
    const answers = [
      await post(t.app, apiPaths.login, { mobile: u.mobile, password: 'wrong-password-1' }),
      await post(t.app, apiPaths.login, { mobile: open.mobile, password: 'wrong-password-1' }),
      await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'wrong-password-1' }),
      await post(t.app, apiPaths.cancelCloseAccount, { mobile: u.mobile, password: 'wrong-password-1' }),
      await post(t.app, apiPaths.cancelCloseAccount, { mobile: uniqueMobile(), password: 'wrong-password-1' }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(WRONG);
    }
    expect((await userRow(u.id)).status).toBe('disabled');
  });

  it('POST /v1/cancelCloseAccount reopens the account and signs in', async () => {
    const u = await newUser(t.app);
    data(await post(t.app, apiPaths.closeAccount, { password: u.password }, { token: u.token }));
    t.clock.advance(14 * DAY_MS);
    const back = data(await post<LoginResponse>(t.app, apiPaths.cancelCloseAccount, { mobile: u.mobile, password: u.password }));
    expect(back).toMatchObject({ id: u.id, username: u.mobile, roles: ['applicant'] });
    expect(data(await get<UserProfile>(t.app, apiPaths.getUserInfo, {}, { token: back.token })).id).toBe(u.id);
    expect(await userRow(u.id)).toMatchObject({ status: 'active', closed_at: null, erase_after: null });
    const [audited] = await t.services.audit.list({ entityId: u.id, action: 'user.cancel_close' });
    expect(audited?.actorId).toBe(u.id);
    // an ordinary account again: the password signs in, the sweep leaves it alone
    await login(t.app, u.mobile, u.password);
    t.clock.advance(2 * DAY_MS);
    await t.services.accountRights.eraseDue();
    expect((await userRow(u.id)).mobile).toBe(u.mobile);
  });

  it('refuses bad input for cancelCloseAccount and writes nothing', async () => {
    const before = await rowCounts(t.db);
    for (const body of [{}, { mobile: '123', password: 'x' }, { mobile: uniqueMobile() }, { mobile: uniqueMobile(), password: '' }, { password: 'abc' }]) {
      const a = await post(t.app, apiPaths.cancelCloseAccount, body);
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('erasure after the grace period', () => {
  it('erases personal data, keeps decided applications anonymised, and frees the mobile', async () => {
    const a = await busyApplicant();
    const keep = await busyApplicant(); // an open account the sweep must not touch
    const files = await t.db.selectFrom('files').select(['id', 'storage_key']).where('owner_id', '=', a.u.id).execute();
    expect(files).toHaveLength(4);
    const avatarName = a.avatar.split('/').pop()!;
    data(await post(t.app, apiPaths.closeAccount, { password: a.u.password }, { token: a.u.token }));
    const sweep = t.services.accountRights;

    t.clock.advance(accountClosingPolicy.graceDays * DAY_MS - 60_000);
    expect(await sweep.eraseDue()).toBe(0);
    expect((await userRow(a.u.id)).mobile).toBe(a.u.mobile);

    // past the grace period: a plain wrong-credentials answer, even before the sweep has run
    t.clock.advance(2 * 60_000);
    expect((await post(t.app, apiPaths.login, { mobile: a.u.mobile, password: a.u.password })).body).toEqual(WRONG);
    expect((await post(t.app, apiPaths.cancelCloseAccount, { mobile: a.u.mobile, password: a.u.password })).body).toEqual(WRONG);

    expect(await sweep.eraseDue()).toBe(1);
    const row = await userRow(a.u.id);
    expect(row).toMatchObject({ mobile: `erased:${a.u.id}`, nickname: '已注销用户', avatar: null, status: 'disabled' });
    expect(row.erased_at).not.toBeNull();
    expect(row.password_hash).toBe('!erased');

    // drafts gone; the decided membership and the withdrawn entry kept without personal fields
    const apps = await appsOf(a.u.id);
    expect(apps.map((x) => x.id).sort()).toEqual([a.member.id, a.person.id].sort());
    for (const x of apps) {
      expect(x).toMatchObject({ applicant_name: null, organization: null, id_number_enc: null, title: '已注销用户的申请', data_json: '{}' });
      expect(x.submitted_at).not.toBeNull();
    }
    const member = apps.find((x) => x.id === a.member.id)!;
    expect(member).toMatchObject({ status: 'approved', kind: 'membership' });
    expect(member.decided_at).not.toBeNull();

    const left = async (table: 'files' | 'notifications' | 'sessions' | 'wx_bindings' | 'user_roles', column: 'owner_id' | 'user_id') =>
      (await t.db.selectFrom(table).select(column).where(column, '=', a.u.id).execute()).length;
    expect(await left('files', 'owner_id')).toBe(0);
    expect(await left('notifications', 'user_id')).toBe(0);
    expect(await left('sessions', 'user_id')).toBe(0);
    expect(await left('wx_bindings', 'user_id')).toBe(0);
    expect(await left('user_roles', 'user_id')).toBe(0);
    // the bytes too
    for (const f of files) await expect(access(join(t.config.uploadsDir, f.storage_key))).rejects.toThrow();
    expect(await readdir(join(t.config.uploadsDir, 'avatars'))).not.toContain(avatarName);

    // the audit trail keeps ids, and says what went
    const [erased] = await t.services.audit.list({ entityId: a.u.id, action: 'user.erase' });
    expect(erased?.after).toEqual({ files: 4, drafts: 1, applicationsAnonymised: 2, notifications: 1 });
    expect(JSON.stringify(erased)).not.toContain(a.u.mobile);

    // idempotent
    const snapshot = await rowCounts(t.db);
    expect(await sweep.eraseDue()).toBe(0);
    expect(await rowCounts(t.db)).toEqual(snapshot);

    // the other person is untouched
    expect((await userRow(keep.u.id)).mobile).toBe(keep.u.mobile);
    expect((await appsOf(keep.u.id)).length).toBe(3);

    // the mobile may register again, as a new account
    const password = strongPassword();
    await register(t.app, a.u.mobile, password);
    const again = await login(t.app, a.u.mobile, password);
    expect(again.id).not.toBe(a.u.id);
    expect(again.new_user).toBe(true);
    // and the old password signs into nothing
    expect((await post(t.app, apiPaths.login, { mobile: a.u.mobile, password: a.u.password })).body).toEqual(WRONG);
  });
});
