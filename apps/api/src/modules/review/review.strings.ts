/** Every user-facing sentence of the review console's reviewing and decisions, in one place. */
export const reviewStrings = {
  notFound: '申报不存在',
  notAssigned: '该申报未分配给您',
  notReviewable: '该申报当前状态不能评审',
  conflictTooLate: '该申报已有结果，不能再声明回避；如有利益冲突请联系管理员',
  notAssignable: '该申报当前状态不能分配评审',
  searchInvalid: '请输入姓名，或形如 138****1234 的手机号',
  versionConflict: '该申报已被他人处理，请刷新后重试',

  // reveal
  blindReveal: '盲评期间不能查看申报人信息',
  nothingToReveal: '该申报没有此项信息',
  revealAdminOnly: '完整身份证号仅管理员可查看',
  reviewsTooFew: (done: number, required: number) =>
    `该申报已完成评审 ${done} 份，少于要求的 ${required} 份；如确需直接作出结论，请填写理由`,

  // assignment
  conflictOrganization: '评审与申报人来自同一单位，须回避',
  conflictDeclared: '该评审已声明回避此申报',
  notReviewer: '该用户不是评审或已停用',
  reviewerUnknown: '评审不存在',
  alreadyAssigned: '已分配',
  noReviewerAvailable: '没有可分配的评审（均须回避或已分配）',
  applicationUnknown: '申报不存在',
  applicationState: '申报当前状态不能分配评审',
  csvEmpty: '文件为空，请按模板填写',
  csvHeader: '第一行须为 application_id,reviewer_mobile',
  csvTooManyRows: '行数过多，请分批上传',
  csvColumns: '每行须有两列：申报编号,评审手机号',
  csvMobile: '评审手机号格式不正确',
  csvDuplicate: '与前面的行重复',
  csvNotText: '请上传 UTF-8 编码的 CSV 文件',
  csvMissing: '请上传 CSV 文件',
  csvTooLarge: 'CSV 文件不能超过 256KB，请分批上传',
  conflictNotAssigned: '您未被分配此申报',

  // reviews
  rubricMissing: '该类型尚未配置评分标准，请联系管理员',
  scoresMissing: (name: string) => `请为「${name}」打分`,
  scoresUnknown: '评分项不存在，请刷新后重试',
  scoresRange: (name: string, max: number) => `「${name}」的分数须在0到${max}之间`,

  // decisions
  notStaged: '该申报没有待发布的决定',
  decisionState: '该申报当前状态不能作出决定',
  releaseChanged: '申报已变化，请重新确认决定',
  returnTooLate: '申报期和评审期已结束，退回后申报人无法再修改，请作出通过或不通过的决定',
  rejectedNoReason: '未通过',

  // exports
  exportNoFiles: '该申报没有可导出的文件',
  criterionAverage: (criterion: string) => `${criterion}（平均分）`,
  kindCriterionAverage: (kind: string, criterion: string) => `${kind}·${criterion}（平均分）`,
  /** a reviewer in a blind-review export: their place among the application's reviews */
  blindReviewer: (n: number) => `评审专家${n}`,

  // the queue
  cursorInvalid: '分页参数无效，请刷新后重试',
} as const;

/** Labels in exports and notices. */
export const kindLabels = {
  rank_user: '创新榜',
  membership: '入会申请',
  person: '2024 个人申报',
  work: '2024 作品申报',
  company: '2024 企业申报',
} as const;
