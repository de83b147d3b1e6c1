import {
  idNumberCheckDigit,
  usccCheckChar,
  type ApplicationKind,
  type ApplicationStatus,
  type ApplicationSummary,
  type CurrentStatus,
} from '@qgw/contracts';

/** Test data shaped exactly as the contract's answers. */

export const fileId = (n: number) => `f_${String(n).padStart(16, '0')}`;

export const validIdNumber = (() => {
  const first17 = '11010519900307123';
  return `${first17}${idNumberCheckDigit(first17)}`;
})();

export const validUscc = (() => {
  const first17 = '91350100M00010012';
  return `${first17}${usccCheckChar(first17)}`;
})();

export const currentStatus = (phase: CurrentStatus['phase'] = 'open'): CurrentStatus => ({
  year: 2024,
  name: '2024 青年创新榜',
  phase,
  opensAt: '2024-05-01T00:00:00.000Z',
  closesAt: '2024-07-31T15:59:59.000Z',
  reviewEndsAt: '2024-09-30T15:59:59.000Z',
  resultsAt: '2024-10-15T02:00:00.000Z',
  ageRange: { minAge: 18, maxAge: 40, onDate: '2024-07-31' },
});

export const summary = (
  kind: ApplicationKind,
  status: ApplicationStatus,
  over: Partial<ApplicationSummary> = {},
): ApplicationSummary => ({
  id: `${kind}-1`,
  kind,
  status,
  title: kind === 'work' ? '乡村振兴数字地图' : '张青',
  reason: null,
  submittedAt: status === 'draft' ? null : '2024-05-02T01:00:00.000Z',
  updatedAt: '2024-05-02T01:00:00.000Z',
  ...over,
});

export function view<D extends Record<string, unknown>>(
  kind: ApplicationKind,
  status: ApplicationStatus,
  data: D,
  over: Record<string, unknown> = {},
) {
  return {
    id: `${kind}-1`,
    kind,
    status,
    version: 3,
    data,
    reason: status === 'returned' || status === 'rejected' ? '照片不清晰，请重新上传' : null,
    submittedAt: '2024-05-02T01:00:00.000Z',
    decidedAt: null,
    createdAt: '2024-05-01T01:00:00.000Z',
    updatedAt: '2024-05-03T01:00:00.000Z',
    timeline: [
      { status: 'submitted', at: '2024-05-02T01:00:00.000Z', note: null },
      ...(status === 'submitted' ? [] : [{ status, at: '2024-05-03T01:00:00.000Z', note: status === 'returned' ? '照片不清晰，请重新上传' : null }]),
    ],
    fileUrls: {},
    ...over,
  };
}

export const personData = {
  name: '张青',
  gender: 'male',
  birthDate: '1990-03-07',
  idNumber: validIdNumber,
  politicalStatus: '共青团员',
  education: '本科',
  organization: '青年科技有限公司',
  position: '工程师',
  region: '北京市东城区',
  contactMobile: '13812341234',
  photo: fileId(1),
  resume: '2012年毕业于某大学，此后一直从事软件研发工作。',
  achievements: '主持完成多个智慧城市项目，获得省级青年创新奖。',
};
