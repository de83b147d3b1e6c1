import { accountOperations, apiPaths, ZUploadAvatarResponse } from '@qgw/contracts';
import { unwrap, upload } from '../../../lib/request.js';

/** The account operations (docs/requirements.md#operations), as the contracts' operation catalogue declares them. */
export const accountOps = accountOperations;

export async function uploadAvatar(file: File) {
  return unwrap(await upload(apiPaths.uploadAvatar, file, 'file', file.name), ZUploadAvatarResponse);
}
