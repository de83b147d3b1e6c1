import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';
import { readSession } from '../stores/session.js';

/**
 * The 创新榜 screens that show the person's own application (审核状态, 个人信息, 视频信息), as they open
 * signed in: the application, asked for by the account's mobile as the screen asks for it.
 */
export default function prefetch(): void {
  const { mobile } = readSession();
  if (mobile) requestEarlyWithSession(apiPaths.getRankUser, { mobile, type: 'info' });
}
