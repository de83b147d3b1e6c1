/**
 * ID numbers at rest and on the wire: encrypted in the row (AES-256-GCM, bound to the row), never
 * in data_json or the audit trail, shown in full only to the owner while editable, masked
 * otherwise, absent from lists. The key comes from config, or from DATA_DIR/secret.key outside
 * production; production refuses to start without one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  maskIdNumber,
  type SubmitResponse,
  ZGetPersonInfoResponse,
  ZRankUserCheckResponse,
} from '@qgw/contracts';
import { ConfigError, loadConfig } from '../src/config.js';
import { IdNumberCipher, resolveDataKey } from '../src/modules/applications/id-number-cipher.js';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import { personForm, rankUserForm, seedProgramme, themeIds, uploadsFor, workForm } from './support/applications.js';
import { reviewThrough, reviewTo } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let u: TestUser;
let f: Awaited<ReturnType<typeof uploadsFor>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  u = await newUser(t.app);
  f = await uploadsFor(t.app, u);
});
afterAll(async () => {
  await t.close();
});

const digitsOf = (id: string) => id.slice(4, 14);

describe('at rest', () => {
  it('stores the ID number only encrypted, bound to its row', async () => {
    const form = personForm(f.photo);
    const s = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, form, { token: u.token }));
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(form.idNumber);
    expect(raw).not.toContain(digitsOf(form.idNumber));
    expect(JSON.parse(row.data_json)).not.toHaveProperty('idNumber');
    expect(row.id_number_enc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

    const audit = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    expect(audit).not.toContain(digitsOf(form.idNumber));

    // the key is the one kept in DATA_DIR/secret.key, and the ciphertext is tied to this row's id
    const cipher = new IdNumberCipher(await resolveDataKey(t.config));
    expect(cipher.decrypt(row.id_number_enc!, s.id)).toBe(form.idNumber);
    expect(() => cipher.decrypt(row.id_number_enc!, 'another-row')).toThrow();
    const [v, n, tag, body] = row.id_number_enc!.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([v, n, tag, flipped.toString('base64url')].join('.'), s.id)).toThrow();
  });

  it('uses fresh randomness for every value: the same ID number never encrypts the same way twice', () => {
    const cipher = new IdNumberCipher(randomBytes(32));
    const id = personForm(f.photo).idNumber;
    expect(cipher.encrypt(id, 'a')).not.toBe(cipher.encrypt(id, 'a'));
  });
});

describe('on the wire', () => {
  it('shows the owner the full number while editable, masked once submitted, approved or seen by a reviewer', async () => {
    const v = await newUser(t.app);
    const files = await uploadsFor(t.app, v);
    const form = personForm(files.photo);
    const draft = data(await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'person', data: { idNumber: form.idNumber } }, { token: v.token }));
    const fromDraft = data(await get<{ data: { idNumber: string } }>(t.app, apiPaths.getDraft, { kind: 'person' }, { token: v.token }));
    expect(fromDraft.data.idNumber).toBe(form.idNumber);
    const viewOf = async () => ZGetPersonInfoResponse.parse(data(await get(t.app, apiPaths.getPersonInfo, {}, { token: v.token }))).person!;
    expect((await viewOf()).data.idNumber).toBe(form.idNumber);

    data(await post(t.app, apiPaths.applyPerson, { ...form, draftId: draft.id }, { token: v.token }));
    expect((await viewOf()).data.idNumber).toBe(maskIdNumber(form.idNumber));
    await reviewTo(t.db, t.clock.now, draft.id, 'under_review');
    await reviewTo(t.db, t.clock.now, draft.id, 'returned', { reason: '请核对' });
    expect((await viewOf()).data.idNumber).toBe(form.idNumber);
  });

  it('keeps ID numbers out of every list: getWorks, getApplyStatus, the look-up’s postList', async () => {
    const v = await newUser(t.app);
    const files = await uploadsFor(t.app, v);
    const theme = (await themeIds(t.app))[0]!;
    const rank = rankUserForm(files.photo, files.video);
    const person = personForm(files.photo);
    const r = data(await post<SubmitResponse>(t.app, apiPaths.submit, rank, { token: v.token }));
    data(await post(t.app, apiPaths.applyPerson, person, { token: v.token }));
    data(await post(t.app, apiPaths.addWork, workForm(theme, [files.photo]), { token: v.token }));
    await reviewThrough(t.db, t.clock.now, r.id, 'approved');

    const check = ZRankUserCheckResponse.parse(data(await get(t.app, apiPaths.getRankUser, { mobile: v.mobile, type: 'check' }, { token: v.token })));
    expect(check.rankUser.data.idNumber).toBe(maskIdNumber(rank.idNumber));
    const lists = JSON.stringify([
      check.postList,
      data(await get(t.app, apiPaths.getWorks, {}, { token: v.token })),
      data(await get(t.app, apiPaths.getApplyStatus, {}, { token: v.token })),
    ]);
    for (const id of [rank.idNumber, person.idNumber]) expect(lists).not.toContain(digitsOf(id));
  });
});

describe('the data key', () => {
  it('is generated once into DATA_DIR/secret.key (owner-only) and reused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qgw-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'development' });
      const first = await resolveDataKey(config);
      expect(first).toHaveLength(32);
      const file = join(dir, 'secret.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first)).toBe(true);
      expect((await resolveDataKey(config)).equals(first)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('comes from DATA_ENCRYPTION_KEY when set; a malformed one is refused', async () => {
    const key = randomBytes(32);
    const config = loadConfig({ DATA_ENCRYPTION_KEY: key.toString('base64'), NODE_ENV: 'production' });
    expect((await resolveDataKey(config)).equals(key)).toBe(true);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') })).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it('is required in production: the app refuses to start without it', async () => {
    await expect(resolveDataKey(loadConfig({ NODE_ENV: 'production' }))).rejects.toThrow(/DATA_ENCRYPTION_KEY is required/);
    await expect(
      createTestApp({ env: { NODE_ENV: 'production', FILE_URL_SECRET: randomBytes(32).toString('base64') } }),
    ).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
  });
});
