import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, ZBindWxUserRequest } from '@qgw/contracts';
import { call, validate } from '../../../lib/request.js';
import { openExternal, switchTab } from '../../../lib/navigation.js';
import { showLoading, showToast, toastError, hideToast } from '../../../lib/toast.js';
import { accountOps } from '../api/operations.js';
import { accountStrings as t } from '../strings.js';
import { saveOpenid } from '../session.js';

export const wxAuthorizeUrlKey = ['account', 'wxAuthorizeUrl'] as const;

/** Whether WeChat binding is available here; each answer carries a fresh single-use state. */
export function useWxAuthorizeUrl(enabled: boolean) {
  return useQuery({
    queryKey: wxAuthorizeUrlKey,
    queryFn: () => call(accountOps.wxAuthorizeUrl, {}),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Sends the browser to WeChat's authorisation page with a state minted just now. */
export function useStartWxAuthorize() {
  return useMutation({
    mutationFn: async () => {
      showLoading(t.loading);
      const answer = await call(accountOps.wxAuthorizeUrl, {});
      if (!answer.configured || !answer.url) throw new Error(t.bindNotConfigured);
      return answer.url;
    },
    onSuccess: (url) => {
      hideToast();
      openExternal(url);
    },
    onError: toastError,
  });
}

/** The bind flow (docs/requirements.md#wechat-binding): store the openid, say so, go home. */
export function useBindWx() {
  return useMutation({
    mutationFn: async (params: { code: string; state: string }) => {
      const input = validate(ZBindWxUserRequest, params);
      showLoading(t.loading);
      return call(accountOps.bindUser, input);
    },
    onSuccess: ({ openid }) => {
      saveOpenid(openid);
      showToast(t.bindSuccess);
      switchTab(routes.home.index);
    },
    onError: toastError,
  });
}

/**
 * WeChat appends `code` and `state` to the query before the hash (…/?code=…&state=…#/pages/login/bind);
 * a redirect that keeps them inside the hash is accepted too.
 */
export function readOAuthReturn(loc: Pick<Location, 'search' | 'hash'> = window.location): { code: string; state: string } | null {
  const outer = new URLSearchParams(loc.search);
  const inner = new URLSearchParams(loc.hash.split('?')[1] ?? '');
  const code = outer.get('code') ?? inner.get('code');
  const state = outer.get('state') ?? inner.get('state');
  return code && state ? { code, state } : null;
}

/** Removes code and state from the address bar, so that a reload or a shared link cannot replay them. */
export function clearOAuthReturn(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  const [hashPath = '', hashQuery = ''] = url.hash.split('?');
  const inner = new URLSearchParams(hashQuery);
  inner.delete('code');
  inner.delete('state');
  const rest = inner.toString();
  url.hash = rest ? `${hashPath}?${rest}` : hashPath;
  window.history.replaceState(window.history.state, '', url.toString());
}
