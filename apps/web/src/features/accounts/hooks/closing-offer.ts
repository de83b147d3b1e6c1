import { Code } from '@qgw/contracts';
import { ApiFailure } from '../../../lib/request.js';
import { hideToast, toastError } from '../../../lib/toast.js';

/**
 * A login refused with ACCOUNT_CLOSING (the right password, an account closed in its grace period):
 * asks whether to cancel the closing. The dialog and the call it makes load only then, so the login
 * screen's chunk does not carry them. Answers whether the error was that refusal.
 */
export function offerCancelClosing(error: unknown, form: { mobile?: string | undefined; password?: string | undefined }): boolean {
  if (!(error instanceof ApiFailure) || error.code !== Code.ACCOUNT_CLOSING) return false;
  hideToast();
  import('./closing-dialog.js').then(
    (m) => m.askToCancelClosing(error.message, { mobile: form.mobile ?? '', password: form.password ?? '' }),
    () => toastError(error),
  );
  return true;
}
