import { lifecycleCopy } from '@qgw/contracts';

/** Every text of the rank-user (创新榜人物) screens. */
export const rankUserStrings = {
  loading: '加载中',
  submittingPatiently: '提交中，请耐心等待...',
  submitSuccess: '提交成功...',
  backHome: '返回首页',

  // pages/cxb/index
  programmeTitle: '青年创新榜',
  programmeBadge: '青工委 · 创新榜',
  programmeHeading: '青年创新榜人物申报',
  programmeSlogan: '讲述青年创新故事 · 树立青年奋斗榜样',
  programmeApply: '立即申报',
  programmeLinks: [
    { key: 'process', title: '申报流程', desc: '六步完成申报' },
    { key: 'award', title: '奖项设置', desc: '荣誉与激励' },
    { key: 'mine', title: '我的申报', desc: '查看审核进度' },
  ],
  /** a programme page whose content is not published (yet) */
  contentMissing: '内容正在更新，请稍后再来查看。',

  // pages/cxb/award
  awardTitle: '奖项设置',
  awardHeading: '荣誉与激励',
  awardIntro: '经资格审核、专家评审和社会公示，评选产生以下奖项，获奖者将获得相应荣誉和支持。',
  awardQuota: (n: number) => `${n} 名`,
  awardsEmpty: '奖项设置即将公布',
  awardsEmptyHint: '请关注平台通知',
  awardNote: '奖项名额可根据申报情况适当调整，最终结果以公示为准。',
  awardApply: '立即申报',
  /** the award list's season switcher */
  awardSeasons: '届次',
  awardSeason: (year: number, current: boolean) => (current ? `${year} 届（本届）` : `${year} 届`),

  // pages/cxb/process
  processTitle: '申报流程',
  processHeading: '六步完成申报',
  processStart: '开始申报',
  processTip: `${lifecycleCopy.afterSubmit}${lifecycleCopy.whenReturned}`,

  // pages/cxbApplication/applyNotice
  noticeTitle: '申报须知',
  noticeHeading: '请仔细阅读以下须知',
  notices: [
    '申报人须为年龄在18至40周岁之间的青年，每人限申报一次。',
    '申报人应如实填写个人信息并上传真实材料，如有弄虚作假，一经查实即取消申报及获奖资格。',
    '证件照须为近期免冠正面照片；个人介绍视频建议时长 1-3 分钟，内容健康，不含广告。',
    '身份证号码仅用于资格审核，平台加密存储，审核人员默认只能看到部分号码。',
    `${lifecycleCopy.afterSubmit}审核期间请保持联系电话畅通。`,
    '审核结果将通过平台通知，请及时登录查看。',
  ],
  noticeAgree: '我已阅读并同意',
  noticeNext: '下一步',
  noticeAgreeRequired: '请先阅读并同意申报须知',
  noticeOpen: '查看须知全文',

  // the form
  formTitle: '创新榜人物申报',
  editTitle: '修改申报',
  steps: ['个人信息', '照片视频', '个人事迹', '确认提交'],
  sectionPersonal: '个人信息',
  sectionMaterials: '照片和视频',
  sectionStory: '个人事迹',
  photo: '证件照',
  video: '个人介绍视频',
  intro: '个人简介',
  introPlaceholder: '简要介绍您的学习、工作经历（10-1000字）',
  achievements: '主要事迹',
  achievementsPlaceholder: '介绍您在创新方面的主要成果、获得的荣誉等（10-2000字）',
  next: '下一步',
  prev: '上一步',
  submit: '提交',
  submitUpdate: '提交修改',
  edit: '修改',
  videoBusy: '视频上传中，请稍候',
  photoMissing: '请上传证件照',
  videoMissing: '请上传个人介绍视频',
  previewHint: `请核对以下信息。${lifecycleCopy.afterSubmit}`,
  returnedBanner: '您的申报已被退回，请根据审核意见修改后重新提交。',
  formLoading: '正在加载申报信息…',
  resumed: '已恢复上次填写的内容，可继续申报',
  lockedTitle: '您已提交过申报',
  lockedHint: '当前申报正在处理中，无需重复提交。',
  lockedAction: '查看审核状态',

  // pages/cxbCheck/checkStatus
  statusTitle: '审核状态',
  statusHeadings: {
    draft: '申报尚未提交',
    submitted: '申报已提交',
    under_review: '申报审核中',
    returned: '申报被退回修改',
    approved: '申报已通过',
    rejected: '申报未通过',
    withdrawn: '申报已撤回',
  },
  statusDescriptions: {
    draft: '您有一份尚未提交的申报，可继续填写后提交。',
    submitted: `您的申报已提交成功，等待资格审核。${lifecycleCopy.submittedNext}`,
    under_review: '评审专家正在审核您的申报，请耐心等待，审核结果将在平台通知您。',
    returned: '请根据审核意见修改申报内容，修改后重新提交。',
    approved: '恭喜您！您的申报已通过审核，感谢您的参与。',
    rejected: '很遗憾，您的申报未通过审核，感谢您的参与。',
    withdrawn: '您已撤回本次申报，如需参与可重新申报。',
  },
  nextStepLabel: '下一步',
  nextSteps: {
    draft: '继续填写并提交申报',
    submitted: '等待资格审核',
    under_review: '等待评审结果',
    returned: '按审核意见修改后重新提交',
    approved: '关注平台通知，参加后续活动',
    rejected: '本次申报已结束',
    withdrawn: '可重新发起申报',
  },
  reasonLabel: '审核意见',
  fixApplication: '修改申报',
  continueApplication: '继续填写',
  reapply: '重新申报',
  viewDetail: '查看申报详情',
  unknownStatus: '暂未查询到申报状态',
  statusNeedsAttention: '申报已被退回或未通过',
  noApplication: '暂无进行中的申报',
  noApplicationHint: '您当前没有进行中的申报，可以发起新的申报。',
  startApply: '开始申报',
  unknownStatusHint: '请稍后再试，或返回首页重新查询。',
  submittedAt: '提交时间',

  // pages/cxbCheck/index
  listTitle: '我的申报',
  listHeading: '申报记录',
  /** 我的申报 groups entries by the season they were entered in */
  seasonHeading: (year: number) => `${year} 届`,
  seasonlessHeading: '入会申请',
  listEmpty: '暂无申报记录',
  listFailed: '申报记录加载失败',
  listEmptyHint: '您还没有提交过申报',
  listApply: '去申报',
  approvedCardTitle: '已通过的申报',
  updatedAt: '更新时间',

  // pages/cxbCheck/personalInfo
  infoTitle: '申报详情',
  infoEmpty: '暂无申报信息',
  watchVideo: '观看介绍视频',
  photoAlt: '申报人证件照',

  // pages/cxbCheck/videoInfo
  videoTitle: '介绍视频',
  noVideo: '暂无介绍视频',
  videoUploaded: '视频已上传',
  videoUnsupported: '当前浏览器无法播放该视频',

  loginRequired: '请先登录后再查看申报',
  /** the application could not be fetched: what each screen says above 重试 */
  infoFailed: '申报详情加载失败',
  videoFailed: '介绍视频加载失败',
  statusFailed: '申报状态加载失败',
} as const;
