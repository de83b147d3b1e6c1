/** Messages of the console's administration screens, shown to admins as toasts. */
export const adminStrings = {
  userNotFound: '用户不存在',
  selfAdminRole: '不能移除自己的管理员角色',
  selfDisable: '不能停用自己的账号',
  actorNoLongerAdmin: '您的管理员权限已变更，请刷新后再试',
  selfResetMfa: '不能重置自己的身份验证器，请使用恢复码或联系其他管理员',
  notReviewer: '该用户不是评审或管理员',
  rolesChanged: '角色已被他人修改，请刷新后重试',
  noProgramme: '暂无申报活动',
  datesOrder: '时间顺序应为：开始申报 < 截止申报 ≤ 评审结束 ≤ 结果公布',
  ageOrder: '最低年龄不能大于最高年龄',
  themeNotFound: '主题不存在',
  themeNameTaken: '已有同名主题',
  themeInUse: (n: number) => `已有${n}个申报使用该主题，不能删除，可改为停用`,
  criterionUnknown: '评分项不存在，请刷新后重试',
  rubricLocked: (reviews: number) =>
    `该类别已有 ${reviews} 份评审，评分项、权重和满分已锁定（名称与说明仍可修改），以免新旧评分不可比`,
  rangeOrder: '结束时间应晚于开始时间',
  mobileNotFound: '没有使用该手机号注册的账号（请先在平台注册）',
  lastAdmin: '这是最后一个可用的管理员，不能移除其管理员角色（请先为其他账号授予管理员角色）',
  resetCodeDisabled: '该账号已停用，不能发送重置验证码（请先启用账号）',
  resetCodeSent: (masked: string) => `验证码已发送至 ${masked}`,
  inviteMobileTaken: '该手机号已有账号，不能重复邀请；请在用户管理中找到该用户，在其页面设置角色',
  inviteCodeSent: (masked: string) => `已邀请，并已向 ${masked} 发送设置密码的验证码`,
  inviteCodeNotSent: (masked: string, why: string) =>
    `已邀请，但设置密码的验证码未能发送至 ${masked}（${why}）；请稍后在该用户页面点击“发送重置验证码”`,
} as const;
