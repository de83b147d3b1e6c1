import { apiPaths } from '../api-paths.js';
import { ZAltchaChallenge, ZAltchaChallengeRequest } from '../challenge.js';
import type { OperationCatalogue } from './define.js';

/** The proof-of-work challenge asked of busy addresses and attacked accounts (docs/security.md). */
export const challengeOperations = {
  altchaChallenge: {
    method: 'GET',
    path: apiPaths.altchaChallenge,
    request: ZAltchaChallengeRequest,
    response: ZAltchaChallenge,
    access: 'public',
    summary: '人机验证题目（ALTCHA 工作量证明；解答以 altcha 字段或 X-Altcha 头随请求发送）',
  },
} satisfies OperationCatalogue;
