import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SiteLayout } from './layouts/site-layout.js';
import { PageLoader } from './layouts/page-loader.js';
import { importOrReload } from './pwa/chunk-reload.js';
import { RouteError } from './pwa/route-error.js';
import { areaLoader, liveListLoader } from './route-prefetch.js';
import { REGISTER_PAGE_PATH } from '../shared/pages.js';
// The home page is part of the first download: most visitors open it first, and loading
// it lazily would add a round trip before the first paint on a phone (issue 3 budget).
import LandingPage from './pages/public/landing-page.js';

type PageModule = { default: ComponentType };

/**
 * Each page is its own chunk, loaded when its route is first visited, so the public
 * pages load no dashboard code (and a supervisor's phone downloads no manager screens).
 * A chunk that cannot be loaded (a tab older than the last release) reloads the page once.
 * The signed-in areas' loaders start their session check (and the supervisor's live list)
 * with the navigation, while the area's code loads (route-prefetch.ts).
 */
const page = (load: () => Promise<PageModule>): RouteObject['lazy'] => async () => ({ Component: (await importOrReload(load, destination)).default });

/** The address being opened: while a page's code loads, the address bar still shows the last page. */
function destination(): string {
  const opening = router.state.navigation.location;
  return opening ? new URL(router.createHref(opening), window.location.href).href : window.location.href;
}

/**
 * The routes under a layout, behind one error screen: a pathless route that draws its
 * child in the layout's outlet, and on any error of a page below (its code did not load,
 * it threw while drawing, its data failed) the error screen there instead. So the site's
 * top bar, or an area's side menu, stays and the person has a way on (issue 15).
 */
const withErrorScreen = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    hydrateFallbackElement: <PageLoader />,
    // the layout itself failing: the screen alone, still with a way on
    errorElement: <RouteError />,
    children: withErrorScreen([
      { index: true, Component: LandingPage },
      { path: 'home', Component: LandingPage },
      { path: 'login', lazy: page(() => import('./pages/public/login-page.js')) },
      { path: 'forget', lazy: page(() => import('./pages/public/forget-page.js')) },
      { path: REGISTER_PAGE_PATH.slice(1), lazy: page(() => import('./pages/public/register-page.js')) },
      // @routes:public
      { path: 'about', lazy: page(() => import('./pages/public/about-page.js')) },
      { path: 'contact', lazy: page(() => import('./pages/public/contact-page.js')) },
      { path: 'policy', lazy: page(() => import('./pages/public/policy-page.js')) },
      {
        path: 'dashboard/admin',
        loader: areaLoader('admin'),
        lazy: page(() => import('./features/admin/admin-area.js')),
        children: withErrorScreen([
          { index: true, lazy: page(() => import('./features/admin/admin-dashboard-page.js')) },
          // @routes:admin
          { path: 'accounts', lazy: page(() => import('./features/admin/accounts-page.js')) },
          { path: 'states', lazy: page(() => import('./features/admin/states-page.js')) },
          { path: 'company', lazy: page(() => import('./features/admin/company-profile-page.js')) },
          { path: 'norms', lazy: page(() => import('./features/admin/staffing-norms-page.js')) },
          { path: 'contracts', lazy: page(() => import('./features/admin/contract-terms-page.js')) },
          { path: 'payroll-settings', lazy: page(() => import('./features/admin/payroll-settings-page.js')) },
          { path: 'holidays', lazy: page(() => import('./features/admin/holidays-page.js')) },
          { path: 'audit', lazy: page(() => import('./features/admin/audit-page.js')) },
          // the payroll (issue 26): the manager's pages, where the admin also reopens a final month
          { path: 'payroll', lazy: page(() => import('./features/reports/payroll-page.js')) },
          { path: 'payroll/register', lazy: page(() => import('./features/reports/payroll-register-page.js')) },
          { path: 'addworkers', lazy: page(() => import('./features/admin/admin-add-worker-page.js')) },
          { path: 'addsupervisors', lazy: page(() => import('./features/admin/admin-add-supervisor-page.js')) },
          { path: 'Live-train/:id', lazy: page(() => import('./features/admin/live-train-page.js')) },
        ]),
      },
      {
        path: 'dashboard/manager',
        loader: areaLoader('manager'),
        lazy: page(() => import('./features/manager/manager-area.js')),
        children: withErrorScreen([
          { index: true, lazy: page(() => import('./features/manager/manager-dashboard-page.js')) },
          // @routes:manager-staff
          { path: 'addworkers', lazy: page(() => import('./features/staff/add-worker-page.js')) },
          { path: 'addsupervisors', lazy: page(() => import('./features/staff/add-supervisor-page.js')) },
          { path: 'staffdetails', lazy: page(() => import('./features/staff/staff-list-page.js')) },
          { path: 'editstaff/:id', lazy: page(() => import('./features/staff/edit-staff-page.js')) },
          { path: 'addworkerss', lazy: page(() => import('./features/staff/bulk-upload-page.js')) },
          // @routes:manager-duties
          { path: 'addwork', lazy: page(() => import('./features/duties/add-duty-page.js')) },
          { path: 'livework', lazy: page(() => import('./features/duties/live-works-page.js')) },
          { path: 'completed', lazy: page(() => import('./features/duties/completed-works-page.js')) },
          { path: 'traindetail/:id', lazy: page(() => import('./features/duties/train-detail-page.js')) },
          // @routes:manager-reports
          { path: 'attendance', lazy: page(() => import('./features/reports/attendance-page.js')) },
          { path: 'wages', lazy: page(() => import('./features/reports/wages-page.js')) },
          { path: 'payroll', lazy: page(() => import('./features/reports/payroll-page.js')) },
          { path: 'payroll/register', lazy: page(() => import('./features/reports/payroll-register-page.js')) },
          { path: 'bills', lazy: page(() => import('./features/bills/bills-page.js')) },
          { path: 'addbills', lazy: page(() => import('./features/bills/add-bill-page.js')) },
          // the bill computed from the duties and its printed pages (issue 27)
          { path: 'bills/draft', lazy: page(() => import('./features/reports/bill-draft-page.js')) },
          { path: 'bills/print/annexure', lazy: page(() => import('./features/reports/bill-annexure-print-page.js')) },
          { path: 'bills/print/cover', lazy: page(() => import('./features/reports/bill-cover-print-page.js')) },
          { path: 'bills/print/compliance', lazy: page(() => import('./features/reports/bill-compliance-print-page.js')) },
          // @routes:manager-chat
          { path: 'connect', lazy: page(() => import('./features/chat/chat-page.js')) },
        ]),
      },
      {
        path: 'dashboard/user',
        loader: areaLoader('user'),
        lazy: page(() => import('./features/supervisor/user-area.js')),
        children: withErrorScreen([
          { index: true, loader: liveListLoader, lazy: page(() => import('./features/duties/live-duty-page.js')) },
          // @routes:user-duties
          { path: 'addduty', lazy: page(() => import('./features/duties/add-duty-page.js')) },
          { path: 'completedduty', lazy: page(() => import('./features/duties/completed-duty-page.js')) },
          { path: 'traindetails/:id', lazy: page(() => import('./features/duties/train-detail-page.js')) },
          // @routes:user-chat
          { path: 'connect', lazy: page(() => import('./features/chat/chat-page.js')) },
        ]),
      },
      { path: '*', lazy: page(() => import('./pages/public/not-found-page.js')) },
    ]),
  },
];

export const router = createBrowserRouter(routes);
