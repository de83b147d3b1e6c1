import { accountClosingPolicy, limits } from '@qgw/contracts';

const avatarTypes = limits.avatar.mimeTypes.map((t) => (t === 'image/jpeg' ? 'JPG' : t === 'image/png' ? 'PNG' : 'WebP')).join('/');
const avatarMb = limits.avatar.maxBytes / 1024 / 1024;

/** Every text of the account screens. */
export const accountStrings = {
  loading: '加载中',
  changing: '更改中',
  mobile: '手机号',
  password: '密码',
  mobilePlaceholder: '请输入11位手机号',
  passwordPlaceholder: '请输入密码',

  loginTitle: '登录',
  loginHeading: '欢迎回来',
  loginSubheading: '登录青工委服务平台，参与评选与申报',
  loginButton: '登录',
  toRegister: '还没有账号？去注册',
  loginTabs: '登录方式',
  loginByPassword: '密码登录',
  loginBySms: '验证码登录',
  /** a code login to a mobile with no account: nothing is sent, so registering is the way in */
  loginBySmsHint: '未注册的手机号请先注册',
  toForgot: '忘记密码？',

  forgotTitle: '忘记密码',
  forgotHeading: '重置密码',
  forgotSubheading: '验证手机号后设置新密码，其他设备上的登录将失效',
  resetButton: '重置密码',
  forgotToLogin: '想起密码了？返回登录',
  loginSuccess: '登录成功...',
  /** the server asked for a proof-of-work challenge (HTTP 428) before it checks the password */
  challengeTitle: '人机验证',
  challengeLoading: '正在加载人机验证…',

  registerTitle: '注册',
  registerHeading: '创建账号',
  registerSubheading: '使用手机号注册，密码至少8位',
  confirmPassword: '确认密码',
  confirmPlaceholder: '请再次输入密码',
  newPasswordPlaceholder: `${limits.password.min}-${limits.password.max}位，任意字符`,
  nicknameOptional: '昵称（选填）',
  nicknamePlaceholder: `不超过${limits.nickname.max}个字`,
  agreePrefix: '我已阅读并同意',
  privacyLink: '《隐私政策》',
  registerButton: '注册',
  toLogin: '已有账号？去登录',
  passwordMismatch: '两次输入的密码不一致',
  agreeRequired: '请阅读并同意隐私政策',
  registerSuccess: '注册成功',
  privacyTitle: '隐私政策',
  privacyClose: '我知道了',

  bindTitle: '绑定微信',
  bindHeading: '绑定微信账号',
  bindIntro: '绑定微信后可接收审核结果通知',
  bindButton: '微信授权绑定',
  bindNotConfigured: '当前未配置微信授权，可跳过',
  bindRetry: '重新授权',
  bindSkip: '跳过，进入首页',
  bindSuccess: '绑定成功',
  bindFailedHint: '绑定未完成，您可以重新授权或先进入首页',
  bindLoadFailed: '暂时无法获取微信授权信息',
  bindAccount: (mobile: string) => `当前账号：${mobile}`,

  accountGuest: '未登录',
  accountGuestHint: '登录后可申报项目、查看审核进度',
  accountLoginButton: '登录 / 注册',
  accountDefaultNickname: '青工委用户',
  menuLabel: '账号设置',
  applicationsLabel: '我的申报',
  itemRankUser: '创新榜申报进度',
  itemMembership: '入会申请',
  itemProfile: '个人资料',
  itemPhone: '修改手机号',
  itemPassword: '修改密码',
  itemBind: '绑定微信',
  wxBound: '已绑定微信',
  logoutButton: '退出登录',
  logoutConfirm: '确定退出登录吗？',
  cancel: '取消',
  confirm: '确定',
  logoutDone: '已退出登录',

  profileTitle: '个人资料',
  nickname: '昵称',
  avatarUpload: '上传头像',
  avatarHint: `支持 ${avatarTypes}，不超过 ${avatarMb}MB`,
  avatarBadType: `仅支持 ${avatarTypes} 格式的图片`,
  avatarTooLarge: `图片不能超过 ${avatarMb}MB`,
  save: '保存',
  saveSuccess: '保存成功',

  passwordTitle: '修改密码',
  currentPassword: '当前密码',
  newPassword: '新密码',
  confirmNewPassword: '确认新密码',
  passwordHint: '修改后其他设备上的登录将失效',
  confirmChange: '确认修改',
  passwordChanged: '密码修改成功',

  phoneTitle: '修改手机号',
  newMobile: '新手机号',
  phoneHint: '修改后请使用新手机号登录，其他设备上的登录将失效',
  phoneCurrent: (masked: string) => `当前手机号：${masked}`,
  phoneChanged: '手机号修改成功',

  /** SMS verification codes (register, phone change) */
  smsCode: '验证码',
  smsCodePlaceholder: '请输入6位验证码',
  smsSend: '获取验证码',
  smsResendIn: (seconds: number) => `${seconds}秒后重新获取`,
  smsSending: '发送中',
  smsSent: '验证码已发送',
} as const;

/** The privacy notice shown before registration. */
export const privacyIntro = '青工委服务平台重视您的个人信息保护。请您在注册前仔细阅读本政策，了解我们如何收集、使用和保护您的个人信息。';

export const privacyNotice: readonly { heading: string; body: string }[] = [
  {
    heading: '我们收集的个人信息',
    body: '注册时我们收集您的手机号与密码（密码仅以不可逆的方式保存）；您可选择填写昵称、上传头像。绑定微信时，我们仅保存微信返回的 openid，用于向您发送审核结果通知。',
  },
  {
    heading: '我们如何使用个人信息',
    body: '上述个人信息仅用于账号登录、身份核验、评选申报与审核结果通知，不会用于与本平台服务无关的用途，也不会出售给任何第三方。',
  },
  {
    heading: '个人信息的保存与保护',
    body: '您的个人信息保存在青工委服务平台的服务器中，传输与存储均采取安全措施；登录凭证设有有效期，修改密码或手机号后其他设备上的登录将立即失效。',
  },
  {
    heading: '您的权利',
    body: '您可以随时在“我的”页面查看和修改昵称、头像、手机号与密码；在“我的 → 账号与隐私”中可以下载一份您的全部数据（资料、申请、上传文件清单、通知与登录记录），也可以自行注销账号。',
  },
  {
    heading: '注销账号',
    body: `注销需验证登录密码或短信验证码。注销后账号立即停用：所有设备退出登录，尚未出结果的申请自动撤回，已撤回的申请不会恢复。注销后${accountClosingPolicy.graceDays}天内可用手机号和密码登录并撤销注销；期满后我们将删除您的手机号、昵称、头像、姓名、身份证号、照片、视频、草稿、通知与微信绑定，该手机号可重新注册。已有评审结果的申请仅保留去除个人信息的记录（类别、主题、评分、结果与日期），用于青工委的统计与审计。`,
  },
];

/** 我的 → 账号与隐私: the data export and closing the account (privacy-screen.tsx, closing-dialog.ts). */
export const accountRightsStrings = {
  title: '账号与隐私',
  entry: '账号与隐私',
  exportHeading: '下载我的数据',
  exportBody: '下载一份 JSON 文件，包含您的资料、全部申请及填写内容、上传文件清单、通知和登录记录。文件含有您的完整手机号与身份证号，请妥善保管。',
  exportButton: '下载我的数据',
  exporting: '正在准备数据',
  exported: '数据已下载',
  exportFilename: (yyyymmdd: string) => `我的数据-${yyyymmdd}.json`,
  closeHeading: '注销账号',
  closeConsequences: [
    '账号立即停用，所有设备退出登录；',
    '尚未出结果的申请将自动撤回，撤销注销后也不会恢复；',
    `${accountClosingPolicy.graceDays}天内可用手机号和密码登录并撤销注销；`,
    '期满后删除您的手机号、昵称、头像、姓名、身份证号、照片、视频、草稿、通知与微信绑定，该手机号可重新注册；',
    '已有评审结果的申请仅保留去除个人信息的记录，用于统计与审计。',
  ],
  closeStart: '我要注销账号',
  confirmWith: '确认方式',
  byPassword: '登录密码',
  bySms: '短信验证码',
  closeButton: '确认注销',
  closeConfirm: '注销后账号立即停用，确定注销吗？',
  closing: '注销中',
  closed: (eraseOn: string) => `账号已注销，${eraseOn}前可登录撤销`,
  /** added to the server's 账号注销中（将于 X月X日 删除） on the login screen */
  cancelQuestion: '，是否撤销注销？',
  cancelConfirm: '撤销注销',
  keepClosed: '暂不',
  cancelled: '已撤销注销，欢迎回来',
} as const;
