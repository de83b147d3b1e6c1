import { useMutation } from '@tanstack/react-query';
import { beijingCompactDate, beijingMonthDay, routes, ZCloseAccountRequest, type CloseAccountRequest } from '@qgw/contracts';
import { call, validate } from '../../../lib/request.js';
import { redirectTo } from '../../../lib/navigation.js';
import { showLoading, showToast, toastError } from '../../../lib/toast.js';
import { accountRightsOps, fetchMyData } from '../api/rights-operations.js';
import { forgetSession } from '../session.js';
import { accountRightsStrings as t } from '../strings.js';

/** Hands a file to the browser's downloads. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 下载我的数据: fetches the export and saves it as 我的数据-YYYYMMDD.json. */
export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      showLoading(t.exporting);
      const doc = await fetchMyData();
      saveFile(t.exportFilename(beijingCompactDate(Date.now())), JSON.stringify(doc, null, 2));
    },
    onSuccess: () => showToast(t.exported),
    onError: toastError,
  });
}

export type CloseAccountForm = { password: string } | { smsCode: string };

/** 注销账号: on success this device forgets the session and opens the login page with the erasure day. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: async (form: CloseAccountForm) => {
      const input: CloseAccountRequest = validate(ZCloseAccountRequest, form);
      showLoading(t.closing);
      return call(accountRightsOps.closeAccount, input);
    },
    onSuccess: (closed) => {
      forgetSession();
      redirectTo(routes.login.index);
      showToast(t.closed(beijingMonthDay(closed.eraseAfter)), 3000);
    },
    onError: toastError,
  });
}
