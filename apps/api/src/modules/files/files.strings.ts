import { limits } from '@qgw/contracts';

const mb = (bytes: number) => `${bytes / 1024 / 1024}MB`;

/** Messages of uploads and file serving, shown to users as toasts. */
export const fileStrings = {
  invalidFiles: '文件无效，请重新上传',
  imageMissing: '请选择要上传的图片',
  notMultipart: '请以表单文件方式上传图片',
  uploadIncomplete: '上传内容不完整，请重新上传',
  purposeInvalid: '上传用途无效',
  imageType: '仅支持 JPG/PNG/WebP 格式的图片',
  imageMismatch: '图片内容与文件类型不符，请重新选择',
  imageInvalid: '图片文件已损坏或格式不正确，请重新选择',
  imageUnsafe: '图片中含有不安全的内容，请重新选择',
  imageTooLarge: `图片不能超过 ${mb(limits.image.maxBytes)}`,
  videoType: '仅支持 MP4/MOV/WebM 格式的视频',
  videoMismatch: '视频内容与文件类型不符，请重新选择',
  videoTooLarge: (maxBytes: number) => `视频不能超过 ${mb(maxBytes)}`,
  videoLengthMissing: '请告知视频文件大小后再上传',
  videoTooManyUnfinished: '未完成的视频上传过多，请先完成或稍后再试',
  uploadGone: '上传不存在或已过期，请重新上传',
  uploadOffsetConflict: '上传进度不一致，请重新上传',
  uploadFinished: '该视频已上传完成',
  uploadBadRequest: '上传请求有误，请重新上传',
  uploadFailed: '上传失败，请稍后重试',
  linkExpired: '文件链接已过期，请刷新页面',
  linkInvalid: '文件链接无效',
  rangeNotSatisfiable: '请求的文件范围无效',
} as const;
