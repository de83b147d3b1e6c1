import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client.js';
import { hideToast, showLoading, showToast, toastError } from '../../../lib/toast.js';
import { contentChanged } from '../../content/index.js';

export const consoleKeys = {
  all: ['console'] as const,
  /** `season`: a programme page's or award's season ('' the current one) */
  articles: (category: string, q: string, season: string) => ['console', 'articles', category, q, season] as const,
  article: (id: string) => ['console', 'article', id] as const,
  leaders: (group: string) => ['console', 'leaders', group] as const,
  subdivisions: ['console', 'subdivisions'] as const,
  members: (q: string, subdivisionId: string) => ['console', 'members', q, subdivisionId] as const,
  webviewHosts: ['console', 'webviewHosts'] as const,
};

interface Options<Res, Vars> {
  /** a loading indicator while the call runs */
  loading?: string;
  /** the toast once the server has accepted it */
  success?: string | ((res: Res, vars: Vars) => string);
  onSuccess?(res: Res, vars: Vars): void;
}

/**
 * A console write: on success every console list and every public content read is refetched, and the
 * next public reads bypass the browser's cache, so the change shows at once on both sides.
 */
export function useConsoleMutation<Vars, Res>(fn: (vars: Vars) => Promise<Res>, options: Options<Res, Vars> = {}) {
  return useMutation({
    mutationFn: async (vars: Vars) => {
      if (options.loading) showLoading(options.loading);
      return fn(vars);
    },
    onSuccess: async (res, vars) => {
      contentChanged();
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
      const text = typeof options.success === 'function' ? options.success(res, vars) : options.success;
      if (text) showToast(text);
      else if (options.loading) hideToast();
      options.onSuccess?.(res, vars);
    },
    onError: toastError,
  });
}
