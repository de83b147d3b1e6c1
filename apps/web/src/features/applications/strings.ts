import { limits } from '@qgw/contracts';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

/** Texts shared by every application form (rank-user, membership, 2024 person, works, company). */
export const applicationStrings = {
  required: '必填',
  optional: '选填',
  selectPlaceholder: '请选择',
  inputPlaceholder: (label: string) => `请输入${label}`,
  charCount: (n: number, max: number) => `${n}/${max}`,

  // images
  imageHint: limits.image.hint,
  imageAdd: '添加图片',
  imageBadType: '仅支持 JPG/PNG/WebP 格式的图片',
  imageTooMany: (max: number) => `最多上传${max}张图片`,
  imageUploading: '上传中',
  imageFailed: '上传失败',
  imageRetry: '重试',
  imageRemove: (n: number) => `删除第${n}张图片`,
  imagePreview: (n: number) => `查看第${n}张图片`,
  imageCount: (n: number, max: number) => `已上传 ${n}/${max}`,
  imageLoadFailed: '图片加载失败',

  // video
  videoHint: limits.video.hint,
  videoPick: '选择视频',
  videoReplace: '重新选择',
  videoBadType: '仅支持 MP4/MOV/WebM 格式的视频',
  videoTooLarge: `视频不能超过 ${mb(limits.video.maxBytes)}`,
  videoUploading: '视频上传中',
  videoProgress: (percent: number) => `已上传 ${percent}%`,
  videoPaused: '网络中断，正在重试…',
  videoDone: '视频已上传',
  videoFailed: '视频上传失败，请重试',
  videoRetry: '继续上传',
  videoCancel: '取消上传',
  videoRemove: '删除视频',
  videoResumable: '检测到未完成的视频上传，重新选择同一视频即可从断点继续',
  videoResumed: (percent: number) => `已从断点继续（${percent}%）`,
  videoUploaded: '已上传的视频',

  // drafts
  draftSaving: '正在保存草稿…',
  draftSaved: (time: string) => `已自动保存 ${time}`,
  draftFailed: '自动保存失败，将在修改后重试',
  draftResumed: '已恢复上次填写的内容',

  // withdrawal
  withdrawButton: '撤回申报',
  withdrawTitle: '撤回申报',
  withdrawReason: '撤回原因',
  withdrawPlaceholder: '请填写撤回原因（2-200字）',
  withdrawConfirm: '确认撤回',
  withdrawCancel: '取消',
  withdrawDone: '已撤回',
  withdrawing: '提交中',

  // kinds
  kindLabels: {
    rank_user: '创新榜人物申报',
    membership: '入会申请',
    person: '个人申报',
    work: '作品申报',
    company: '企业申报',
  },

  // states
  reasonLabel: '审核意见',
  withdrawReasonLabel: '撤回原因',
  notProvided: '未填写',
} as const;
