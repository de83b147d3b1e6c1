import { describe, expect, it } from 'vitest';
import { ZCompanyForm, ZRankUserForm, ZWorkForm } from './applications.js';
import { applicantTransitions, editableStatuses, applicationStatuses } from './lifecycle.js';
import { ZRankUserApplyRequest, ZSaveDraftRequest } from './applications-api.js';

const person = {
  name: '张青', gender: 'female', birthDate: '1949-12-31', idNumber: '11010519491231002x',
  politicalStatus: '共青团员', education: '本科', organization: '某某科技有限公司', position: '工程师',
  region: '北京市东城区', contactMobile: '13812341234',
};
const fileId = 'f_0123456789abcdef';

describe('application forms', () => {
  it('accepts a complete rank-user form and normalises the ID number', () => {
    const r = ZRankUserForm.parse({ ...person, intro: '十个字以上的个人简介内容', achievements: '十个字以上的主要事迹内容', photo: fileId, video: fileId });
    expect(r.idNumber).toBe('11010519491231002X');
  });

  it('refuses a wrong ID check digit with a Chinese message', () => {
    const r = ZRankUserForm.safeParse({ ...person, idNumber: '110105194912310021' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === 'idNumber')!.message).toBe('身份证号码不正确');
  });

  it('strips fields an applicant may not set (status, score, reviewer)', () => {
    const r = ZRankUserApplyRequest.parse({
      ...person, intro: '十个字以上的个人简介内容', achievements: '十个字以上的主要事迹内容', photo: fileId, video: fileId,
      status: 'approved', score: 100, reviewerId: 'x',
    });
    expect(r).not.toHaveProperty('status');
    expect(r).not.toHaveProperty('score');
    expect(r).not.toHaveProperty('reviewerId');
  });

  it('limits a work to 1–9 photos and 10 team members', () => {
    const base = { themeId: 't1', title: '青年创新', description: '十个字以上的作品简介内容', team: [] };
    expect(ZWorkForm.safeParse({ ...base, photos: [] }).success).toBe(false);
    expect(ZWorkForm.safeParse({ ...base, photos: Array(9).fill(fileId) }).success).toBe(true);
    expect(ZWorkForm.safeParse({ ...base, photos: Array(10).fill(fileId) }).success).toBe(false);
  });

  it('validates the unified social credit code of a company', () => {
    const c = {
      companyName: '某某科技', uscc: '91350100M000100Y43', legalRepresentative: '李明', contactName: '王芳',
      contactMobile: '13912341234', address: '北京市海淀区', industry: '信息技术', description: '十个字以上的企业简介内容', license: fileId,
    };
    expect(ZCompanyForm.safeParse(c).success).toBe(true);
    expect(ZCompanyForm.safeParse({ ...c, uscc: '91350100M000100Y44' }).success).toBe(false);
  });

  it('accepts any partial object as a draft', () => {
    expect(ZSaveDraftRequest.safeParse({ kind: 'person', data: { name: '张' } }).success).toBe(true);
    expect(ZSaveDraftRequest.safeParse({ kind: 'nope', data: {} }).success).toBe(false);
  });
});

describe('lifecycle', () => {
  it('lets applicants edit only drafts and returned applications, and never decide', () => {
    expect(editableStatuses).toEqual(['draft', 'returned']);
    for (const s of applicationStatuses) {
      for (const t of applicantTransitions[s]) expect(['submitted', 'withdrawn']).toContain(t);
    }
    expect(applicantTransitions.approved).toEqual([]);
  });
});
