import type { ConsoleAuditEntry } from '@qgw/contracts';

/**
 * The audit log read as Chinese sentences: who did what to which record (演示管理员 发布了结论 ·
 * 申报 #01a2…), instead of the stored codes. An action the console does not know yet still shows,
 * as its code, so nothing recorded is ever hidden.
 */

/** What each recorded action did, as a verb phrase after the actor's name. */
export const auditActions: Record<string, string> = {
  'application.create': '创建了申报',
  'application.submit': '提交了申报',
  'application.withdraw': '撤回了申报',
  'application.decide': '作出了结论',
  'application.lookup': '查询了申报',
  'application.reveal': '查看了完整个人信息',
  'application.review': '评审了申报',
  'application.review_start': '开始评审申报',
  'decision.stage': '拟定了结论',
  'decision.unstage': '撤回了拟定的结论',
  'decision.release': '发布了结论',
  'review.assign': '分配了评审',
  'review.unassign': '取消了评审分配',
  'review.conflict': '声明了回避',
  'review.submit': '提交了评审意见',
  'review.update': '修改了评审意见',
  'reviewer.profile': '修改了评审专家资料',
  'rubric.update': '修改了评分细则',
  'rubric.version': '将评分细则另存为新版本（已有评审需重新评分）',
  'programme.update': '修改了评选设置',
  'theme.create': '新增了主题',
  'theme.update': '修改了主题',
  'theme.delete': '删除了主题',
  'export.applications': '导出了申报数据',
  'export.media': '导出了申报材料',
  'file.upload': '上传了文件',
  'content.create': '新增了内容',
  'content.update': '修改了内容',
  'content.delete': '删除了内容',
  'content.publish': '发布了内容',
  'content.unpublish': '下架了内容',
  'content.reorder': '调整了内容顺序',
  'content.upload': '上传了内容文件',
  'session.login': '登录了',
  'session.logout': '退出了登录',
  'mfa.enroll': '开始绑定身份验证器',
  'mfa.activate': '绑定了身份验证器',
  'mfa.verify': '通过了后台验证',
  'mfa.reset': '重置了身份验证器',
  'user.register': '注册了账号',
  'user.roles': '修改了用户角色',
  'user.disable': '停用了账号',
  'user.enable': '启用了账号',
  'user.invite': '邀请了成员',
  'user.send_reset_code': '发送了重置密码验证码',
  'user.reset_password': '重置了密码',
  'user.update_password': '修改了密码',
  'user.update_phone': '修改了手机号',
  'user.update_profile': '修改了个人资料',
  'user.upload_avatar': '上传了头像',
  'user.export_data': '下载了个人数据',
  'user.close': '注销了账号',
  'user.cancel_close': '撤销了注销',
  'user.erase': '清除了已注销账号的个人信息',
  'wechat.bind': '绑定了微信',
  'seed.demo_account': '创建了演示账号',
  'seed.demo_mfa': '配置了演示验证器',
  deny: '被拒绝操作',
};

/** What kind of record an entry is about. */
export const auditEntities: Record<string, string> = {
  application: '申报',
  user: '用户',
  session: '会话',
  programme: '评选',
  theme: '主题',
  rubric: '评分细则',
  file: '文件',
  export: '导出',
  content_article: '文章',
  content_leader: '领导',
  content_subdivision: '分会',
  content_member: '会员',
  content_webview_host: '外链域名',
  content_file: '内容文件',
  mfa: '身份验证器',
};

/** The few characters of an id a person can compare at a glance. */
const shortId = (id: string) => (id.length > 8 ? `${id.slice(0, 8)}…` : id);

export function auditSentence(e: Pick<ConsoleAuditEntry, 'action' | 'entity' | 'entityId'>, actor: string): { text: string; record: string } {
  const verb = auditActions[e.action] ?? e.action;
  const entity = auditEntities[e.entity] ?? e.entity;
  return { text: `${actor} ${verb}`, record: e.entityId ? `${entity} #${shortId(e.entityId)}` : entity };
}
