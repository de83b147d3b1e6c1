/**
 * Once a kind has reviews its rubric's scoring is locked: criteria, weights and maximum scores stay
 * as the reviews were given under, so totals stay comparable; names, descriptions and order may
 * still change. Another kind stays free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type RubricCriterionInput } from '@qgw/contracts';
import { data, post } from './support/api.js';
import {
  assign, createRubricWorld, type CriterionBody, criteriaWithIds, type ReviewWorld, rubricCriteria, rubricOfKind, saveRubric, submittedPerson,
} from './support/console-review.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let ids: string[];

beforeAll(async () => ({ t, w, ids } = await createRubricWorld()));
afterAll(() => t.close());

const save = (kind: string, criteria: CriterionBody[]) => saveRubric(t.app, w.admin.token, kind, criteria);
const current = async (kind: string) => (await rubricOfKind(t.app, w.admin.token, kind)).criteria;
const withIds = (over?: (c: RubricCriterionInput, i: number) => Partial<RubricCriterionInput>) => criteriaWithIds(ids, over);

describe('the rubric lock', () => {
  it('before any review the scoring may change freely', async () => {
    expect((await save('person', withIds((c, i) => (i === 0 ? { weight: 40 } : i === 1 ? { weight: 40 } : {})))).body).toMatchObject({ success: true });
    expect((await save('person', withIds())).body).toMatchObject({ success: true });
  });

  it('after a review: weights, maxima and the set of criteria are refused with the count, nothing written; names and descriptions still save', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    data(await post(t.app, apiPaths.consoleReview, { applicationId: p.id, scores: { [ids[0]!]: 8, [ids[1]!]: 7, [ids[2]!]: 4 }, recommendation: 'approve' }, { token: w.reviewer.token }));
    const before = await current('person');
    const locked = {
      success: false,
      code: Code.RUBRIC_LOCKED,
      message: '该类别已有 1 份评审，评分项、权重和满分已锁定（名称与说明仍可修改），以免新旧评分不可比',
    };
    for (const attempt of [
      withIds((c, i) => (i === 0 ? { weight: 40 } : i === 1 ? { weight: 40 } : {})),
      withIds((c, i) => (i === 2 ? { maxScore: 10 } : {})),
      [...withIds().slice(0, 2).map((c, i) => ({ ...c, weight: i === 0 ? 60 : 40 }))],
      [...withIds((c, i) => (i === 0 ? { weight: 40 } : {})), { name: '新评分项', description: '', weight: 10, maxScore: 10 }],
    ]) {
      expect((await save('person', attempt)).body).toEqual(locked);
    }
    expect(await current('person')).toEqual(before);

    const renamed = withIds((c, i) => (i === 0 ? { name: '创新与突破', description: '看新意' } : {}));
    expect((await save('person', renamed.reverse())).body).toMatchObject({ success: true });
    const after = await current('person');
    expect(after.map((c) => c.name)).toEqual(['完整性', '影响力', '创新与突破']);
    expect(after.map((c) => [c.weight, c.maxScore])).toEqual([[20, 5], [30, 10], [50, 10]]);
  });

  it('another kind without reviews stays free', async () => {
    expect((await save('work', rubricCriteria)).body).toMatchObject({ success: true });
    const [a, b, c] = (await current('work')).map((x) => x.id);
    expect((await save('work', [{ ...rubricCriteria[0]!, id: a, weight: 60 }, { ...rubricCriteria[1]!, id: b, weight: 20 }, { ...rubricCriteria[2]!, id: c }])).body).toMatchObject({ success: true });
  });
});
