import { describe, expect, it } from 'vitest';
import { ZGetRankUserResponse, ZPersonView, ZRankUserView } from './applications-api.js';
import { maskMobile } from './accounts.js';
import { maskIdNumber } from './validators.js';

const view = (data: Record<string, unknown>) => ({
  id: 'a1', kind: 'rank_user', status: 'approved', version: 3, data, reason: null, submittedAt: null, decidedAt: null,
  createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', timeline: [], fileUrls: {},
});

describe('application views', () => {
  it('carry a masked ID number once the application is no longer editable', () => {
    const masked = maskIdNumber('11010519491231002X');
    expect(ZRankUserView.parse(view({ idNumber: masked })).data.idNumber).toBe(masked);
    expect(ZPersonView.parse({ ...view({ idNumber: masked }), kind: 'person' }).data.idNumber).toBe(masked);
  });

  it('carry a contact mobile in full or masked as maskMobile masks it, nothing else', () => {
    for (const shown of ['13812341234', maskMobile('13812341234')]) expect(ZRankUserView.parse(view({ contactMobile: shown })).data.contactMobile).toBe(shown);
    for (const bad of ['138****123', '138***41234', '1381234abcd', '<b>13812341234</b>', '']) expect(ZRankUserView.safeParse(view({ contactMobile: bad })).success).toBe(false);
  });

  it('getRankUserInfo answers one of: {rankUser, postList}, {rankUser}, a summary, or null', () => {
    const summary = { id: 'a1', kind: 'rank_user', status: 'submitted', title: '张青', reason: null, submittedAt: null, updatedAt: 'x' };
    expect(ZGetRankUserResponse.parse(null)).toBeNull();
    expect(ZGetRankUserResponse.parse(summary)).toEqual(summary);
    expect(ZGetRankUserResponse.parse({ rankUser: null })).toEqual({ rankUser: null });
    const check = ZGetRankUserResponse.parse({ rankUser: view({}), postList: [summary] });
    expect(check).toHaveProperty('postList');
  });
});
