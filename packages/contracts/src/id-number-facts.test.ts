import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idNumberFactsMessages } from './applications.js';
import {
  ZApplyPersonRequest, ZMemberUpdateRequest, ZRankUserApplyRequest, ZSaveDraftRequest, ZUpdateApplyPersonRequest,
} from './applications-api.js';
import { factsOfIdNumber, idNumberCheckDigit } from './validators.js';

const fileId = 'f_0123456789abcdef';
const rest = {
  name: '张青', politicalStatus: '共青团员', education: '本科', organization: '某某科技有限公司', position: '工程师',
  region: '北京市东城区', contactMobile: '13812341234',
};
const rankUser = (p: object) => ({ ...rest, ...p, intro: '十个字以上的个人简介内容', achievements: '十个字以上的主要事迹内容', photo: fileId, video: fileId });

/** Any valid ID number: a region, a real day, a sequence (its last digit the gender), the computed check digit. */
const idNumber = fc
  .tuple(
    fc.constantFrom('110105', '440524', '310101', '510107'),
    fc.date({ min: new Date('1940-01-01'), max: new Date('2024-12-31'), noInvalidDate: true }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([region, d, seq]) => {
    const body = `${region}${d.toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
    return body + idNumberCheckDigit(body);
  });
const otherDay = fc.date({ min: new Date('1940-01-01'), max: new Date('2024-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]);

describe('birth date and gender against the ID number', () => {
  it('reads the facts of a known number: 1949-12-31, female (17th digit 2)', () => {
    expect(factsOfIdNumber('11010519491231002x')).toEqual({ birthDate: '1949-12-31', gender: 'female' });
    expect(factsOfIdNumber('440524188001010014')).toEqual({ birthDate: '1880-01-01', gender: 'male' });
    expect(factsOfIdNumber('110105194912310021')).toBeNull();
  });

  it('accepts a form exactly when its birth date and gender are the ones the number carries', () => {
    fc.assert(
      fc.property(idNumber, otherDay, fc.constantFrom('male', 'female'), (id, birthDate, gender) => {
        const facts = factsOfIdNumber(id)!;
        expect(facts.gender).toBe(Number(id[16]) % 2 === 1 ? 'male' : 'female');
        expect(facts.birthDate.replaceAll('-', '')).toBe(id.slice(6, 14));
        expect(ZRankUserApplyRequest.safeParse(rankUser({ idNumber: id, ...facts })).success).toBe(true);
        const r = ZRankUserApplyRequest.safeParse(rankUser({ idNumber: id, birthDate, gender }));
        const expected = [
          ...(birthDate === facts.birthDate ? [] : [['birthDate', idNumberFactsMessages.birthDate]]),
          ...(gender === facts.gender ? [] : [['gender', idNumberFactsMessages.gender]]),
        ];
        expect(r.success).toBe(expected.length === 0);
        expect(issuesOf(r)).toEqual(expected);
      }),
    );
  });

  it('refuses a contradiction in every sending schema that carries an ID number, on the field', () => {
    const form = { ...rest, idNumber: '11010519491231002X', birthDate: '1949-12-30', gender: 'female' };
    const person = { ...form, photo: fileId, resume: '十个字以上的个人简历内容', achievements: '十个字以上的主要成绩内容' };
    const member = { ...form, reason: '十个字以上的入会理由内容', photo: fileId, id: 'a1', version: 1 };
    for (const r of [ZApplyPersonRequest.safeParse(person), ZUpdateApplyPersonRequest.safeParse({ ...person, id: 'a', version: 1 }), ZMemberUpdateRequest.safeParse(member)]) {
      expect(issuesOf(r)).toEqual([['birthDate', idNumberFactsMessages.birthDate]]);
    }
  });

  it('names the contradiction alongside the form’s other problems', () => {
    const r = ZRankUserApplyRequest.safeParse({ ...rankUser({ idNumber: '11010519491231002X', birthDate: '1949-12-31', gender: 'male' }), name: '' });
    expect(issuesOf(r).map(([k]) => k).sort()).toEqual(['gender', 'name']);
  });

  it('says nothing of it while the ID number itself is wrong, nor of a draft', () => {
    const r = ZRankUserApplyRequest.safeParse(rankUser({ idNumber: '110105194912310021', birthDate: '2000-01-01', gender: 'male' }));
    expect(issuesOf(r).map(([k]) => k)).toEqual(['idNumber']);
    const draft = { kind: 'rank_user', data: { idNumber: '11010519491231002X', birthDate: '2000-01-01', gender: 'male' } };
    expect(ZSaveDraftRequest.safeParse(draft).success).toBe(true);
  });

  it('refuses a body that is not an object without throwing', () => {
    for (const v of [null, 1, 'x', []]) expect(ZRankUserApplyRequest.safeParse(v).success).toBe(false);
  });
});
