/**
 * bench/web.ts's Lighthouse side: which applicant routes it scores, signed in or out, and one run's
 * scores (performance, accessibility, best practices), metrics and benchmark index.
 */
import { writeFileSync } from 'node:fs';
import lighthouse, { type Result } from 'lighthouse';
import { accountRoutes, allScreenPaths, apiPaths, appConstants, defaultRoute, routes, storageKeys } from '@qgw/contracts';
import { demoDetails } from './lib/demo-details.js';

/** Seeded by the server outside production (apps/api/src/db/seed.ts): the applicant with an approved application. */
const demoApplicant = { mobile: '13800000001', password: 'Qgw-Demo-2024!' };

/**
 * The screens a visitor sees before signing in are scored signed out (as a first visit finds them);
 * every other screen signed in as the demo applicant, so it shows its content rather than a login redirect.
 */
const signedOutPaths: ReadonlySet<string> = new Set([defaultRoute, routes.login.index, routes.cxb2024.login, routes.login.register, accountRoutes.forgotPassword]);

export interface Target {
  /** the name in the printout and web.json: home and login by default, else the route's path */
  name: string;
  path: string;
  signedIn: boolean;
}

const of = (name: string, path: string): Target => ({ name, path, signedIn: !signedOutPaths.has(path.split('?')[0]!) });

/**
 * BENCH_WEB_ROUTES: unset = home and login; `all` = every applicant route (none of /console), then
 * the detail views (allDetails); or a comma list of paths, each with a query if wanted, where
 * `details` stands for the detail views.
 */
export function targets(spec: string | undefined): Target[] {
  if (!spec) return [of('home', defaultRoute), of('login', routes.login.index)];
  const paths = spec === 'all' ? [...allScreenPaths] : spec.split(',').map((p) => p.trim()).filter((p) => p && p !== 'details');
  const known = new Set<string>(allScreenPaths);
  const unknown = paths.filter((p) => !known.has(p.split('?')[0]!));
  if (unknown.length) throw new Error(`BENCH_WEB_ROUTES: not applicant routes: ${unknown.join(', ')}`);
  return paths.map((p) => of(p === defaultRoute ? 'home' : p === routes.login.index ? 'login' : p, p));
}

/**
 * The routes that show one item by its ?id= (an article, a document, a member, a subdivision), with
 * the first the demo content lists, so that the item is scored and not only the list or a not-found.
 */
export const wantsDetails = (spec: string | undefined): boolean => spec === 'all' || (spec ?? '').split(',').some((p) => p.trim() === 'details');

export async function allDetails(serverUrl: string): Promise<Target[]> {
  return (await demoDetails(serverUrl)).map((d) => of(`${d.route}?id=…`, `${d.route}?id=${encodeURIComponent(d.id)}`));
}

export interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Lighthouse's measure of the machine's speed during the run (environment.benchmarkIndex) */
  benchmarkIndex: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** time to interactive: from navigation until the page's main thread is quiet enough to answer a tap at once */
  ttiMs: number;
  scriptTransferBytes: number;
  /** accessibility and best-practices audits that did not pass: what to fix */
  failing: string[];
}

const categories = { performance: 'performance', accessibility: 'accessibility', bestPractices: 'best-practices' } as const;

/** One Lighthouse run; a run whose trace Chrome failed to record (it happens on a busy machine) is repeated. */
export async function audit(url: string, port: number, saveAs?: string): Promise<Run> {
  let lhr: Result | undefined;
  for (let attempt = 1; ; attempt++) {
    // the default configuration is Lighthouse's mobile preset: a mid-range phone, slow 4G, 4× CPU slowdown.
    // Local storage survives its storage reset (only caches and service workers are cleared), which
    // keeps a signed-in route signed in.
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.values(categories) });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) break;
    const why = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${why}`);
    console.warn(`Lighthouse on ${url}: ${why}; again`);
  }
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    if (s === null || s === undefined) throw new Error(`Lighthouse scored no ${id} for ${url}`);
    return Math.round(s * 100);
  };
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const failing = [categories.accessibility, categories.bestPractices].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    bestPractices: score(categories.bestPractices),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    ttiMs: value('interactive'),
    scriptTransferBytes: items.filter((i) => i.resourceType === 'Script').reduce((n, i) => n + (i.transferSize ?? 0), 0),
    failing,
  };
}

/** The demo applicant's session, as the login screen stores it (apps/web/src/features/accounts/session.ts). */
export async function applicantSession(serverUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${serverUrl}${apiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...demoApplicant, ...appConstants.fixedRequestFields }),
  });
  const body = (await res.json()) as { success: boolean; message: { token: string; username: string; id: string; openid: string | null } };
  if (!body.success) throw new Error(`the demo applicant could not sign in: ${JSON.stringify(body)}`);
  const info = body.message;
  return {
    [storageKeys.userInfo]: JSON.stringify(info),
    [storageKeys.token]: info.token,
    [storageKeys.mobile]: info.username,
    [storageKeys.uid]: info.id,
    [storageKeys.openid]: info.openid ?? '',
  };
}

/**
 * Replaces the origin's local storage in the browser Lighthouse drives: a tab opened on the server
 * through the DevTools protocol writes it, then closes.
 */
export async function setLocalStorage(chromePort: number, serverUrl: string, items: Record<string, string>): Promise<void> {
  const devtools = `http://127.0.0.1:${chromePort}/json`;
  const tab = (await (await fetch(`${devtools}/new?${serverUrl}/healthz`, { method: 'PUT' })).json()) as { id: string; webSocketDebuggerUrl: string };
  const ws = new WebSocket(tab.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const evaluate = (expression: string) =>
    new Promise<unknown>((resolve) => {
      const mine = ++id;
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as { id?: number; result?: { result?: { value?: unknown } } };
        if (m.id === mine) resolve(m.result?.result?.value);
      };
      ws.send(JSON.stringify({ id: mine, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
    });
  try {
    const until = Date.now() + 15_000;
    while ((await evaluate('location.origin + document.readyState')) !== `${serverUrl}complete`) {
      if (Date.now() > until) throw new Error(`the DevTools tab never opened ${serverUrl}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await evaluate(`localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(k, v); localStorage.length`);
  } finally {
    ws.close();
    await fetch(`${devtools}/close/${tab.id}`);
  }
}
