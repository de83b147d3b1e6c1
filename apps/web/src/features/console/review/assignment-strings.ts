import type { MatrixCellState } from '@qgw/contracts';

/** Every sentence of the assignment matrix (分配评审) and the reviewer's reminder banner. */
export const assignmentStrings = {
  nav: '分配评审',
  title: '分配评审',
  toQueue: '评审队列',
  refresh: '刷新',
  // filters (kind, status and theme are labelled as in the queue: components/application-filter-fields.tsx)
  awaiting: '待评审（已提交、评审中）',
  belowOnly: '仅看评审人数不足',
  // coverage
  coverageTitle: '评审人数覆盖',
  coverageLine: (kind: string, applications: number, target: number) => `${kind}：${applications} 项待评审，每项应有 ${target} 位评审`,
  below: (n: number) => `${n} 项评审人数不足`,
  covered: '评审人数均已达标',
  fill: '补足',
  fillLabel: (kind: string) => `补足${kind}评审`,
  fillConfirm: (n: number, target: number) =>
    `将为 ${n} 项评审人数不足的申报自动分配评审，补足到每项 ${target} 位：待评最少的评审优先，须回避的评审不会被分配。`,
  fillResult: (assigned: number, short: number) =>
    short > 0 ? `已新分配 ${assigned} 人次；${short} 项仍缺评审（没有可分配的评审）` : `已新分配 ${assigned} 人次，评审人数均已补足`,
  noReviewers: '还没有可分配的评审。请先在「人员与权限」中为用户授予评审角色。',
  // the matrix
  matrixLabel: '分配矩阵',
  application: '申报',
  progress: (done: number, load: number) => `${done}/${load} 已评`,
  loadLine: (load: number) => `待评 ${load}`,
  coverageOf: (assigned: number, target: number) => `评审 ${assigned}/${target}`,
  belowMark: '评审不足',
  empty: '没有符合条件的申报',
  pageLine: (page: number, pages: number, total: number) => `第 ${page}/${pages} 页，共 ${total} 项`,
  prev: '上一页',
  next: '下一页',
  cells: {
    assigned: '已分配',
    reviewed: '已评',
    reviewKept: '已评·已取消',
    conflictDeclared: '已回避',
    conflictOrganization: '须回避',
  } satisfies Record<MatrixCellState, string>,
  emptyCell: '未分配',
  cellLabel: (reviewer: string, title: string, state: string, action: string | null) =>
    `${reviewer} · ${title}：${state}${action ? `（点击${action}）` : ''}`,
  actionAssign: '分配',
  actionUnassign: '取消分配',
  conflictDeclaredHint: '该评审已声明利益冲突，不能分配',
  conflictOrganizationHint: '评审与申报人来自同一单位或为本人申报，须回避',
  decidedHint: '该申报已不在评审中',
  unassignReviewedConfirm: (reviewer: string, title: string) =>
    `${reviewer} 已提交对「${title}」的评审。取消分配后，该评审意见仍保留在记录中。确定取消分配吗？`,
  unassigned: (reviewer: string, title: string) => `已取消 ${reviewer} 对「${title}」的分配`,
  assigned: (reviewer: string, title: string) => `已将「${title}」分配给 ${reviewer}`,
  undo: '撤销',
  undone: '已撤销',
  confirm: '确定',
  cancel: '取消',
  // reviewer progress
  progressTitle: '评审进度',
  reviewer: '评审',
  done: '进度',
  lastActivity: '最近活动（北京时间）',
  lastReview: (at: string) => `评审 ${at}`,
  lastSeen: (at: string) => `登录后台 ${at}`,
  never: '暂无',
  remind: '提醒',
  remindLabel: (name: string) => `提醒 ${name}`,
  remindConfirm: (name: string, pending: number) =>
    `向 ${name} 发送评审提醒（${pending} 份待评审）：站内消息，并按配置发送短信、微信。每位评审每小时最多提醒一次。`,
  reminded: (name: string) => `已提醒 ${name}`,
  remindedAt: (at: string) => `上次提醒 ${at}`,
  remindAfter: (at: string) => `${at} 后可再提醒`,
  nothingPending: '无待评',
  // the reviewer's banner
  bannerLabel: '评审提醒',
  bannerAt: (at: string) => `${at}（北京时间）`,
  dismiss: '知道了',
} as const;
