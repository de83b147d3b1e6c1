/**
 * The screens that show one item by its `?id=` (an article, a document, a subdivision, a member),
 * each with the first item the server's demo content lists, so that the item itself is looked at and
 * not only the list or a not-found. Shared by bench/web.ts (Lighthouse) and the accessibility
 * journey (e2e/accessibility-routes.spec.ts); it needs nothing but the server's address.
 */
import { apiPaths, appConstants, type RoutePath, routes } from '@qgw/contracts';

export interface DemoDetail {
  route: RoutePath;
  id: string;
}

export async function demoDetails(serverUrl: string): Promise<DemoDetail[]> {
  const fixed = Object.fromEntries(Object.entries(appConstants.fixedRequestFields).map(([k, v]) => [k, String(v)]));
  const first = async (path: string, extra: Record<string, string> = {}): Promise<string> => {
    const res = await fetch(`${serverUrl}${path}?${new URLSearchParams({ ...fixed, ...extra })}`);
    const body = (await res.json()) as { success: boolean; message: { items?: { id: string }[] } | { id: string }[] };
    const items = Array.isArray(body.message) ? body.message : body.message.items;
    const id = items?.[0]?.id;
    if (!body.success || !id) throw new Error(`no demo item from ${path}: ${JSON.stringify(body).slice(0, 200)}`);
    return id;
  };
  return [
    { route: routes.article.index, id: await first(apiPaths.contentArticles, { category: 'news' }) },
    { route: routes.article.document, id: await first(apiPaths.contentArticles, { category: 'document' }) },
    { route: routes.article.subdivisions, id: await first(apiPaths.contentSubdivisions) },
    { route: routes.memberlist.detail, id: await first(apiPaths.contentMembers) },
  ];
}
