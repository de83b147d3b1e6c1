/**
 * Server-side drafts: saved while a form is filled, resumed from another device (another session
 * of the same account), merged field by field, and turned into the submission on submit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type SubmitResponse } from '@qgw/contracts';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { applicationCounts, personForm, seedProgramme, themeIds, uploadImage, uploadsFor, workForm } from './support/applications.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let theme: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  theme = (await themeIds(t.app))[0]!;
});
afterAll(async () => {
  await t.close();
});

interface Draft {
  id: string;
  version: number;
  data: Record<string, unknown>;
  savedAt: string;
}

const save = (u: TestUser, body: unknown) => post<{ id: string; version: number; savedAt: string }>(t.app, apiPaths.saveDraft, body, { token: u.token });
const load = async (token: string, query: Record<string, string>) => data(await get<Draft | null>(t.app, apiPaths.getDraft, query, { token }));

describe('autosave and resume', () => {
  it('resumes a multi-step person entry on another device, step by step, and submits it', async () => {
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    const form = personForm(f.photo);
    // step 1 on the phone
    const s1 = data(await save(u, { kind: 'person', data: { name: form.name, gender: form.gender, birthDate: form.birthDate } }));
    expect(s1.version).toBe(1);
    // step 2 on the phone, without the id: the one draft of this kind is resumed, not duplicated
    const s2 = data(await save(u, { kind: 'person', data: { idNumber: form.idNumber, organization: form.organization } }));
    expect(s2).toMatchObject({ id: s1.id, version: 2 });

    // another device: a second login of the same account
    const laptop = (await login(t.app, u.mobile, u.password)).token;
    const resumed = (await load(laptop, { kind: 'person' }))!;
    expect(resumed).toMatchObject({
      id: s1.id,
      version: 2,
      data: { name: form.name, gender: form.gender, birthDate: form.birthDate, idNumber: form.idNumber, organization: form.organization },
    });
    expect(await load(laptop, { kind: 'person', id: s1.id })).toEqual(resumed);

    const done = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, { ...form, draftId: s1.id }, { token: laptop }));
    expect(done).toEqual({ id: s1.id, status: 'submitted', version: 3 });
    expect(await load(laptop, { kind: 'person' })).toBeNull();
    expect(await load(u.token, { kind: 'person', id: s1.id })).toBeNull();
    // a submitted entry is no longer a draft: saving into it is refused
    const refusedSave = await save(u, { kind: 'person', id: s1.id, data: { name: '改名' } });
    expect(refusedSave.body).toMatchObject({ success: false, code: Code.APPLICATION_STATE });
    const refusedNew = await save(u, { kind: 'person', data: { name: '新草稿' } });
    expect(refusedNew.body).toMatchObject({ success: false, code: Code.ALREADY_APPLIED });
  });

  it('submitting without draftId still takes the draft of that kind', async () => {
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    const d = data(await save(u, { kind: 'person', data: { name: '张三丰' } }));
    const done = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }));
    expect(done.id).toBe(d.id);
    const rows = await t.db.selectFrom('applications').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('a submission refused for its files leaves the draft as it was and links nothing, with or without draftId', async () => {
    const u = await newUser(t.app);
    const stranger = await newUser(t.app);
    const theirs = await uploadImage(t.app, stranger.token);
    const d = data(await save(u, { kind: 'person', data: { name: '张三丰' } }));
    const before = await applicationCounts(t.db);
    for (const body of [personForm(theirs), { ...personForm(theirs), draftId: d.id }]) {
      const a = await post(t.app, apiPaths.applyPerson, body, { token: u.token });
      expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST, message: '文件无效，请重新上传' });
    }
    expect(await applicationCounts(t.db)).toEqual(before);
    const row = await t.db.selectFrom('applications').select(['status', 'version']).where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'draft', version: d.version });
    const linked = await t.db.selectFrom('files').select('id').where('application_id', '=', d.id).execute();
    expect(linked).toEqual([]);
    // the same draft then goes through with the applicant's own photo
    const f = await uploadsFor(t.app, u);
    expect(data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }))).toMatchObject({ id: d.id, status: 'submitted' });
  });
});

describe('what a save keeps', () => {
  it('drops unknown fields, clears invalid or null ones, keeps the rest', async () => {
    const u = await newUser(t.app);
    const first = data(
      await save(u, {
        kind: 'person',
        data: { name: '李四', position: '工程师', region: '北京', status: 'approved', score: 99, extra: { a: 1 } },
      }),
    );
    data(await save(u, { kind: 'person', id: first.id, data: { name: 'X', position: null, birthDate: '1990-13-45x', region: '上海' } }));
    const d = (await load(u.token, { kind: 'person' }))!;
    expect(d.data).toEqual({ region: '上海' });
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    expect(row.data_json).not.toMatch(/approved|score|extra/);
  });

  it('keeps only the caller’s own files of the right kind and known themes', async () => {
    const u = await newUser(t.app);
    const stranger = await newUser(t.app);
    const mine = await uploadImage(t.app, u.token, 'work');
    const theirs = await uploadImage(t.app, stranger.token, 'work');
    const d = data(await save(u, { kind: 'work', data: { title: '我的作品', photos: [mine, theirs], video: mine, themeId: 'nope' } }));
    expect((await load(u.token, { kind: 'work', id: d.id }))!.data).toEqual({ title: '我的作品', photos: [mine] });
    data(await save(u, { kind: 'work', id: d.id, data: { themeId: theme } }));
    expect((await load(u.token, { kind: 'work', id: d.id }))!.data).toEqual({ title: '我的作品', photos: [mine], themeId: theme });
  });

  it('works have as many drafts as the user starts; getDraft without id resumes the latest', async () => {
    const u = await newUser(t.app);
    const a = data(await save(u, { kind: 'work', data: { title: '作品一' } }));
    t.clock.advance(1000);
    const b = data(await save(u, { kind: 'work', data: { title: '作品二' } }));
    expect(b.id).not.toBe(a.id);
    expect((await load(u.token, { kind: 'work' }))!.id).toBe(b.id);
    const f = await uploadsFor(t.app, u);
    data(await post(t.app, apiPaths.addWork, { ...workForm(theme, [f.photo]), draftId: a.id }, { token: u.token }));
    expect((await load(u.token, { kind: 'work', id: b.id }))!.data).toEqual({ title: '作品二' });
  });

  it('refuses an empty new draft and a body over 64 KB, writing nothing', async () => {
    const u = await newUser(t.app);
    const before = await applicationCounts(t.db);
    expect((await save(u, { kind: 'membership', data: {} })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST, message: '草稿没有可保存的内容' });
    expect((await save(u, { kind: 'membership', data: { unknown: 'x' } })).body).toMatchObject({ success: false });
    const big = await save(u, { kind: 'person', data: { resume: 'x'.repeat(65 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, code: Code.PAYLOAD_TOO_LARGE });
    expect(await applicationCounts(t.db)).toEqual(before);
  });

  it('saves membership drafts outside any programme', async () => {
    const u = await newUser(t.app);
    const d = data(await save(u, { kind: 'membership', data: { name: '王五' } }));
    const row = await t.db.selectFrom('applications').select(['programme_id', 'status']).where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ programme_id: null, status: 'draft' });
  });
});
