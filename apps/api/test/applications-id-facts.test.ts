/**
 * A sent person form's birth date and gender must be the ones its ID number carries (digits 7–14;
 * the 17th digit: odd male, even female): a contradiction is refused like any other field problem
 * (BAD_REQUEST with the field's sentence), on submit and on update, for every kind that asks for
 * them — rank-user, membership and the 2024 person entry. A draft is saved whatever it holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, factsOfIdNumber, idNumberFactsMessages } from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import { applicationCounts, memberForm, personForm, rankUserForm, seedProgramme, uniqueIdNumber, uploadsFor } from './support/applications.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
});
afterAll(() => t.close());

type Form = Record<string, unknown> & { idNumber: string; birthDate: string; gender: string };

interface KindCase {
  kind: 'rank_user' | 'membership' | 'person';
  submit: string;
  update: string;
  form(u: TestUser): Promise<Form>;
}

const kinds: KindCase[] = [
  {
    kind: 'rank_user', submit: apiPaths.submit, update: apiPaths.update,
    form: async (u) => { const f = await uploadsFor(t.app, u); return rankUserForm(f.photo, f.video); },
  },
  {
    kind: 'membership', submit: apiPaths.memberApply, update: apiPaths.memberUpdate,
    form: async (u) => memberForm((await uploadsFor(t.app, u)).photo),
  },
  {
    kind: 'person', submit: apiPaths.applyPerson, update: apiPaths.updateApplyPerson,
    form: async (u) => personForm((await uploadsFor(t.app, u)).photo),
  },
];

/** The day after the one the number carries (a real date, still a valid birth date). */
const dayAfter = (ymd: string) => new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const otherGender = (g: string) => (g === 'male' ? 'female' : 'male');

const refusal = (message: string) => ({ success: false, code: Code.BAD_REQUEST, message });

describe.each(kinds)('$kind', ({ kind, submit, update, form }) => {
  it('takes a form whose birth date and gender are the ID number’s, of either gender', async () => {
    const ids = [uniqueIdNumber(), uniqueIdNumber()];
    expect(new Set(ids.map((id) => factsOfIdNumber(id)!.gender)).size).toBe(2);
    for (const id of ids) {
      const u = await newUser(t.app);
      const f = { ...(await form(u)), idNumber: id, ...factsOfIdNumber(id) };
      expect((await post(t.app, submit, f, { token: u.token })).body).toMatchObject({ success: true });
    }
  });

  it('refuses a birth date or a gender the ID number contradicts, naming the field, storing nothing', async () => {
    const u = await newUser(t.app);
    const f = await form(u);
    const before = await applicationCounts(t.db);
    const wrongDay = await post(t.app, submit, { ...f, birthDate: dayAfter(f.birthDate) }, { token: u.token });
    expect(wrongDay.body).toEqual(refusal(idNumberFactsMessages.birthDate));
    expect(idNumberFactsMessages.birthDate).toContain('出生日期');
    const wrongGender = await post(t.app, submit, { ...f, gender: otherGender(f.gender) }, { token: u.token });
    expect(wrongGender.body).toEqual(refusal(idNumberFactsMessages.gender));
    expect(idNumberFactsMessages.gender).toContain('性别');
    expect(await applicationCounts(t.db)).toEqual(before);
    expect((await post(t.app, submit, f, { token: u.token })).body).toMatchObject({ success: true });
  });

  it('saves a draft that contradicts its ID number, and refuses it only when it is sent', async () => {
    const u = await newUser(t.app);
    const f = await form(u);
    const wrong = { ...f, birthDate: dayAfter(f.birthDate), gender: otherGender(f.gender) };
    const draft = data(await post<{ id: string; version: number }>(t.app, apiPaths.saveDraft, { kind, data: wrong }, { token: u.token }));
    const kept = data(await get<{ data: Record<string, unknown> }>(t.app, apiPaths.getDraft, { kind, id: draft.id }, { token: u.token }));
    expect(kept.data).toMatchObject({ birthDate: wrong.birthDate, gender: wrong.gender, idNumber: f.idNumber });
    // sent as the draft's update: refused on the first contradicted field, the draft left as it was
    const refused = await post(t.app, update, { ...wrong, id: draft.id, version: draft.version }, { token: u.token });
    expect(refused.body).toEqual(refusal(idNumberFactsMessages.birthDate));
    expect((await post(t.app, update, { ...wrong, birthDate: f.birthDate, id: draft.id, version: draft.version }, { token: u.token })).body).toEqual(
      refusal(idNumberFactsMessages.gender),
    );
    expect((await post(t.app, update, { ...f, id: draft.id, version: draft.version }, { token: u.token })).body).toMatchObject({ success: true });
  });
});
