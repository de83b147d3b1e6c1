import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { accountRoutes, defaultRoute, routes, type AccountRoutePath, type RoutePath } from '@qgw/contracts';
import { lazyScreen, type ScreenLoader, type ScreenPrefetch } from './lazy-screen.js';
import { RouteError } from './route-error.js';
import { RootLayout, ScreenLoading } from './root-layout.js';
import NotFound from './not-found.js';
import { bindRouter } from '../lib/navigation.js';
import { clearToastLeftFromLastPage } from '../lib/toast.js';
import { consoleRoutes } from './console-routes.js';

/**
 * The screens built so far, keyed by the contract's route table. Each is its own chunk; a route of
 * the table that is not listed here shows "页面不存在" until the issue that builds it adds it.
 */
export const screens: ReadonlyArray<readonly [RoutePath | AccountRoutePath, ScreenLoader, ScreenPrefetch?]> = [
  [routes.cxb2024.index, () => import('../routes/home.js')],
  [routes.home.index, () => import('../routes/home.js')],
  [routes.intro.index, () => import('../routes/intro.js'), () => import('../routes/intro.data.js')],
  [routes.account.index, () => import('../routes/account.js')],
  [routes.login.index, () => import('../routes/login.js')],
  [routes.cxb2024.login, () => import('../routes/login.js')],
  [routes.login.register, () => import('../routes/register.js')],
  [routes.login.bind, () => import('../routes/bind.js')],
  [accountRoutes.forgotPassword, () => import('../routes/forgot-password.js')],
  [accountRoutes.privacy, () => import('../routes/account-privacy.js')],
  [routes.welcome.index, () => import('../routes/welcome.js')],
  [routes.update.index, () => import('../routes/update.js')],
  [routes.update.updatePhone, () => import('../routes/update-phone.js')],
  // membership and the 2024 programme (person, works, company, sharing)
  [routes.member.index, () => import('../routes/member-index.js'), () => import('../routes/member-index.data.js')],
  [routes.member.detail, () => import('../routes/member-detail.js'), () => import('../routes/member-detail.data.js')],
  [routes.cxb2024.personApply, () => import('../routes/cxb2024-person-apply.js')],
  [routes.cxb2024.information, () => import('../routes/cxb2024-information.js'), () => import('../routes/person-entry.data.js')],
  [routes.cxb2024.information1, () => import('../routes/cxb2024-information1.js'), () => import('../routes/person-entry.data.js')],
  [routes.cxb2024.information2, () => import('../routes/cxb2024-information2.js'), () => import('../routes/person-entry.data.js')],
  [routes.cxb2024.personResult, () => import('../routes/cxb2024-person-result.js'), () => import('../routes/person-result.data.js')],
  [routes.cxb2024.workApply, () => import('../routes/cxb2024-work-apply.js')],
  [routes.cxb2024.workResult, () => import('../routes/cxb2024-work-result.js')],
  [routes.cxb2024.companyApply, () => import('../routes/cxb2024-company-apply.js'), () => import('../routes/company-apply.data.js')],
  [routes.cxb2024.companyResult, () => import('../routes/cxb2024-company-result.js'), () => import('../routes/company-result.data.js')],
  [routes.cxb2024.qrcodePage, () => import('../routes/cxb2024-qrcode.js')],
  [routes.apply.index, () => import('../routes/apply-index.js'), () => import('../routes/apply-index.data.js')],
  [routes.apply.themeSelect, () => import('../routes/apply-theme-select.js'), () => import('../routes/apply-theme-select.data.js')],
  [routes.apply.addWork, () => import('../routes/apply-add-work.js'), () => import('../routes/apply-add-work.data.js')],
  [routes.apply.updateWork, () => import('../routes/apply-update-work.js')],
  // rank-user application: programme pages, the four-step form and the look-up's screens
  [routes.cxb.index, () => import('../routes/cxb-index.js'), () => import('../routes/cxb-index.data.js')],
  [routes.cxb.award, () => import('../routes/cxb-award.js'), () => import('../routes/cxb-award.data.js')],
  [routes.cxb.process, () => import('../routes/cxb-process.js'), () => import('../routes/cxb-process.data.js')],
  [routes.cxbApplication.applyNotice, () => import('../routes/cxb-application-apply-notice.js')],
  [routes.cxbApplication.index, () => import('../routes/cxb-application-index.js')],
  [routes.cxbApplication.videoNew, () => import('../routes/cxb-application-video-new.js')],
  [routes.cxbApplication.videoInfo, () => import('../routes/cxb-application-video-info.js')],
  [routes.cxbApplication.preview, () => import('../routes/cxb-application-preview.js')],
  [routes.cxbCheck.index, () => import('../routes/cxb-check-index.js'), () => import('../routes/my-applications.data.js')],
  [routes.cxbCheck.personalInfo, () => import('../routes/cxb-check-personal-info.js'), () => import('../routes/rank-user-info.data.js')],
  [routes.cxbCheck.videoInfo, () => import('../routes/cxb-check-video-info.js'), () => import('../routes/rank-user-info.data.js')],
  [routes.cxbCheck.checkStatus, () => import('../routes/cxb-check-status.js'), () => import('../routes/rank-user-info.data.js')],
  // committee content: intro, articles, documents, people, subdivisions, directory, web view
  [routes.homeIntro.index, () => import('../routes/home-intro-index.js'), () => import('../routes/intro.data.js')],
  [routes.homeIntro.memberList, () => import('../routes/home-intro-member-list.js')],
  [routes.article.index, () => import('../routes/article-index.js'), () => import('../routes/article.data.js')],
  [routes.article.document, () => import('../routes/article-document.js'), () => import('../routes/article.data.js')],
  [routes.article.leader, () => import('../routes/article-leader.js')],
  [routes.article.secretary, () => import('../routes/article-secretary.js')],
  [routes.article.subdivisions, () => import('../routes/article-subdivisions.js')],
  [routes.memberlist.index, () => import('../routes/memberlist-index.js')],
  [routes.memberlist.detail, () => import('../routes/memberlist-detail.js')],
  [routes.common.index, () => import('../routes/common-index.js')],
  [routes.common.webview, () => import('../routes/common-webview.js')],
];

const toDefault = () => redirect(defaultRoute);

export function buildRoutes(list: ReadonlyArray<readonly [string, ScreenLoader, ScreenPrefetch?]> = screens): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <ScreenLoading />,
      children: [
        { index: true, loader: toDefault },
        ...list.map(
          ([path, load, prefetch]): RouteObject => ({
            path,
            // a route's path matches case-sensitively, as the route table spells it
            caseSensitive: true,
            lazy: lazyScreen(load, undefined, prefetch),
            errorElement: <RouteError />,
            hydrateFallbackElement: <ScreenLoading />,
          }),
        ),
        // the management console (under /console, outside the seed's route table)
        ...consoleRoutes,
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function createAppRouter(list?: ReadonlyArray<readonly [string, ScreenLoader]>) {
  const router = createHashRouter(buildRoutes(list));
  bindRouter(router);
  // a toast must not follow the person to the next screen, unless it is about the move itself
  let path = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === path) return;
    path = state.location.pathname;
    clearToastLeftFromLastPage();
  });
  // inside WeChat each screen sets its share card; no other browser downloads that code
  if (/MicroMessenger/i.test(navigator.userAgent)) void import('../features/sharing/index.js').then((m) => m.startWechatShare(router));
  return router;
}
