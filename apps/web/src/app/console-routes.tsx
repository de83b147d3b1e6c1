import type { RouteObject } from 'react-router';
import { lazyScreen, type ScreenLoader } from './lazy-screen.js';
import { RouteError } from './route-error.js';
import { ScreenLoading } from './root-layout.js';
import { consolePaths } from '../features/console/paths.js';
import { reviewPaths } from '../features/console/review/paths.js';

const page = (path: string, load: ScreenLoader): RouteObject => ({
  path,
  caseSensitive: true,
  lazy: lazyScreen(load),
  errorElement: <RouteError />,
  hydrateFallbackElement: <ScreenLoading />,
});

/**
 * The console: a layout route without a path of its own (so it sits beside the seed's route table)
 * whose screens live under /console. Everything here is a lazy chunk: people who never open the
 * console never download it.
 */
export const consoleRoutes: RouteObject[] = [
  // the console's login sits outside the layout, which turns guests away (a group without a path
  // of its own, beside the seed's route table like the layout)
  { id: 'console-entry', children: [page(consolePaths.login, () => import('../routes/console-login.js'))] },
  {
    id: 'console',
    lazy: lazyScreen(() => import('../routes/console-layout.js')),
    errorElement: <RouteError />,
    hydrateFallbackElement: <ScreenLoading />,
    children: [
      page(consolePaths.home, () => import('../routes/console-home.js')),
      page(consolePaths.articles, () => import('../routes/console-articles.js')),
      page(`${consolePaths.articles}/:id`, () => import('../routes/console-article-edit.js')),
      page(consolePaths.leaders, () => import('../routes/console-leaders.js')),
      page(`${consolePaths.leaders}/:id`, () => import('../routes/console-leader-edit.js')),
      page(consolePaths.subdivisions, () => import('../routes/console-subdivisions.js')),
      page(`${consolePaths.subdivisions}/:id`, () => import('../routes/console-subdivision-edit.js')),
      page(consolePaths.members, () => import('../routes/console-members.js')),
      page(`${consolePaths.members}/:id`, () => import('../routes/console-member-edit.js')),
      page(consolePaths.webview, () => import('../routes/console-webview.js')),
      page(consolePaths.signIn, () => import('../routes/console-access-signin.js')),
      page(consolePaths.adminUsers, () => import('../routes/console-admin-users.js')),
      page(`${consolePaths.adminUsers}/:id`, () => import('../routes/console-admin-user.js')),
      page(consolePaths.adminProgramme, () => import('../routes/console-admin-programme.js')),
      page(consolePaths.adminAudit, () => import('../routes/console-admin-audit.js')),
      page(reviewPaths.queue, () => import('../routes/console-review-queue.js')),
      page(`${reviewPaths.queue}/:id`, () => import('../routes/console-review-application.js')),
      page(reviewPaths.decisions, () => import('../routes/console-review-decisions.js')),
      page(reviewPaths.deliveries, () => import('../routes/console-review-deliveries.js')),
      page(reviewPaths.assignments, () => import('../routes/console-assignments.js')),
      page(reviewPaths.ranking, () => import('../routes/console-review-ranking.js')),
    ],
  },
];
