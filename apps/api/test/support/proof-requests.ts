/**
 * The requests of the role × owner × route matrix (proof-matrix.test.ts) and of the extreme-value
 * pass (proof-extremes.test.ts): for every operation, one request the right caller succeeds with,
 * built against a proof world (support/proof-world.ts) that also holds one application of each kind
 * returned to its owner, an avatar, a victim account and a victim reviewer for the people screens,
 * and ids of the seeded content.
 */
import { apiPaths, type ConsoleMfaEnrollResponse, type SubmitResponse, type UploadAvatarResponse } from '@qgw/contracts';
import { data, get, login, newUser, post, smsCodeFor, strongPassword, type TestUser, uniqueMobile } from './api.js';
import { companyForm, memberForm, personForm, rankUserForm, themeIds, uploadImage, uploadVideo, workForm } from './applications.js';
import { codeNow, type ConsoleUser, grantRoles, newConsoleUser, nextStep } from './console.js';
import { multipartBody } from './files.js';
import * as fx from './media-fixtures.js';
import { catalog } from './proof-catalog.js';
import { fillPath, type Operation, operationsOf } from './proof-route-registry.js';
import { createProofWorld, type ProofWorld } from './proof-world.js';
import { reviewThrough } from './review.js';

// ---- the world --------------------------------------------------------------------------------------

export let w: ProofWorld;
export let ops: Operation[];

/** What the requests name, beyond the proof world's own resources. */
export interface Names {
  apps: { rankUser: string; membership: string; work: string; company: string };
  avatar: string;
  victim: TestUser;
  victimReviewer: ConsoleUser;
  themeInUse: string;
  themeSpare: string;
  article: string;
  articleSlug: string | null;
  leader: string;
  subdivision: string;
  member: string;
  webviewHost: string;
  contentFile: string;
  /** a draft of the owner's (a works entry: the other kinds' drafts were submitted above) */
  draft: string;
}
export let n: Names;

/** Ids and tokens the second part creates as it goes. */
const scratch: Record<string, string> = {};

const firstId = async (table: 'content_articles' | 'content_leaders' | 'content_subdivisions' | 'content_members' | 'content_webview_hosts') =>
  (await w.t.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;

const submit = async (u: TestUser, path: string, form: unknown) => data(await post<SubmitResponse>(w.t.app, path, form, { token: u.token })).id;

/** Builds the world and what the requests name; call once (beforeAll) before using anything here. */
export async function setUpMatrixWorld(): Promise<void> {
  w = await createProofWorld();
  ops = operationsOf(w.t.app);
  const { t, owner } = w;
  const theme = (await themeIds(t.app))[0]!;
  const photo = () => uploadImage(t.app, owner.token, 'photo');
  // one application of each other kind, returned to the owner (so the owner may change it)
  const apps = {
    rankUser: await submit(owner, apiPaths.submit, rankUserForm(await photo(), await uploadVideo(t.app, owner.token))),
    membership: await submit(owner, apiPaths.memberApply, memberForm(await photo())),
    work: await submit(owner, apiPaths.addWork, workForm(theme, [await uploadImage(t.app, owner.token, 'work')])),
    company: await submit(owner, apiPaths.applyCompany, companyForm(await uploadImage(t.app, owner.token, 'license'))),
  };
  for (const id of Object.values(apps)) await reviewThrough(t.db, t.clock.now, id, 'returned', '请补充材料');

  const boundary = 'proofavatar';
  const avatarRes = await t.app.inject({
    method: 'POST', url: apiPaths.uploadAvatar, payload: multipartBody({ content: fx.png(), type: 'image/png', filename: 'a.png' }, boundary).payload,
    headers: { authorization: owner.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const avatar = (avatarRes.json() as { message: UploadAvatarResponse }).message.url.split('/').pop()!;

  const created = await t.db.selectFrom('themes').select('id').where('id', '!=', theme).orderBy('id').execute();
  const article = await t.db.selectFrom('content_articles').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
  const attachment = await t.db.selectFrom('content_articles').select('attachments_json').where('attachments_json', '!=', '[]').executeTakeFirstOrThrow();
  const contentFile = (JSON.parse(attachment.attachments_json) as Array<{ url: string }>)[0]!.url.split('/').pop()!;
  n = {
    apps,
    avatar,
    victim: await newUser(t.app),
    victimReviewer: await newConsoleUser(t.app, t.db, t.clock, ['reviewer']),
    themeInUse: theme,
    themeSpare: created.at(-1)!.id,
    article: article.id,
    articleSlug: article.slug,
    leader: await firstId('content_leaders'),
    subdivision: await firstId('content_subdivisions'),
    member: await firstId('content_members'),
    webviewHost: await firstId('content_webview_hosts'),
    contentFile,
    draft: data(await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'work', data: { title: '草稿作品' } }, { token: owner.token })).id,
  };
}

// ---- requests ---------------------------------------------------------------------------------------

export interface Req {
  query?: Record<string, string>;
  body?: unknown;
  /** a body that is not JSON */
  raw?: { type: string; payload: string | Buffer };
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Spec {
  /** the request the right caller succeeds with (for the second part, built when it is sent) */
  req: () => Req | Promise<Req>;
  /** second part only: state the call needs, made just before it */
  prepare?: () => Promise<void>;
  /** second part: who sends it (default: the first allowed caller) */
  as?: () => string | Promise<string>;
  /** second part: the status that means success (default 200 with success: true) */
  ok?: number;
  /** second part: position (lower first); destructive calls go last */
  order?: number;
}

let seasonYears = 0;
const currentSeasonId = async () =>
  (await w.t.db.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow()).id;

export const version = async (id: string) =>
  Number((await w.t.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
const idsOf = async (table: 'content_articles' | 'content_leaders' | 'content_subdivisions' | 'content_members') =>
  (await w.t.db.selectFrom(table).select('id').orderBy('sort').orderBy('id').execute()).map((r) => r.id);
const leaderIds = async () => (await w.t.db.selectFrom('content_leaders').select('id').where('leader_group', '=', 'leadership').orderBy('sort').orderBy('id').execute()).map((r) => r.id);
const articleIds = async () =>
  (await w.t.db.selectFrom('content_articles').select('id').where('category', '=', 'news').orderBy('sort').orderBy('id').execute()).map((r) => r.id);
const videoType = `filetype ${Buffer.from('video/mp4').toString('base64')}`;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const multipart = (content: Buffer, type: string, filename: string) => {
  const m = multipartBody({ content, type, filename }, 'proofmatrix');
  return { type: m.contentType, payload: m.payload };
};
const scores = () => ({ [w.criteria[0]!]: 8, [w.criteria[1]!]: 7, [w.criteria[2]!]: 4 });
const pw = (u: TestUser) => u.password;

export const specs: Record<string, Spec> = {
  // operational
  'GET /': { req: () => ({}) },
  'GET /*': { req: () => ({ params: { '*': 'index.html' } }) },
  'GET /healthz': { req: () => ({}) },
  'GET /readyz': { req: () => ({}) },
  'GET /docs/': { req: () => ({}) },
  'GET /docs/json': { req: () => ({}) },
  'GET /docs/yaml': { req: () => ({}) },
  'GET /docs/static/*': { req: () => ({ params: { '*': 'swagger-ui.css' } }) },
  'GET /docs/static/index.html': { req: () => ({}), ok: 302 },
  'GET /docs/static/swagger-initializer.js': { req: () => ({}) },

  // accounts
  'POST /v1/login': { req: () => ({ body: { mobile: w.other.mobile, password: w.other.password } }) },
  'POST /v1/registerUser': {
    prepare: async () => {
      scratch.registerMobile = uniqueMobile();
      scratch.registerCode = await smsCodeFor(w.t.app, scratch.registerMobile, 'register');
    },
    req: () => ({
      body: { mobile: scratch.registerMobile ?? uniqueMobile(), password: strongPassword(), agree: true, smsCode: scratch.registerCode ?? '000000' },
    }),
  },
  'GET /v1/getUserInfo': { req: () => ({}) },
  'POST /v1/updateProfile': { req: () => ({ body: { nickname: '新昵称' } }) },
  'POST /v1/updatePassword': {
    req: () => ({ body: { oldPassword: pw(w.other), newPassword: strongPassword() } }),
    as: () => w.other.token,
    order: 90,
  },
  'POST /v1/updatePhone': {
    prepare: async () => {
      scratch.newMobile = uniqueMobile();
      scratch.newMobileCode = await smsCodeFor(w.t.app, scratch.newMobile, 'changePhone');
    },
    req: () => ({ body: { password: pw(n.victim), newMobile: scratch.newMobile ?? uniqueMobile(), smsCode: scratch.newMobileCode ?? '000000' } }),
    as: () => n.victim.token,
    order: 91,
  },
  'POST /v1/logout': { req: () => ({}), as: async () => (await login(w.t.app, w.owner.mobile, w.owner.password)).token, order: 92 },
  'POST /v1/uploadAvatar': { req: () => ({ raw: multipart(fx.jpeg(), 'image/jpeg', 'me.jpg') }) },
  'GET /v1/avatars/:name': { req: () => ({ params: { name: n.avatar } }) },
  'GET /v1/altcha/challenge': { req: () => ({}) },
  'POST /v1/sendSmsCode': { req: () => ({ body: { mobile: uniqueMobile(), purpose: 'register' } }) },
  'POST /v1/resetPassword': {
    // an account of its own: a reset ends every session of it
    prepare: async () => {
      const u = await newUser(w.t.app);
      scratch.resetMobile = u.mobile;
      scratch.resetCode = await smsCodeFor(w.t.app, u.mobile, 'resetPassword');
    },
    req: () => ({ body: { mobile: scratch.resetMobile ?? uniqueMobile(), smsCode: scratch.resetCode ?? '000000', newPassword: strongPassword() } }),
  },
  'POST /v1/loginBySms': {
    prepare: async () => {
      scratch.smsLoginCode = await smsCodeFor(w.t.app, w.other.mobile, 'login');
    },
    req: () => ({ body: { mobile: w.other.mobile, smsCode: scratch.smsLoginCode ?? '000000' } }),
  },
  'GET /v1/exportMyData': { req: () => ({}) },
  'POST /v1/closeAccount': {
    // an account of its own: closing ends its sessions and refuses its logins
    prepare: async () => {
      const u = await newUser(w.t.app);
      scratch.closeToken = u.token;
      scratch.closePassword = u.password;
    },
    req: () => ({ body: { password: scratch.closePassword ?? 'no-password' } }),
    as: () => scratch.closeToken ?? w.other.token,
    order: 93,
  },
  'POST /v1/cancelCloseAccount': {
    prepare: async () => {
      const u = await newUser(w.t.app);
      data(await post(w.t.app, apiPaths.closeAccount, { password: u.password }, { token: u.token }));
      scratch.closingMobile = u.mobile;
      scratch.closingPassword = u.password;
    },
    req: () => ({ body: { mobile: scratch.closingMobile ?? uniqueMobile(), password: scratch.closingPassword ?? 'no-password' } }),
  },
  'GET /v1/dev/smsOutbox': { req: () => ({ query: { mobile: w.owner.mobile } }) },
  'GET /v1/wxAuthorizeUrl': { req: () => ({}) },
  'GET /v1/wxJsConfig': { req: () => ({ query: { url: 'http://localhost/?from=timeline' } }) },
  'GET /v1/bindWxUser': {
    prepare: async () => {
      const { url } = data(await get<{ url: string }>(w.t.app, apiPaths.wxAuthorizeUrl, {}, { token: w.owner.token }));
      scratch.state = new URL(url).searchParams.get('state')!;
      scratch.code = w.wx.issueCode();
    },
    req: () => ({ query: { code: scratch.code ?? 'wx-code', state: scratch.state ?? 'wx-state' } }),
    as: () => w.owner.token,
  },

  // programme
  'GET /v1/getCurrentStatus': { req: () => ({}) },
  'GET /v1/getThemes': { req: () => ({}) },

  // applications: new ones by the owner need files of their own
  'POST /v1/rankUserApply': {
    prepare: async () => {
      scratch.rankPhoto = await uploadImage(w.t.app, w.other.token, 'photo');
      scratch.rankVideo = await uploadVideo(w.t.app, w.other.token);
    },
    req: () => ({ body: rankUserForm(scratch.rankPhoto ?? w.files.photo, scratch.rankVideo ?? w.files.video) }),
    as: () => w.other.token,
  },
  'POST /v1/memberApply': {
    prepare: async () => {
      scratch.memberPhoto = await uploadImage(w.t.app, w.other.token, 'photo');
    },
    req: () => ({ body: memberForm(scratch.memberPhoto ?? w.files.photo) }),
    as: () => w.other.token,
  },
  'POST /v1/applyPerson': {
    prepare: async () => {
      scratch.personPhoto = await uploadImage(w.t.app, w.other.token, 'photo');
    },
    req: () => ({ body: personForm(scratch.personPhoto ?? w.files.photo) }),
    as: () => w.other.token,
  },
  'POST /v1/addWork': {
    prepare: async () => {
      scratch.workPhoto = await uploadImage(w.t.app, w.other.token, 'work');
    },
    req: () => ({ body: workForm(n.themeInUse, [scratch.workPhoto ?? w.files.photo]) }),
    as: () => w.other.token,
  },
  'POST /v1/applyCompany': {
    prepare: async () => {
      scratch.license = await uploadImage(w.t.app, w.other.token, 'license');
    },
    req: () => ({ body: companyForm(scratch.license ?? w.files.license) }),
    as: () => w.other.token,
  },
  'POST /v1/rankUserUpdate': {
    req: async () => {
      const rows = await w.t.db.selectFrom('files').select(['id', 'kind']).where('application_id', '=', n.apps.rankUser).execute();
      const photo = rows.find((r) => r.kind === 'image')!.id;
      const video = rows.find((r) => r.kind === 'video')!.id;
      return { body: { ...rankUserForm(photo, video), id: n.apps.rankUser, version: await version(n.apps.rankUser) } };
    },
  },
  'POST /v1/memberUpdate': {
    req: async () => {
      const photo = (await w.t.db.selectFrom('files').select('id').where('application_id', '=', n.apps.membership).executeTakeFirstOrThrow()).id;
      return { body: { ...memberForm(photo), id: n.apps.membership, version: await version(n.apps.membership) } };
    },
  },
  'POST /v1/updateApplyPerson': {
    // the person entry is returned to the owner by the release of the decisions part
    order: 60,
    req: async () => {
      const photo = (await w.t.db.selectFrom('files').select('id').where('application_id', '=', w.applicationId).executeTakeFirstOrThrow()).id;
      return { body: { ...personForm(photo), id: w.applicationId, version: await version(w.applicationId) } };
    },
  },
  'POST /v1/updateWork': {
    req: async () => {
      const photo = (await w.t.db.selectFrom('files').select('id').where('application_id', '=', n.apps.work).executeTakeFirstOrThrow()).id;
      return { body: { ...workForm(n.themeInUse, [photo]), id: n.apps.work, version: await version(n.apps.work) } };
    },
  },
  'POST /v1/updateApplyCompany': {
    req: async () => {
      const license = (await w.t.db.selectFrom('files').select('id').where('application_id', '=', n.apps.company).executeTakeFirstOrThrow()).id;
      return { body: { ...companyForm(license), id: n.apps.company, version: await version(n.apps.company) } };
    },
  },
  'GET /v1/getRankUserInfo': { req: () => ({ query: { mobile: w.owner.mobile, type: 'info' } }) },
  'GET /v1/getMemberInfo': { req: () => ({}) },
  'GET /v1/getPersonInfo': { req: () => ({}) },
  'GET /v1/getCompanyInfo': { req: () => ({}) },
  'GET /v1/getWorks': { req: () => ({}) },
  'GET /v1/getWork': { req: () => ({ query: { id: n.apps.work } }) },
  'GET /v1/getApplyStatus': { req: () => ({}) },
  'POST /v1/saveDraft': { req: () => ({ body: { kind: 'work', id: n.draft, data: { title: '改过的草稿' } } }) },
  'GET /v1/getDraft': { req: () => ({ query: { kind: 'work', id: n.draft } }) },
  'POST /v1/withdrawApplication': { req: () => ({ body: { id: n.apps.company, reason: '不再申报' } }), order: 10 },
  'GET /v1/myApplications': { req: () => ({}) },
  'GET /v1/getPrefill': { req: () => ({ query: { kind: 'membership' } }) },

  // files
  'POST /v1/uploadImage': { req: () => ({ query: { purpose: 'photo' }, raw: multipart(fx.png(), 'image/png', 'p.png') }) },
  'POST /v1/uploads/video': {
    req: () => ({ headers: { 'tus-resumable': '1.0.0', 'upload-length': '4096', 'upload-metadata': videoType } }),
    ok: 201,
  },
  'HEAD /v1/uploads/video/:id': { req: () => ({ params: { id: w.uploadId }, headers: { 'tus-resumable': '1.0.0' } }) },
  'PATCH /v1/uploads/video/:id': {
    req: () => ({
      params: { id: w.uploadId },
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0' },
      raw: { type: 'application/offset+octet-stream', payload: fx.isoVideo(w.uploadLength).subarray(0, 1000) },
    }),
    ok: 204,
  },
  'DELETE /v1/uploads/video/:id': { req: () => ({ params: { id: w.uploadId }, headers: { 'tus-resumable': '1.0.0' } }), ok: 204, order: 20 },
  'GET /v1/files/:id': { req: () => ({ params: { id: w.files.photo } }) },
  'GET /v1/getFileInfo': { req: () => ({ query: { id: w.files.photo } }) },

  // notifications
  'GET /v1/getNotifications': { req: () => ({}) },
  'POST /v1/readNotification': { req: () => ({ body: { id: w.notificationId } }) },

  // content: public
  'GET /v1/content/articles': { req: () => ({}) },
  'GET /v1/content/article': { req: () => ({ query: { id: n.article } }) },
  'GET /v1/content/leaders': { req: () => ({}) },
  'GET /v1/content/subdivisions': { req: () => ({}) },
  'GET /v1/content/subdivision': { req: () => ({ query: { id: n.subdivision } }) },
  'GET /v1/content/members': { req: () => ({}) },
  'GET /v1/content/memberRegions': { req: () => ({}) },
  'GET /v1/content/member': { req: () => ({ query: { id: n.member } }) },
  'GET /v1/content/webviewCheck': { req: () => ({ query: { url: 'https://www.gov.cn/' } }) },
  'GET /v1/content/webviewHosts': { req: () => ({}) },
  'GET /v1/content/seasons': { req: () => ({}) },
  'GET /v1/content/files/:name': { req: () => ({ params: { name: n.contentFile } }) },

  // content: admin
  'GET /v1/content/admin/articles': { req: () => ({}) },
  'GET /v1/content/admin/article': { req: () => ({ query: { id: n.article } }) },
  'POST /v1/content/admin/articles/create': { req: () => ({ body: { category: 'news', title: '矩阵测试新闻' } }) },
  'POST /v1/content/admin/articles/update': { req: () => ({ body: { id: n.article, summary: '矩阵测试摘要' } }) },
  'POST /v1/content/admin/articles/publish': { req: () => ({ body: { id: n.article, published: true } }) },
  'POST /v1/content/admin/articles/reorder': { req: async () => ({ body: { ids: await articleIds() } }) },
  'POST /v1/content/admin/articles/delete': { req: () => ({ body: { id: n.article } }), order: 30 },
  'GET /v1/content/admin/leaders': { req: () => ({}) },
  'POST /v1/content/admin/leaders/create': { req: () => ({ body: { group: 'leadership', name: '矩阵', title: '委员' } }) },
  'POST /v1/content/admin/leaders/update': { req: () => ({ body: { id: n.leader, title: '副主任' } }) },
  'POST /v1/content/admin/leaders/publish': { req: () => ({ body: { id: n.leader, published: true } }) },
  'POST /v1/content/admin/leaders/reorder': { req: async () => ({ body: { ids: await leaderIds() } }) },
  'POST /v1/content/admin/leaders/delete': { req: () => ({ body: { id: n.leader } }), order: 30 },
  'GET /v1/content/admin/subdivisions': { req: () => ({}) },
  'POST /v1/content/admin/subdivisions/create': {
    req: () => ({ body: { name: '矩阵分会' } }),
  },
  'POST /v1/content/admin/subdivisions/update': { req: () => ({ body: { id: n.subdivision, description: '矩阵测试' } }) },
  'POST /v1/content/admin/subdivisions/publish': { req: () => ({ body: { id: n.subdivision, published: true } }) },
  'POST /v1/content/admin/subdivisions/reorder': { req: async () => ({ body: { ids: await idsOf('content_subdivisions') } }) },
  'POST /v1/content/admin/subdivisions/delete': {
    // an empty subdivision (one with members cannot be deleted)
    prepare: async () => {
      scratch.subdivision = data(await post<{ id: string }>(w.t.app, apiPaths.contentAdminSubdivisionCreate, { name: '待删分会' }, { token: w.admin.token })).id;
    },
    req: () => ({ body: { id: scratch.subdivision ?? n.subdivision } }),
    order: 30,
  },
  'GET /v1/content/admin/members': { req: () => ({}) },
  'POST /v1/content/admin/members/create': { req: () => ({ body: { name: '矩阵成员', region: '北京市' } }) },
  'POST /v1/content/admin/members/update': { req: () => ({ body: { id: n.member, title: '理事' } }) },
  'POST /v1/content/admin/members/publish': { req: () => ({ body: { id: n.member, published: true } }) },
  'POST /v1/content/admin/members/reorder': { req: async () => ({ body: { ids: await idsOf('content_members') } }) },
  'POST /v1/content/admin/members/delete': { req: () => ({ body: { id: n.member } }), order: 30 },
  'GET /v1/content/admin/webviewHosts': { req: () => ({}) },
  'POST /v1/content/admin/webviewHosts/create': { req: () => ({ body: { host: 'matrix.example.org' } }) },
  'POST /v1/content/admin/webviewHosts/update': { req: () => ({ body: { id: n.webviewHost, note: '矩阵测试' } }) },
  'POST /v1/content/admin/webviewHosts/delete': { req: () => ({ body: { id: n.webviewHost } }), order: 30 },
  'POST /v1/content/admin/upload': { req: () => ({ raw: multipart(pdf, 'application/pdf', '办法.pdf') }) },
  'POST /v1/content/admin/preview': { req: () => ({ body: { body: '<p>预览</p>' } }) },

  // console: sign-in steps, for a reviewer who has not enrolled yet
  'GET /v1/console/me': { req: () => ({}) },
  'POST /v1/console/mfa/enroll': {
    prepare: async () => {
      const newcomer = await newUser(w.t.app);
      await grantRoles(w.t.db, newcomer.id, ['reviewer']);
      scratch.newcomer = newcomer.token;
    },
    req: () => ({ body: {} }),
    as: () => scratch.newcomer!,
    order: 1,
  },
  'POST /v1/console/mfa/activate': {
    prepare: async () => {
      const enrol = data(await post<ConsoleMfaEnrollResponse>(w.t.app, apiPaths.consoleMfaEnroll, {}, { token: scratch.newcomer! }));
      scratch.newcomerSecret = enrol.secret;
    },
    req: () => ({ body: { code: scratch.newcomerSecret ? codeNow(scratch.newcomerSecret, w.t.clock) : '000000' } }),
    as: () => scratch.newcomer!,
    order: 2,
  },
  'POST /v1/console/mfa/verify': {
    prepare: async () => {
      nextStep(w.t.clock);
    },
    req: () => ({ body: { code: scratch.newcomerSecret ? codeNow(scratch.newcomerSecret, w.t.clock) : '000000' } }),
    as: () => scratch.newcomer!,
    order: 3,
  },

  // console: people, programme, rubrics, audit
  'GET /v1/console/users': { req: () => ({}) },
  'GET /v1/console/users/one': { req: () => ({ query: { userId: n.victim.id } }) },
  'POST /v1/console/users/roles': { req: () => ({ body: { userId: n.victim.id, roles: ['applicant', 'reviewer'] } }), order: 80 },
  'POST /v1/console/users/disable': { req: () => ({ body: { userId: n.victim.id, disabled: true } }), order: 95 },
  'POST /v1/console/users/resetMfa': { req: () => ({ body: { userId: n.victimReviewer.id } }), order: 80 },
  'POST /v1/console/users/sendResetCode': { req: () => ({ body: { userId: n.victimReviewer.id } }) },
  'POST /v1/console/users/invite': { req: () => ({ body: { mobile: uniqueMobile(), roles: ['reviewer'] } }) },
  'POST /v1/console/users/reviewerProfile': { req: () => ({ body: { userId: n.victimReviewer.id, organization: '矩阵单位' } }) },
  'GET /v1/console/programme': { req: () => ({}) },
  'POST /v1/console/programme': { req: () => ({ body: { blindReview: false } }) },
  'GET /v1/console/themes': { req: () => ({}) },
  'POST /v1/console/themes/create': { req: () => ({ body: { name: '矩阵主题' } }) },
  'POST /v1/console/themes/update': { req: () => ({ body: { id: n.themeSpare, description: '矩阵测试' } }) },
  'POST /v1/console/themes/delete': {
    prepare: async () => {
      scratch.theme = data(await post<{ id: string }>(w.t.app, apiPaths.consoleThemeCreate, { name: '待删主题' }, { token: w.admin.token })).id;
    },
    req: () => ({ body: { id: scratch.theme ?? n.themeSpare } }),
    order: 30,
  },
  'GET /v1/console/rubrics': { req: () => ({}) },
  'POST /v1/console/rubrics': { req: () => ({ body: { kind: 'work', criteria: [{ name: '矩阵', description: '', weight: 100, maxScore: 10 }] } }) },
  'GET /v1/console/audit': { req: () => ({}) },

  // console: seasons (a new year each time it is sent; making the current season current changes nothing)
  'GET /v1/console/seasons': { req: () => ({}) },
  'POST /v1/console/seasons/create': {
    req: async () => ({ body: { year: 2030 + (seasonYears += 1), copyFrom: await currentSeasonId() } }),
  },
  'POST /v1/console/seasons/makeCurrent': { req: async () => ({ body: { id: await currentSeasonId() } }) },

  // console: reviewing the owner's person entry (assigned to `reviewer`)
  'GET /v1/console/queue': { req: () => ({}) },
  'GET /v1/console/queue/ids': { req: () => ({}) },
  'GET /v1/console/application': { req: () => ({ query: { id: w.applicationId } }) },
  // (a full ID number only for admins: console-review-privacy.test.ts)
  'POST /v1/console/reveal': { req: () => ({ body: { id: w.applicationId, field: 'mobile' } }) },
  'POST /v1/console/review': {
    req: () => ({ body: { applicationId: w.applicationId, scores: scores(), recommendation: 'approve' } }),
    as: () => w.reviewer.token,
    order: 40,
  },
  'POST /v1/console/assign': { req: () => ({ body: { applicationIds: [w.applicationId], reviewerIds: [w.reviewer2.id] } }), order: 41 },
  'POST /v1/console/unassign': { req: () => ({ body: { applicationId: w.applicationId, reviewerId: w.reviewer2.id } }), order: 42 },
  'POST /v1/console/unassign/many': { req: () => ({ body: { applicationIds: [w.applicationId], reviewerIds: [w.reviewer2.id] } }), order: 42 },
  'POST /v1/console/assign/csv': {
    req: () => ({ raw: { type: 'text/csv', payload: `application_id,reviewer_mobile\n${w.applicationId},${w.reviewer2.mobile}\n` } }),
    order: 43,
  },
  'POST /v1/console/assign/auto': { req: () => ({ body: { applicationIds: [w.applicationId], perApplication: 3 } }), order: 44 },
  'GET /v1/console/reviewers': { req: () => ({}) },
  // the assignment matrix; a reminder while the assigned reviewer still has the entry to review
  'GET /v1/console/assignments': { req: () => ({}) },
  'POST /v1/console/assignments/remind': { req: () => ({ body: { reviewerId: w.reviewer.id } }) },
  'GET /v1/console/reminder': { req: () => ({}) },
  'GET /v1/console/myAssignments': { req: () => ({}) },
  'GET /v1/console/reviewDraft': { req: () => ({ query: { applicationId: w.applicationId } }) },
  'POST /v1/console/reviewDraft/save': {
    req: () => ({ body: { applicationId: w.applicationId, scores: { [w.criteria[0]!]: 8 }, commentToApplicant: '矩阵草稿' } }),
    as: () => w.reviewer.token,
    order: 39,
  },
  'POST /v1/console/conflict': {
    req: () => ({ body: { applicationId: w.applicationId, reason: '曾为其导师' } }),
    as: () => w.reviewer.token,
    order: 45,
  },

  // console: decisions on it (returning it to the owner), deliveries, exports
  'POST /v1/console/decisions/stage': {
    req: async () => ({ body: { applicationId: w.applicationId, decision: 'return', reason: '请补充材料', version: await version(w.applicationId) } }),
    order: 50,
  },
  'POST /v1/console/decisions/stageMany': { req: () => ({ body: { applicationIds: [w.applicationId], decision: 'return', reason: '请补充材料' } }), order: 50 },
  'GET /v1/console/decisions/preview': { req: () => ({ query: { applicationId: w.applicationId } }), order: 51 },
  'GET /v1/console/decisions/staged': { req: () => ({}) },
  'POST /v1/console/decisions/unstage': {
    req: async () => ({ body: { applicationId: w.applicationId, version: await version(w.applicationId) } }),
    order: 52,
  },
  'POST /v1/console/decisions/release': {
    prepare: async () => {
      const v = await version(w.applicationId);
      data(await post(w.t.app, apiPaths.consoleDecisionStage, { applicationId: w.applicationId, decision: 'return', reason: '请补充材料', version: v }, { token: w.admin.token }));
    },
    req: () => ({ body: { applicationIds: [w.applicationId], expectedCount: 1 } }),
    order: 53,
  },
  'GET /v1/console/deliveries': { req: () => ({}) },
  // console: the ranking of its kind, and staging from the cut line (refused per row: no quota set)
  'GET /v1/console/ranking': { req: () => ({ query: { kind: 'person' } }) },
  'POST /v1/console/ranking/stage': {
    req: async () => ({ body: { kind: 'person', approve: [{ applicationId: w.applicationId, version: await version(w.applicationId) }], expectedCount: 1 } }),
  },
  // console: the 概览 of the current round
  'GET /v1/console/dashboard': { req: () => ({ query: { days: '30' } }) },
  'GET /v1/console/export': { req: () => ({ query: { format: 'csv' } }) },
  'GET /v1/console/exportMedia': { req: () => ({ query: { applicationId: w.applicationId } }) },
};

// ---- sending ----------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  json: { success?: unknown; code?: unknown; message?: unknown } | null;
  body: string;
}

export async function send(op: Operation, r: Req, token: string | undefined): Promise<Answer> {
  const url = fillPath(op.url, r.params ?? {});
  const isBodyMethod = op.method === 'POST' || op.method === 'PATCH';
  const headers: Record<string, string> = { ...(token ? { authorization: token } : {}), ...r.headers };
  let payload: string | Buffer | undefined;
  if (r.raw) {
    headers['content-type'] = r.raw.type;
    payload = r.raw.payload;
  } else if (isBodyMethod && op.url.startsWith('/v1/') && !op.url.startsWith(apiPaths.uploadVideo)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(r.body ?? {});
  }
  const res = await w.t.app.inject({ method: op.method, url, query: r.query ?? {}, headers, ...(payload !== undefined ? { payload } : {}) });
  let json: Answer['json'] = null;
  if (String(res.headers['content-type'] ?? '').includes('json') || res.body.startsWith('{"success"')) {
    try {
      json = res.json();
    } catch {
      json = null;
    }
  }
  return { status: res.statusCode, json, body: res.body };
}

/** Values only the owner's own answers carry: a success naming any of them is a leak. */
const ownerMarkers = () => [
  w.owner.id, w.owner.mobile, w.applicationId, ...Object.values(n.apps), w.draftId, n.draft, w.notificationId, w.uploadId,
  ...Object.values(w.files), '张青',
];

/** An answer that did what only the right caller may: a 2xx with success (or a file), for owner routes one that names the owner's data. */
export function leaked(op: Operation, a: Answer): boolean {
  if (a.status < 200 || a.status >= 300) return false;
  if (!a.json) return true;
  if (a.json.success !== true) return false;
  const access = catalog[op.key]!.access;
  if (access === 'owner' || access === 'files' || access === 'lookup') return ownerMarkers().some((m) => a.body.includes(m));
  return true;
}

