/** Messages of the applications feature, shown to users as toasts. */
export const applicationStrings = {
  notFound: '申报不存在',
  versionConflict: '内容已被修改，请刷新后重试',
  alreadyApplied: '您已提交过该申报，请勿重复提交',
  alreadySubmitted: '该申报已提交',
  notEditable: '申报已提交，当前状态不能修改',
  notWithdrawable: '当前状态不能撤回',
  draftOnly: '只有草稿可以保存',
  draftLiveExists: '该申报已提交，不能再保存草稿',
  draftEmpty: '草稿没有可保存的内容',
  draftTooLarge: '草稿内容过大',
  lookupForbidden: '只能查询本人的申报信息',
  rejectedNoReason: '申报未通过',
  untitledDraft: '未命名草稿',
  regionUnknown: '所在地区不正确，请从列表中选择省、市、区',
  subdivisionUnknown: '意向分会不存在或已停用，请从列表中重新选择',
} as const;
