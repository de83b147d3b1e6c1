import type { DashboardKindProgress, RankingKind } from '@qgw/contracts';

/** The texts of the console's 概览 (admins). */
export const dashboardStrings = {
  title: '概览',
  programme: (name: string, phase: string) => `${name} · ${phase}`,
  asOf: (day: string) => `统计至 ${day}（北京时间）`,
  kinds: { rank_user: '创新榜', person: '个人申报', work: '作品申报', company: '企业申报' } satisfies Record<RankingKind, string>,

  figuresLabel: '主要数字',
  figures: {
    applications: '申报总数',
    submittedToday: '今日提交',
    inReview: '评审中',
    reviews: '已完成评审',
    needingReviewers: '待补评审人',
    decided: '已有结论',
  },

  showData: '查看数据表',
  count: '数量',
  none: '暂无数据',

  perDay: {
    title: (days: number) => `近 ${days} 天每日提交`,
    day: '日期',
    summary: (days: number, total: number, peakDay: string | null, peak: number) =>
      peakDay ? `近 ${days} 天共提交 ${total} 份，最多的一天是 ${peakDay}（${peak} 份）` : `近 ${days} 天没有提交`,
  },
  kindStatus: {
    title: '各类别申报状态',
    kind: '类别',
    total: '合计',
    summary: (parts: string[]) => (parts.length ? `各类别申报数：${parts.join('，')}` : '暂无申报'),
  },
  regions: {
    title: '申报人所在地区（前 10）',
    region: '地区',
    other: '其他地区',
    unknown: '未填写',
    note: '按创新榜与个人申报表中的“所在地区”统计；作品与企业申报没有该项，不计入。',
    summary: (parts: string[]) => (parts.length ? `申报人最多的地区：${parts.join('，')}` : '暂无地区数据'),
  },
  progress: {
    title: '评审进度（评审中的申报）',
    kind: '类别',
    series: {
      inReview: '评审中',
      assigned: '已分配评审',
      reviewed: '已达最少评审数',
      needingReviewers: '评审人不足',
    } satisfies Record<Exclude<keyof DashboardKindProgress, 'kind'>, string>,
    summary: (parts: string[]) => `评审进度：${parts.join('；')}`,
    kindLine: (kind: string, inReview: number, reviewed: number, needing: number) => `${kind} ${inReview} 份评审中，${reviewed} 份已达最少评审数，${needing} 份评审人不足`,
  },
  scores: {
    title: '平均分分布（每 10 分一档）',
    bin: '分数段',
    binLabel: (lo: number, hi: number, last: boolean) => (last ? `${lo}–${hi}` : `${lo}–${hi - 1}`),
    summary: (parts: string[]) => (parts.length ? `已有平均分的申报：${parts.join('，')}` : '尚无评审分数'),
    scoredLine: (kind: string, n: number) => `${kind} ${n} 份`,
  },
  contentTitle: '内容管理',
  chartFailed: '图表加载失败，请查看数据表',
} as const;
