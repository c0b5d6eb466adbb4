/**
 * Screen modules and page stylesheets by name. Each screen is its own chunk (src/screens/<name>/<name>-screen.tsx),
 * fetched on first visit together with its page stylesheet (src/screens/<name>/<stylesheet>.page.css, the stylesheet
 * named after the route path) when there is one.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { stylesheetName } from '../../engine/screens/route-table.ts';
import { routesConfig } from '../config.ts';

/** What the shell gives every screen: the name of the route it is shown for (one screen may serve several routes). */
export interface ScreenProps {
  readonly routeName: string;
}

type ScreenModule = { default: ComponentType<ScreenProps> };
const screenModules = import.meta.glob<ScreenModule>('../screens/*/*-screen.tsx');
const pageStyles = import.meta.glob('../screens/*/*.page.css');
/** Classes every screen shares (src/screens/README.md); not needed by the bare shell. */
const loadKit = () => import('../styles/kit.css');

const baseName = (path: string) => path.split('/').pop()!.replace(/(-screen\.tsx|\.page\.css)$/, '');
const screenLoaders = new Map(Object.entries(screenModules).map(([path, load]) => [baseName(path), load]));
const styleLoaders = new Map(Object.entries(pageStyles).map(([path, load]) => [baseName(path), load]));

/** Loads the page stylesheet named after a route path (spec section 2) if the product has one. */
export function loadPageStyle(stylesheet: string): Promise<unknown> {
  return styleLoaders.get(stylesheet)?.() ?? Promise.resolve();
}

/**
 * Lazy component per route name, made once at start (React.lazy fetches nothing until first render). Routes whose
 * screen module does not exist yet are absent: the shell shows its chrome alone.
 */
export const routeScreens: ReadonlyMap<string, LazyExoticComponent<ComponentType<ScreenProps>>> = new Map(
  routesConfig.routes.flatMap((route) => {
    const load = route.screen ? screenLoaders.get(route.screen) : undefined;
    if (!load) return [];
    const stylesheet = stylesheetName(route.path);
    return [[route.name, lazy(() => Promise.all([load(), loadKit(), loadPageStyle(stylesheet)]).then(([mod]) => mod))] as const];
  }),
);
