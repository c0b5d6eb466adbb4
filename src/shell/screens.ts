/**
 * Screen modules by name. Each screen is its own chunk (src/screens/<name>/<name>-screen.tsx), fetched on first visit;
 * a screen imports its own page stylesheet (src/screens/<name>/<name>.page.css, named after the route path), so the
 * stylesheet comes with the chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routesConfig } from '../config.ts';

/** What the shell gives every screen: the name of the route it is shown for (one screen may serve several routes). */
export interface ScreenProps {
  readonly routeName: string;
}

type ScreenModule = {
  default: ComponentType<ScreenProps>;
  /**
   * What the screen first asks the API for, started as soon as its chunk is there when the page is opened on it
   * (`prefetchScreenAt`) rather than after its first render, which waits for the catalogs and the shell: on a slow
   * network each request that waits for another costs a round trip before the borrower sees the page. `path` is its
   * route's path.
   */
  early?: (path: string) => void;
  /**
   * The GETs (paths under the API base) the screen first makes as the signed-in borrower, which its `early` starts: on
   * a prerendered page its boot script starts them before the app runs (scripts/prerender.ts).
   */
  earlyGets?: readonly string[];
};
const screenModules = import.meta.glob<ScreenModule>('../screens/*/*-screen.tsx');
/** Classes every screen shares (src/screens/README.md); not needed by the bare shell. */
const loadKit = () => import('../styles/kit.css');

const baseName = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/-screen\.tsx$/, '');
const screenLoaders = new Map(Object.entries(screenModules).map(([path, load]) => [baseName(path), load]));

/**
 * Lazy component per route name, made once at start (React.lazy fetches nothing until first render). Routes whose
 * screen module does not exist yet are absent: the shell shows its chrome alone.
 */
const fetches = new Map<string, Promise<ScreenModule>>();
function fetchScreen(screen: string, load: () => Promise<ScreenModule>): Promise<ScreenModule> {
  let pending = fetches.get(screen);
  if (!pending) {
    // The kit's stylesheet is asked for first, so it comes before the screen's in the page whichever arrives first:
    // a screen's own rules win over the kit's on a direct load as after a navigation (and in the prerendered
    // pages, scripts/prerender.ts).
    pending = Promise.all([loadKit(), load()]).then(([, mod]) => mod);
    fetches.set(screen, pending);
  }
  return pending;
}

export const routeScreens: ReadonlyMap<string, LazyExoticComponent<ComponentType<ScreenProps>>> = new Map(
  routesConfig.routes.flatMap((route) => {
    const screen = route.screen;
    const load = screen ? screenLoaders.get(screen) : undefined;
    if (!screen || !load) return [];
    return [[route.name, lazy(() => fetchScreen(screen, load))] as const];
  }),
);

/**
 * Starts fetching the screen of the page being opened (a path of the route table) while the shell still waits for
 * its catalogs, so the two arrive together instead of one after the other, and then what the screen first asks the API
 * for (its `early`). Answers the catalogs the screen renders with besides `common`, to load with it. The shell's
 * guard may still send the borrower elsewhere; the fetches are then only early work.
 */
export function prefetchScreenAt(pathname: string): readonly string[] {
  const key = pathname.replace(/\/+$/u, '') || '/';
  const route = routesConfig.routes.find((r) => r.path === key || r.aliases?.includes(key));
  const screen = route?.screen;
  const load = screen && screenLoaders.get(screen);
  if (!load) return [];
  // Without a session the screen's requests fail at once, before any network, and the guard sends the visitor on.
  fetchScreen(screen, load).then(
    (mod) => mod.early?.(route.path),
    () => undefined,
  );
  return SCREEN_NAMESPACES[screen] ?? [];
}

/**
 * The catalogs the screens a borrower may open directly render with, besides `common`; the page's boot script asks
 * for them too (scripts/prerender.ts).
 */
export const SCREEN_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  start: ['login'],
  infoStep: ['forms'],
  homeIndex: ['loan', 'errors'],
  my: ['profile', 'forms'],
};
