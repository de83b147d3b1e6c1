/**
 * Launch hardening: production refuses WeChat without PUBLIC_BASE_URL and never builds the OAuth
 * redirect from the Host header; /docs is off in production unless asked for; everything written
 * into DATA_DIR is owner-only; answers with personal data are kept by no cache.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, contentCachePolicy, type UploadedFile } from '@qgw/contracts';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { FileStorage } from '../src/modules/files/file-storage.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { uploadImage, uploadVideo } from './support/applications.js';
import { createWorld, submittedPerson } from './support/console-review.js';
import { multipartBody } from './support/files.js';
import * as fx from './support/media-fixtures.js';
import { type SmsFake, startGatewayFake } from './support/sms-fakes.js';
import { createTestApp, type TestApp, testDatabaseUrl } from './support/test-app.js';

const productionEnv = {
  NODE_ENV: 'production',
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  FILE_URL_SECRET: randomBytes(32).toString('base64'),
};
const wechat = { WECHAT_APPID: 'wx-test-app', WECHAT_SECRET: 'wechat-test-secret' };

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

let dev: TestApp;
let prod: TestApp;
let savedUmask: number;
// production sends verification codes through a provider: the HTTP gateway's fake here
let sms: SmsFake;
const smsToken = randomBytes(16).toString('hex');

beforeAll(async () => {
  // the usual umask: owner-only modes must come from the code, not from the test's process
  savedUmask = process.umask(0o022);
  dev = await createTestApp({ env: { NODE_ENV: 'development' } });
  sms = await startGatewayFake({ token: smsToken });
  prod = await createTestApp({
    env: { ...productionEnv, ...wechat, PUBLIC_BASE_URL: 'https://qgw.example.org', SMS_PROVIDER: 'http', SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: smsToken },
  });
});
afterAll(async () => {
  await dev?.close();
  await prod?.close();
  await sms?.close();
  process.umask(savedUmask);
});

describe('production configuration', () => {
  it('refuses WeChat without PUBLIC_BASE_URL in production, naming the variable', () => {
    expect(() => loadConfig({ ...productionEnv, ...wechat })).toThrow(ConfigError);
    expect(() => loadConfig({ ...productionEnv, ...wechat })).toThrow(/PUBLIC_BASE_URL/);
    expect(loadConfig({ ...productionEnv, ...wechat, PUBLIC_BASE_URL: 'https://qgw.example.org' }).publicBaseUrl).toBe('https://qgw.example.org');
    // outside production, or without WeChat, the request's origin still serves
    expect(loadConfig({ ...wechat }).wechat.configured).toBe(true);
    expect(loadConfig({ ...productionEnv }).publicBaseUrl).toBeUndefined();
  });

  it('builds the OAuth redirect from PUBLIC_BASE_URL whatever Host the request names', async () => {
    const u = await newUser(prod.app);
    const res = await get<{ configured: boolean; url: string }>(prod.app, apiPaths.wxAuthorizeUrl, {}, {
      token: u.token,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const { url } = data(res);
    const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
    expect(redirect.startsWith('https://qgw.example.org/')).toBe(true);
    expect(url).not.toContain('evil.example');
  });
});

describe('API docs', () => {
  it('answer 404 in production', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui.css']) {
      expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('are served in production with API_DOCS=1, and outside production', async () => {
    const withDocs = await createTestApp({ env: { ...productionEnv, API_DOCS: '1' } });
    try {
      const doc = await withDocs.app.inject({ method: 'GET', url: '/docs/json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.json()).toHaveProperty('openapi');
    } finally {
      await withDocs.close();
    }
    expect((await dev.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await dev.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
    expect(loadConfig({ ...productionEnv, API_DOCS: '0' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).apiDocs).toBe(false);
  });
});

describe('files under DATA_DIR are owner-only', () => {
  it.skipIf(Boolean(testDatabaseUrl))('the SQLite database and its -wal and -shm files are 0600', async () => {
    for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) expect(await modeOf(join(dev.dataDir, name)), name).toBe(0o600);
  });

  it.skipIf(Boolean(testDatabaseUrl))('a database left world-readable by an earlier version is narrowed when opened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qgw-modes-'));
    try {
      const file = join(dir, 'app.db');
      await writeFile(file, '', { mode: 0o644 });
      await chmod(file, 0o644);
      const h = openDatabase({ sqliteFile: file });
      // a first write: WAL mode makes its -wal and -shm files
      await h.db.schema.createTable('probe').addColumn('id', 'integer').execute();
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) expect(await modeOf(join(dir, name)), name).toBe(0o600);
      await h.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('folders are 0700 and generated keys 0600', async () => {
    const uploads = join(dev.dataDir, 'uploads');
    for (const dir of ['', 'tmp', 'files', 'tus', 'avatars', 'content']) expect(await modeOf(join(uploads, dir)), `uploads/${dir}`).toBe(0o700);
    for (const key of ['secret.key', 'file-url.key']) expect(await modeOf(join(dev.dataDir, key)), key).toBe(0o600);
  });

  it('folders an earlier version made 0755 are narrowed at start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qgw-modes-'));
    try {
      await mkdir(join(dir, 'files'), { mode: 0o755 });
      await chmod(join(dir, 'files'), 0o755);
      await new FileStorage(dir).init();
      expect(await modeOf(join(dir, 'files'))).toBe(0o700);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uploaded images, avatars, content files and tus videos (in progress and filed) are 0600', async () => {
    const u = await newUser(dev.app);
    const pathOfFile = async (id: string) => {
      const row = await dev.db.selectFrom('files').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
      return join(dev.config.uploadsDir, row.storage_key);
    };
    expect(await modeOf(await pathOfFile(await uploadImage(dev.app, u.token)))).toBe(0o600);

    const avatar = multipartBody({ content: fx.png(), type: 'image/png', filename: 'a.png' });
    const saved = await dev.app.inject({
      method: 'POST', url: apiPaths.uploadAvatar, payload: avatar.payload, headers: { authorization: u.token, 'content-type': avatar.contentType },
    });
    const avatarUrl = (saved.json() as { message: { url: string } }).message.url;
    expect(await modeOf(join(dev.config.uploadsDir, 'avatars', avatarUrl.split('/').pop()!))).toBe(0o600);

    // a tus upload created and not yet sent: its bytes file and its info file
    const created = await dev.app.inject({
      method: 'POST',
      url: apiPaths.uploadVideo,
      headers: { 'tus-resumable': '1.0.0', authorization: u.token, 'upload-length': '2048', 'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}` },
    });
    expect(created.statusCode).toBe(201);
    const pending = join(dev.config.uploadsDir, 'tus', String(created.headers.location).split('/').pop()!);
    expect(await modeOf(pending)).toBe(0o600);
    expect(await modeOf(`${pending}.json`)).toBe(0o600);
    expect(await modeOf(await pathOfFile(await uploadVideo(dev.app, u.token)))).toBe(0o600);

    const admin = (await createWorld(dev)).admin;
    const pdf = multipartBody({ content: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf', filename: 'a.pdf' });
    const up = await dev.app.inject({
      method: 'POST', url: apiPaths.contentAdminUpload, payload: pdf.payload, headers: { authorization: admin.token, 'content-type': pdf.contentType },
    });
    const contentUrl = (up.json() as { message: { url: string } }).message.url;
    expect(await modeOf(join(dev.config.uploadsDir, 'content', contentUrl.split('/').pop()!))).toBe(0o600);
  });
});

describe('Cache-Control: no-store on answers with personal data', () => {
  let applicant: TestUser;
  let adminToken: string;
  let applicationId: string;
  let photo: UploadedFile;

  beforeAll(async () => {
    const world = await createWorld(dev);
    adminToken = world.admin.token;
    const submitted = await submittedPerson(dev);
    applicant = submitted.applicant;
    applicationId = submitted.id;
    photo = data(await get<UploadedFile>(dev.app, apiPaths.getFileInfo, { id: submitted.form.photo }, { token: applicant.token }));
  });

  const noStore = (res: { headers: Record<string, unknown> }, what: string) => expect(res.headers['cache-control'], what).toBe('no-store');

  it("on the applicant's account, records, drafts and notifications", async () => {
    const token = applicant.token;
    noStore((await post(dev.app, apiPaths.login, { mobile: applicant.mobile, password: applicant.password })).raw, 'login');
    for (const [path, query] of [
      [apiPaths.getUserInfo, {}],
      [apiPaths.getApplyStatus, {}],
      [apiPaths.getPersonInfo, {}],
      [apiPaths.getMemberInfo, {}],
      [apiPaths.getWorks, {}],
      [apiPaths.getDraft, { kind: 'person' }],
      [apiPaths.getRankUser, { mobile: applicant.mobile, type: 'check' }],
      [apiPaths.getNotifications, {}],
      [apiPaths.getFileInfo, { id: photo.id }],
    ] as const) {
      const res = await get(dev.app, path, query, { token });
      expect(res.status, path).toBe(200);
      noStore(res.raw, path);
    }
    noStore((await post(dev.app, apiPaths.saveDraft, { kind: 'person', data: { name: '张青' } }, { token })).raw, 'saveDraft');
  });

  it('on private file bytes, by signed URL and by session', async () => {
    const signed = await dev.app.inject({ method: 'GET', url: photo.url });
    expect(signed.statusCode).toBe(200);
    noStore(signed, 'signed URL');
    const bySession = await dev.app.inject({ method: 'GET', url: `${apiPaths.file}/${photo.id}`, headers: { authorization: applicant.token } });
    expect(bySession.statusCode).toBe(200);
    noStore(bySession, 'session');
  });

  it('on the console: application, reveal, queue and exports', async () => {
    const token = adminToken;
    const application = await get(dev.app, apiPaths.consoleApplication, { id: applicationId }, { token });
    expect(application.status).toBe(200);
    noStore(application.raw, 'application');
    const reveal = await post(dev.app, apiPaths.consoleReveal, { id: applicationId, field: 'idNumber' }, { token });
    expect(reveal.body.success).toBe(true);
    noStore(reveal.raw, 'reveal');
    noStore((await get(dev.app, apiPaths.consoleQueue, {}, { token })).raw, 'queue');
    const csv = await dev.app.inject({ method: 'GET', url: apiPaths.consoleExport, query: { format: 'csv' }, headers: { authorization: token } });
    expect(csv.statusCode).toBe(200);
    noStore(csv, 'export');
    const media = await dev.app.inject({ method: 'GET', url: apiPaths.consoleExportMedia, query: { applicationId }, headers: { authorization: token } });
    expect(media.statusCode).toBe(200);
    noStore(media, 'exportMedia');
  });

  it('not on public content, themes, avatars or health checks', async () => {
    const articles = await get(dev.app, apiPaths.contentArticles);
    expect(articles.headers['cache-control']).toBe(contentCachePolicy.cacheControl);
    const themes = await get(dev.app, apiPaths.getThemes);
    expect(themes.status).toBe(200);
    expect(themes.headers['cache-control']).toBeUndefined();
    expect((await dev.app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control']).toBeUndefined();
    const u = await login(dev.app, applicant.mobile, applicant.password);
    const avatar = multipartBody({ content: fx.png(), type: 'image/png', filename: 'a.png' });
    const saved = await dev.app.inject({
      method: 'POST', url: apiPaths.uploadAvatar, payload: avatar.payload, headers: { authorization: u.token, 'content-type': avatar.contentType },
    });
    const served = await dev.app.inject({ method: 'GET', url: (saved.json() as { message: { url: string } }).message.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
