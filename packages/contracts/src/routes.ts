/**
 * The spec's full route table (47 routes + 3 tab pages), typed. The web router registers a screen
 * for a path when that screen is built; links are always written through this table.
 */
const group = <P extends string, N extends string>(prefix: P, names: readonly N[]) =>
  Object.fromEntries(names.map((n) => [n, `/pages/${prefix}/${n}`])) as {
    [K in N]: `/pages/${P}/${K}`;
  };

export const routes = {
  cxb2024: group('cxb2024', [
    'index', 'personApply', 'information', 'information1', 'information2', 'personResult',
    'workApply', 'workResult', 'companyApply', 'companyResult', 'login', 'qrcodePage',
  ] as const),
  article: group('article', ['index', 'document', 'leader', 'secretary', 'subdivisions'] as const),
  member: group('member', ['index', 'detail'] as const),
  welcome: group('welcome', ['index'] as const),
  apply: group('apply', ['index', 'addWork', 'updateWork', 'themeSelect'] as const),
  cxb: group('cxb', ['index', 'award', 'process'] as const),
  login: group('login', ['index', 'register', 'bind'] as const),
  cxbCheck: group('cxbCheck', ['index', 'personalInfo', 'videoInfo', 'checkStatus'] as const),
  homeIntro: group('homeIntro', ['index', 'memberList'] as const),
  update: group('update', ['index', 'updatePhone'] as const),
  cxbApplication: group('cxbApplication', ['index', 'preview', 'videoNew', 'videoInfo', 'applyNotice'] as const),
  common: group('common', ['index', 'webview'] as const),
  memberlist: group('memberlist', ['index', 'detail'] as const),
  // tab pages
  home: group('home', ['index'] as const),
  intro: group('intro', ['index'] as const),
  account: group('account', ['index'] as const),
} as const;

/**
 * The project's own screens beyond the spec's table, written the same way: 忘记密码 (reached from
 * login) and 账号与隐私 (reached from 我的).
 */
export const accountRoutes = {
  forgotPassword: '/pages/login/forgotPassword',
  privacy: '/pages/account/privacy',
} as const;

/** The default entry route (docs/requirements.md#routes). */
export const defaultRoute = routes.cxb2024.index;

/** Tab bar, in order (docs/requirements.md#tab-bar). */
export const tabBar = {
  color: '#333',
  backgroundColor: '#fff',
  borderStyle: 'white',
  list: [
    { path: routes.home.index, text: '首页' },
    { path: routes.intro.index, text: '青工委介绍' },
    { path: routes.account.index, text: '我的' },
  ],
} as const;

export type RoutePath = {
  [G in keyof typeof routes]: (typeof routes)[G][keyof (typeof routes)[G]];
}[keyof typeof routes];

export const allRoutePaths: RoutePath[] = Object.values(routes).flatMap(
  (g) => Object.values(g) as RoutePath[],
);

export const tabPaths: readonly RoutePath[] = tabBar.list.map((t) => t.path);
export const isTabPath = (p: string): boolean => (tabPaths as readonly string[]).includes(p);

export type AccountRoutePath = (typeof accountRoutes)[keyof typeof accountRoutes];

/** Every path a screen may be registered at: the spec's table and the project's own. */
export const allScreenPaths: ReadonlyArray<RoutePath | AccountRoutePath> = [...allRoutePaths, ...Object.values(accountRoutes)];
