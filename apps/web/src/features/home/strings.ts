/** Texts of the 2024 programme home. */
export const homeStrings = {
  badge: '青工委 · 年度评选',
  /** the season's name as built (the first paint); the live screen shows the server's current season */
  heading: '2024 青年创新榜',
  slogan: '发现青年力量 · 点亮创新之光',
  intro:
    '“青年创新榜”是青工委面向广大青年推出的年度评选活动，旨在发现和展示在科技创新、产业实践与社会服务中表现突出的青年个人、优秀作品和青年友好企业，为青年人才搭建展示与成长的平台。',
  entriesHeading: '申报入口',
  entries: [
    { key: 'person', title: '个人申报', desc: '年度青年创新人物评选 · 填写事迹' },
    { key: 'work', title: '作品申报', desc: '创新成果与作品' },
    { key: 'company', title: '企业申报', desc: '青年友好企业' },
  ],
  moreHeading: '更多服务',
  more: [
    { key: 'rank', title: '创新榜人物申报', desc: '上传介绍视频 · 入选创新榜展示' },
    { key: 'member', title: '申请入会', desc: '成为青工委会员' },
  ],
  stepsHeading: '评选流程',
  steps: ['在线申报', '资格审核', '专家评审', '结果公示'],
  noticeHeading: '申报须知',
  notices: [
    '申报对象：18 至 40 周岁的青年个人或青年团队，以及重视青年发展、支持青年创新的企业。',
    '申报方式：登录本平台，选择对应的申报类别，按要求如实填写信息并上传相关材料。',
    '材料要求：申报材料须真实、准确、完整；参评作品须为原创，不得侵犯他人知识产权。',
    '评审安排：经资格审核、专家评审后公示结果，审核结果将通过平台及微信通知及时告知。',
    // when an entry may be changed or withdrawn is said where it applies (process page, 须知, result pages), from the lifecycle rules
    '同一申报人在同一类别中限申报一次；修改与撤回的规则见各申报页面。',
  ],
  contact: '如有疑问，请联系青工委秘书处。',
} as const;
