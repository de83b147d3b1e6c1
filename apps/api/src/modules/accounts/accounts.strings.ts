import { limits } from '@qgw/contracts';

/** Messages of the accounts feature, shown to users as toasts. */
export const accountStrings = {
  invalidCredentials: '手机号或密码错误',
  accountLocked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  accountDisabled: '账号已停用，请联系管理员',
  mobileTaken: '该手机号已注册',
  weakPassword: '密码过于常见，请换一个',
  passwordIsMobile: '密码不能与手机号相同',
  newMobileIsPassword: '新手机号与当前密码相同，请先修改密码再更换手机号',
  registered: '注册成功',
  wrongPassword: '当前密码错误',
  sameMobile: '新手机号与当前手机号相同',
  loggedOut: '已退出登录',
  avatarUrlInvalid: '头像地址无效，请重新上传',
  avatarMissing: '请选择要上传的图片',
  avatarTooLarge: `图片不能超过 ${limits.avatar.maxBytes / 1024 / 1024}MB`,
  notMultipart: '请以表单文件方式上传图片',
  defaultNickname: (mobile: string) => `用户${mobile.slice(-4)}`,
  // personal-data rights: the export and closing the account (account-rights.service.ts)
  /** the login answer for a closed account in its grace period; the web adds 是否撤销注销？ */
  accountClosing: (eraseOn: string) => `账号注销中（将于 ${eraseOn} 删除）`,
  lastAdmin: '您是唯一的管理员，请先在管理后台指定其他管理员，再注销账号',
  closeWithdrawReason: '申请人注销账号，申请自动撤回',
  erasedNickname: '已注销用户',
  erasedTitle: '已注销用户的申请',
  exportFilename: (yyyymmdd: string) => `我的数据-${yyyymmdd}.json`,
} as const;

