import { describe, expect, it } from 'vitest';
import { contactPhoneLimits, maskPhone, ZContactPhone } from './contact-phone.js';
import { ZRankUserView } from './applications-api.js';

describe('a form\'s contact phone (联系电话)', () => {
  it('accepts mobiles and landlines with their area code, with or without an extension', () => {
    for (const ok of ['13812341234', '010-12345678', '021-87654321', '0755-1234567', '0755-12345678', '010-12345678-123', ' 0571-8888888 ']) {
      expect(ZContactPhone.safeParse(ok).success, ok).toBe(true);
    }
  });

  it('refuses what is neither, with a message that shows the landline format', () => {
    for (const bad of ['1381234123', '138123412345', '12812341234', '01012345678', '010-1234567', '0755-123456', '010-123456789', '010-12345678-', '(010)12345678', '']) {
      const r = ZContactPhone.safeParse(bad);
      expect(r.success, bad).toBe(false);
    }
    expect(ZContactPhone.safeParse('010-1234567').error!.issues[0]!.message).toBe('请填写11位手机号，或带区号的固定电话（如 010-12345678）');
    expect(ZContactPhone.safeParse('').error!.issues[0]!.message).toBe('请填写联系电话');
  });

  it('has a maximum length no valid value exceeds, so an input never cuts one short', () => {
    expect('0755-12345678-123456').toHaveLength(contactPhoneLimits.max);
    expect(ZContactPhone.safeParse('0755-12345678-123456').success).toBe(true);
    expect(ZContactPhone.safeParse('0755-12345678-1234567').error!.issues[0]!.message).toBe(`联系电话最多${contactPhoneLimits.max}位`);
  });

  it('masks a mobile as 138****1234 and a landline down to its area code, last 4 digits and extension', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('010-12345678')).toBe('010-****5678');
    expect(maskPhone('0755-1234567')).toBe('0755-***4567');
    expect(maskPhone('010-12345678-123')).toBe('010-****5678-123');
  });

  it('lets a view carry a landline in full or masked, and nothing else', () => {
    const view = (contactMobile: string) => ({
      id: 'a1', kind: 'rank_user', status: 'submitted', version: 1, reason: null, submittedAt: null, decidedAt: null,
      createdAt: '2024-05-01T00:00:00.000Z', updatedAt: '2024-05-01T00:00:00.000Z', timeline: [], fileUrls: {},
      data: { contactMobile },
    });
    for (const shown of ['010-12345678', '010-****5678', '0755-***4567', '0755-12345678-12', '138****1234']) {
      expect(ZRankUserView.safeParse(view(shown)).success, shown).toBe(true);
    }
    for (const bad of ['010-****', '010-12<b>', '0755-**4567']) expect(ZRankUserView.safeParse(view(bad)).success, bad).toBe(false);
  });
});
