/** Messages of the console's administration screens, shown to admins as toasts. */
export const adminStrings = {
  userNotFound: '用户不存在',
  selfAdminRole: '不能移除自己的管理员角色',
  selfDisable: '不能停用自己的账号',
  actorNoLongerAdmin: '您的管理员权限已变更，请刷新后再试',
  selfResetMfa: '不能重置自己的身份验证器，请使用恢复码或联系其他管理员',
  notReviewer: '该用户不是评审或管理员',
  rolesChanged: '角色已被他人修改，请刷新后重试',
  cursorInvalid: '分页参数无效，请刷新后重试',
  noProgramme: '暂无申报活动',
  datesOrder: '时间顺序应为：开始申报 < 截止申报 ≤ 评审结束 ≤ 结果公布',
  themeNotFound: '主题不存在',
  themeNameTaken: '已有同名主题',
  themeInUse: (n: number) => `已有${n}个申报使用该主题，不能删除，可改为停用`,
  criterionUnknown: '评分项不存在，请刷新后重试',
  rangeOrder: '结束时间应晚于开始时间',
} as const;
