import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from '../router.ts';
import { guard, type GuardPolicy, type Platform } from '#engine/screens/guard.ts';
import { KeepAliveOutlet } from '#engine/screens/keep-alive-outlet.tsx';
import { RouteTable, type ResolvedRoute } from '#engine/screens/route-table.ts';
import type { StorageWrites } from '#engine/screens/query-storage.ts';
import { BottomNav } from '#engine/ui/bottom-nav.tsx';
import { homeIcon, loanIcon, profileIcon } from '#engine/ui/icons.tsx';
import { product, routesConfig } from '../config.ts';
import { firstScreenSettled } from '../api/activity.ts';
import { writeStorage } from '../storage.ts';
import { useCoreStore } from '../store/core-store.ts';
import { ScreenView } from './screen-view.tsx';
import { TitleBar } from './title-bar.tsx';

/** Whether a stylesheet loaded: a failed one keeps a sheet whose rules cannot be read. */
function readable(link: HTMLLinkElement): boolean {
  try {
    return link.sheet!.cssRules.length >= 0;
  } catch {
    return false;
  }
}

/**
 * One of the shell's own chunks, imported again once the browser is back online if it could not be (the network
 * dropped before it came): meanwhile the shell goes on without it, instead of failing with it. A stylesheet that
 * failed with it is asked for again too, since Vite's preload helper would take it as loaded.
 */
function whenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) =>
        addEventListener(
          'online',
          () => {
            for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]'))
              if (!readable(link)) link.replaceWith(link.cloneNode());
            resolve(whenOnline(load));
          },
          { once: true },
        ),
      ),
  );
}
const ShellExtras = lazy(() => whenOnline(() => import('./shell-extras.tsx')));
const UnreadBadge = lazy(() => whenOnline(() => import('./unread-badge.tsx')));
const unreadBadge = (
  <Suspense fallback={null}>
    <UnreadBadge />
  </Suspense>
);
const table = new RouteTable(routesConfig.routes);
const policy: GuardPolicy = {
  loginPath: routesConfig.loginRoute,
  unsupportedPlatforms: product.unsupportedPlatforms as Platform[],
  unsupportedPath: product.unsupportedRoute,
};

/**
 * The shell's extras and the unread badge wait for the first screen (src/api/activity.ts): until it has what it
 * asked for and the main thread is idle after drawing it, or 3 s at most. On a slow network they do not take the
 * bandwidth and the main thread from it; nor does the service worker's install, which fetches the app shell
 * (src/main.tsx).
 */
export const firstScreenDone = new Promise<void>((resolve) => {
  if (typeof window === 'undefined') return;
  window.setTimeout(resolve, 3000);
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  void firstScreenSettled().then(() => idle(() => resolve(), { timeout: 1000 }));
});
let afterFirstScreen = false;
void firstScreenDone.then(() => (afterFirstScreen = true));

function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(afterFirstScreen);
  useEffect(() => {
    if (after) return undefined;
    let live = true;
    void firstScreenDone.then(() => live && setAfter(true));
    return () => {
      live = false;
    };
  }, [after]);
  return after;
}

function applyStorage(writes: StorageWrites): void {
  for (const [key, value] of Object.entries(writes.local)) writeStorage('local', key, value);
  for (const [key, value] of Object.entries(writes.session)) writeStorage('session', key, value);
}

/**
 * config/routes.json as react-router routes: each path and alias of a route (case-sensitive, as the table is)
 * renders the frame with that match, and any other path renders it with none for the guard to send away. Every
 * route renders the frame at the same place, so react-router keeps one frame mounted from route to route: its
 * keep-alive views survive navigation.
 */
const appRoutes = [
  ...table.routes.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => (
      <Route
        key={path}
        path={path}
        caseSensitive
        element={<Frame match={{ route, viaAlias: path !== route.path }} />}
      />
    )),
  ),
  <Route key="*" path="*" element={<Frame match={undefined} />} />,
];

/** The root shell: react-router matches the URL against the route table. */
export function Shell() {
  return <Routes>{appRoutes}</Routes>;
}

/** Guards every navigation, then renders the route's view inside the title bar and navigation. */
function Frame({ match }: { match: ResolvedRoute | undefined }) {
  const { pathname, search } = useLocation();
  const token = useCoreStore((s) => s.publicData.token);
  const customerId = useCoreStore((s) => s.publicData.customerId);
  const decision = useMemo(
    () => guard({ pathname, search, match, userAgent: navigator.userAgent, token, customerId }, policy),
    [pathname, search, match, token, customerId],
  );
  useEffect(() => applyStorage(decision.storage), [decision]);
  const extras = useAfterFirstScreen();

  if (decision.redirect || !decision.route)
    return <Navigate to={decision.redirect ?? routesConfig.loginRoute} replace />;
  const route = decision.route;
  const isTab = routesConfig.tabs.some((tab) => tab.route === route.name);
  return (
    <div className="app" data-route={route.name}>
      <TitleBar routeName={route.name} back={route.back !== false} />
      <main className="app-main">
        <KeepAliveOutlet
          current={{ name: route.name, keepAlive: Boolean(route.keepAlive) }}
          render={(name) => <ScreenView routeName={name} />}
        />
      </main>
      {isTab && <TabBar current={route.name} badge={extras} />}
      {extras && (
        <Suspense fallback={null}>
          <ShellExtras />
        </Suspense>
      )}
    </div>
  );
}

const TAB_ICONS = { home: homeIcon, loan: loanIcon, profile: profileIcon } as const;

function TabBar({ current, badge }: { current: string; badge: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = routesConfig.tabs.map((tab) => ({
    id: tab.id,
    label: t(`nav.${tab.id}`),
    href: table.byRouteName(tab.route)?.path ?? '/',
    icon: TAB_ICONS[tab.icon],
    active: tab.route === current,
    // Messages are reached from the profile: its tab carries their unread count (its own chunk).
    badge: tab.id === 'profile' && badge ? unreadBadge : undefined,
  }));
  return <BottomNav items={items} onNavigate={(href) => navigate(href)} />;
}
