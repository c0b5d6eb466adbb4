/**
 * The console: Refine over our providers, routes under /staff, every screen but the login behind the session check,
 * and every screen but /setup behind a finished account setup (the server refuses the rest anyway).
 */
import { lazy, Suspense } from 'react';
import { Authenticated, CanAccess, Refine, useGetIdentity } from '@refinedev/core';
import type { ReactNode } from 'react';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { accessControlProvider } from './providers/access-control.ts';
import { authProvider, loginPath, SETUP_PATH } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { Layout } from './layout.tsx';
import { HomeRedirect } from './screens/home.tsx';
import { LoginScreen } from './screens/login.tsx';
import { SetupScreen } from './screens/setup.tsx';
import { RESOURCES } from './resources.ts';
import type { StaffIdentity } from './types.ts';

const ReviewList = lazy(() => import('./screens/review-list.tsx'));
const ReviewShow = lazy(() => import('./screens/review-show.tsx'));
const CustomerList = lazy(() => import('./screens/customer-list.tsx'));
const CustomerShow = lazy(() => import('./screens/customer-show.tsx'));
const FeedbackInbox = lazy(() => import('./screens/feedback-inbox.tsx'));
const Approvals = lazy(() => import('./screens/approvals.tsx'));
const RefundList = lazy(() => import('./screens/refund-list.tsx'));
const AuditLog = lazy(() => import('./screens/audit-log.tsx'));
const Accounts = lazy(() => import('./screens/accounts.tsx'));
const FormsList = lazy(() => import('./screens/forms.tsx'));
const FormVersions = lazy(() => import('./screens/form-versions.tsx'));
const FormEditor = lazy(() => import('./screens/form-editor.tsx'));
const ChangePassword = lazy(() => import('./screens/change-password.tsx'));
const CollectionQueue = lazy(() => import('./screens/collection-queue.tsx'));
const CollectionLoan = lazy(() => import('./screens/collection-loan.tsx'));
const CollectionTemplates = lazy(() => import('./screens/collection-templates.tsx'));
const Disputes = lazy(() => import('./screens/disputes.tsx'));
const CollectionComplaints = lazy(() => import('./screens/collection-complaints.tsx'));
// The dashboard and its charting library are one chunk of their own, fetched only when it opens.
const BookDashboard = lazy(() => import('./screens/book-dashboard.tsx'));

/** The console for a set-up account; a session that must enrol or set a password goes to /setup first. */
function SetUp({ children }: { children: ReactNode }) {
  const { data: staff } = useGetIdentity<StaffIdentity>();
  if (staff && staff.pending.length > 0) return <Navigate to={SETUP_PATH} replace />;
  return <>{children}</>;
}

/**
 * A screen the role may use, else the role's first screen: after a sign-in that returns to the page another member
 * left (Refine's `to`), or a link the role cannot follow.
 */
function Allowed({ resource, action = 'list', children }: { resource: string; action?: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} fallback={<Navigate to="/" replace />}>
      {children}
    </CanAccess>
  );
}

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
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
        }}
      >
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route
            path={SETUP_PATH}
            element={
              <Authenticated key="setup" fallback={<Navigate to={loginPath()} replace />}>
                <SetupScreen />
              </Authenticated>
            }
          />
          <Route
            element={
              <Authenticated key="console" fallback={<Navigate to={loginPath()} replace />}>
                <SetUp>
                  <Layout>
                    <Screen />
                  </Layout>
                </SetUp>
              </Authenticated>
            }
          >
            <Route index element={<HomeRedirect />} />
            <Route path="/password" element={<ChangePassword />} />
            <Route
              path="/reviews"
              element={
                <Allowed resource="reviews">
                  <ReviewList />
                </Allowed>
              }
            />
            <Route
              path="/reviews/:orderId"
              element={
                <Allowed resource="reviews" action="show">
                  <ReviewShow />
                </Allowed>
              }
            />
            <Route
              path="/customers"
              element={
                <Allowed resource="customers">
                  <CustomerList />
                </Allowed>
              }
            />
            <Route
              path="/customers/:customerId"
              element={
                <Allowed resource="customers" action="show">
                  <CustomerShow />
                </Allowed>
              }
            />
            <Route
              path="/feedback"
              element={
                <Allowed resource="feedback">
                  <FeedbackInbox />
                </Allowed>
              }
            />
            <Route
              path="/approvals"
              element={
                <Allowed resource="approvals">
                  <Approvals />
                </Allowed>
              }
            />
            <Route
              path="/refunds"
              element={
                <Allowed resource="refunds">
                  <RefundList />
                </Allowed>
              }
            />
            <Route
              path="/audit"
              element={
                <Allowed resource="audit">
                  <AuditLog />
                </Allowed>
              }
            />
            <Route
              path="/accounts"
              element={
                <Allowed resource="accounts">
                  <Accounts />
                </Allowed>
              }
            />
            <Route
              path="/forms"
              element={
                <Allowed resource="forms">
                  <FormsList />
                </Allowed>
              }
            />
            <Route
              path="/forms/:kind/:name"
              element={
                <Allowed resource="forms" action="show">
                  <FormVersions />
                </Allowed>
              }
            />
            <Route
              path="/form-versions/:id"
              element={
                <Allowed resource="forms" action="show">
                  <FormEditor />
                </Allowed>
              }
            />
            <Route
              path="/collections"
              element={
                <Allowed resource="collections">
                  <CollectionQueue />
                </Allowed>
              }
            />
            <Route
              path="/collections/:orderId"
              element={
                <Allowed resource="collections" action="show">
                  <CollectionLoan />
                </Allowed>
              }
            />
            <Route
              path="/collection-templates"
              element={
                <Allowed resource="collection-templates">
                  <CollectionTemplates />
                </Allowed>
              }
            />
            <Route
              path="/disputes"
              element={
                <Allowed resource="disputes">
                  <Disputes />
                </Allowed>
              }
            />
            <Route
              path="/collection-complaints"
              element={
                <Allowed resource="collection-complaints">
                  <CollectionComplaints />
                </Allowed>
              }
            />
            <Route
              path="/book"
              element={
                <Allowed resource="book">
                  <BookDashboard />
                </Allowed>
              }
            />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </Refine>
    </BrowserRouter>
  );
}
