import type { ApplicationSummary, RankUserForm } from '@qgw/contracts';
import type { RankUserView } from '../api/operations.js';

/** A complete, valid rank-user form (the ID number's check digit is right). */
export const completeForm = (over: Partial<RankUserForm> = {}): RankUserForm => ({
  name: '张晓青',
  gender: 'female',
  birthDate: '1990-03-07',
  idNumber: '110105199003070025',
  politicalStatus: '共青团员',
  education: '本科',
  organization: '青工委科技创新中心',
  position: '工程师',
  region: '北京市朝阳区',
  contactMobile: '13812341234',
  intro: '长期从事青年科技创新工作，带领团队完成多项技术攻关。',
  achievements: '主持研发的智能巡检系统获省级科技进步奖，累计获得发明专利五项。',
  photo: 'photo_0000000000000001',
  video: 'video_0000000000000001',
  ...over,
});

export const rankUserView = (over: Partial<RankUserView> = {}): RankUserView => ({
  id: 'ru-1',
  kind: 'rank_user',
  status: 'submitted',
  version: 3,
  data: completeForm(),
  reason: null,
  submittedAt: '2024-05-02T02:00:00.000Z',
  decidedAt: null,
  createdAt: '2024-05-01T02:00:00.000Z',
  updatedAt: '2024-05-02T02:00:00.000Z',
  timeline: [
    { status: 'draft', at: '2024-05-01T02:00:00.000Z', note: null },
    { status: 'submitted', at: '2024-05-02T02:00:00.000Z', note: null },
  ],
  fileUrls: {
    photo_0000000000000001: '/v1/files/photo_0000000000000001?sig=abc',
    video_0000000000000001: '/v1/files/video_0000000000000001?sig=def',
  },
  ...over,
});

export const summary = (over: Partial<ApplicationSummary> = {}): ApplicationSummary => ({
  id: 'ru-1',
  kind: 'rank_user',
  status: 'submitted',
  title: '创新榜人物申报',
  reason: null,
  submittedAt: '2024-05-02T02:00:00.000Z',
  updatedAt: '2024-05-02T02:00:00.000Z',
  ...over,
});
