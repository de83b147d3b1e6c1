/** Messages of the committee-content feature, shown to users as toasts. */
export const contentStrings = {
  articleNotFound: '文章不存在或已下线',
  leaderNotFound: '该人员不存在或已下线',
  subdivisionNotFound: '分会不存在或已下线',
  memberNotFound: '该成员不存在或未公开',
  hostNotFound: '该域名不在白名单中',
  slugTaken: '该标识已被其他文章使用',
  hostTaken: '该域名已在白名单中',
  subdivisionUnknown: '所选分会不存在',
  subdivisionHasMembers: '该分会下还有成员，请先移出或删除成员',
  reorderUnknown: '排序列表中有不存在的项目，请刷新后重试',
  nothingToChange: '没有需要修改的内容',
  editedMeanwhile: '内容已被他人修改，请刷新后再编辑',
  uploadMissing: '请选择要上传的文件',
  uploadTooLarge: '文件过大，单个不超过 20MB',
  uploadType: '不支持的文件类型，请上传图片、PDF、Word、Excel 或文本文件',
  uploadNotMultipart: '请以表单方式上传文件',
} as const;
