/** The console: Refine over our providers, routes under /staff, every screen but the login behind the session check. */
import { lazy, Suspense } from 'react';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { accessControlProvider } from './providers/access-control.ts';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { Layout } from './layout.tsx';
import { HomeRedirect } from './screens/home.tsx';
import { LoginScreen } from './screens/login.tsx';
import { RESOURCES } from './resources.ts';

const ReviewList = lazy(() => import('./screens/review-list.tsx'));
const ReviewShow = lazy(() => import('./screens/review-show.tsx'));
const CustomerList = lazy(() => import('./screens/customer-list.tsx'));
const CustomerShow = lazy(() => import('./screens/customer-show.tsx'));
const FeedbackInbox = lazy(() => import('./screens/feedback-inbox.tsx'));
const Approvals = lazy(() => import('./screens/approvals.tsx'));
const AuditLog = lazy(() => import('./screens/audit-log.tsx'));
const Accounts = lazy(() => import('./screens/accounts.tsx'));


function Screen() {
  return (
    <Suspense fallback={<p className="st-state" aria-busy="true" />}>
      <Outlet />
    </Suspense>
  );
}

export function StaffApp() {
  return (
    <BrowserRouter basename="/staff">
      <Refine
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={i18nProvider}
        routerProvider={routerProvider}
        resources={[...RESOURCES]}
        options={{ disableTelemetry: true, syncWithLocation: false, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } } }}
      >
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route
            element={
              <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                <Layout>
                  <Screen />
                </Layout>
              </Authenticated>
            }
          >
            <Route index element={<HomeRedirect />} />
            <Route path="/reviews" element={<ReviewList />} />
            <Route path="/reviews/:orderId" element={<ReviewShow />} />
            <Route path="/customers" element={<CustomerList />} />
            <Route path="/customers/:customerId" element={<CustomerShow />} />
            <Route path="/feedback" element={<FeedbackInbox />} />
            <Route path="/approvals" element={<Approvals />} />
            <Route path="/audit" element={<AuditLog />} />
            <Route path="/accounts" element={<Accounts />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </Refine>
    </BrowserRouter>
  );
}
