import { Dialog } from 'antd-mobile';
import { call } from '../../../lib/request.js';
import { showLoading, toastError } from '../../../lib/toast.js';
import { accountRightsOps } from '../api/rights-operations.js';
import { accountRightsStrings as t, accountStrings } from '../strings.js';
import { finishLogin } from './use-auth.js';

/**
 * 账号注销中（将于 X月X日 删除），是否撤销注销？ — 撤销注销 reopens the account with the mobile and
 * password just typed (POST /v1/cancelCloseAccount) and signs in as a login does; 暂不 leaves it closed.
 */
export async function askToCancelClosing(serverMessage: string, credentials: { mobile: string; password: string }): Promise<void> {
  const cancel = await Dialog.confirm({
    content: `${serverMessage}${t.cancelQuestion}`,
    confirmText: t.cancelConfirm,
    cancelText: t.keepClosed,
  });
  if (!cancel) return;
  try {
    showLoading(accountStrings.loading);
    finishLogin(await call(accountRightsOps.cancelCloseAccount, credentials));
  } catch (error) {
    toastError(error);
  }
}
