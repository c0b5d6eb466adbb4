/**
 * Screen modules and page stylesheets by name. Each screen is its own chunk (src/screens/<name>/<name>-screen.tsx),
 * loaded on first visit together with its page stylesheet (src/screens/<name>/<name>.css) when there is one.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type ScreenModule = { default: ComponentType };
const screenModules = import.meta.glob<ScreenModule>('../screens/*/*-screen.tsx');
const pageStyles = import.meta.glob('../screens/*/*.css');

const byName = (path: string) => path.split('/').pop()!.replace(/(-screen)?\.(tsx|css)$/, '');
const screenLoaders = new Map(Object.entries(screenModules).map(([path, load]) => [byName(path), load]));
const styleLoaders = new Map(Object.entries(pageStyles).map(([path, load]) => [byName(path), load]));
const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** True when the screen has a module; routes without one show the shell alone. */
export function hasScreen(screen: string): boolean {
  return screenLoaders.has(screen);
}

/** Loads the page stylesheet of a route (spec: one stylesheet per route path) if it exists. */
export function loadPageStyle(stylesheet: string): Promise<unknown> {
  return styleLoaders.get(stylesheet)?.() ?? Promise.resolve();
}

/** The lazy component for a screen, with its stylesheet loaded before it renders. */
export function screenComponent(screen: string, stylesheet: string): LazyExoticComponent<ComponentType> | undefined {
  const load = screenLoaders.get(screen);
  if (!load) return undefined;
  let component = cache.get(screen);
  if (!component) {
    component = lazy(() => Promise.all([load(), loadPageStyle(stylesheet)]).then(([mod]) => mod));
    cache.set(screen, component);
  }
  return component;
}
