import { apiPaths, rankUserOperations, ZRankUserInfoResponse, ZSubmitResponse, type SubmitResponse } from '@qgw/contracts';
import type { z } from 'zod';
import { call, request, unwrap, validate, type FormInput, type Payload } from '../../../lib/request.js';

/**
 * The rank-user operations (getRankUser, submit, update: docs/requirements.md#operations), from the
 * contracts' catalogue.
 */
export const rankUserOps = {
  /**
   * type=info: the user's latest rank-user application (type=check is the look-up, see lookup.ts).
   * The catalogue's answer covers both types; asked with type=info it is always ZRankUserInfoResponse.
   */
  getInfo: { ...rankUserOperations.getRankUser, response: ZRankUserInfoResponse },
  submit: rankUserOperations.submit,
  update: rankUserOperations.update,
};

export type RankUserInfo = z.output<typeof ZRankUserInfoResponse>;
export type RankUserView = NonNullable<RankUserInfo['rankUser']>;

export const fetchRankUserInfo = (mobile: string): Promise<RankUserInfo> => call(rankUserOps.getInfo, { mobile, type: 'info' });

/** Submit and update answer with a code (9002: submitted) that the status page is opened with. */
export async function sendWithCode<Req extends z.ZodType>(
  op: { method: 'GET' | 'POST'; path: (typeof apiPaths)[keyof typeof apiPaths]; request: Req },
  data: FormInput<Req>,
): Promise<{ code: number; answer: SubmitResponse }> {
  const payload = validate(op.request, data) as Payload;
  const body = await request(op.method, op.path, payload);
  const answer = unwrap(body, ZSubmitResponse);
  const code = (body as { code?: unknown }).code;
  return { code: typeof code === 'number' ? code : 0, answer };
}
