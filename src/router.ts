/**
 * The one door to the router library: screens and the shell import navigation from here, never from the library, so
 * the library can change without touching them. Today it is wouter (its history subscription and router context),
 * under the names and with the behaviour of react-router-dom that the app uses:
 *
 * - `useLocation()` gives `{ pathname, search }` as the URL has them (not decoded; `search` is '' or starts with '?');
 * - `useNavigate()` gives `navigate(to, { replace, state })`, or `navigate(-1)` to go back in history;
 * - `to` is an absolute path ('/setup?view=x'), a query or hash for the current path ('?view=x'), or
 *   `{ pathname?, search?, hash? }` with the current path when `pathname` is left out (no relative paths);
 * - pushed and replaced entries keep react-router's `idx` in `history.state` (the title bar reads it to know whether
 *   there is a page to go back to);
 * - `<Link>` is an `<a>` navigating in the app on a plain left click (a click on the current URL replaces it);
 * - `<Navigate>` navigates after rendering, again whenever its target changes;
 * - `MemoryRouter` (tests) keeps its own history, so going back works there too.
 *
 * Navigations update the view at once (wouter subscribes with useSyncExternalStore), not inside a React transition.
 */
import { createElement, useEffect, useMemo, useState, useSyncExternalStore, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import { Router, useRouter } from 'wouter';
import { navigate as pushBrowser, usePathname, useSearch as useBrowserSearch } from 'wouter/use-browser-location';

export interface Location {
  pathname: string;
  /** '' or the query with its leading '?'. */
  search: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Moves in history: -1 goes back. */
  (delta: number): void;
}

export type URLSearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

export type SetURLSearchParams = (next: URLSearchParamsInit | ((previous: URLSearchParams) => URLSearchParamsInit), options?: NavigateOptions) => void;

/** A history as wouter's location hook, with what useNavigate needs besides. */
interface HistoryHook {
  (): [string, (to: string, options?: NavigateOptions) => void];
  searchHook: () => string;
  /** The current pathname, read when navigating (not when rendering). */
  pathname: () => string;
  navigate: (to: string, options?: NavigateOptions) => void;
  go: (delta: number) => void;
}

/** react-router's shape of `history.state`: the app's state (`usr`) and the entry's position (`idx`). */
interface HistoryState {
  usr?: unknown;
  idx?: number;
}

const historyIdx = () => (window.history.state as HistoryState | null)?.idx ?? 0;

const browserNavigate = (to: string, { replace = false, state = null }: NavigateOptions = {}) =>
  pushBrowser(to, { replace, state: { usr: state, idx: replace ? historyIdx() : historyIdx() + 1 } satisfies HistoryState });

const useBrowserPath = (): [string, typeof browserNavigate] => [usePathname(), browserNavigate];

const browserHistory: HistoryHook = Object.assign(useBrowserPath, {
  searchHook: useBrowserSearch,
  pathname: () => window.location.pathname,
  navigate: browserNavigate,
  go: (delta: number) => window.history.go(delta),
});

/** The history of the router around the caller (the browser's outside any router, as wouter does). */
function useHistory(): HistoryHook {
  const { hook } = useRouter();
  return 'go' in hook ? (hook as HistoryHook) : browserHistory;
}

/** Splits '/path?query#hash' into its pathname and search ('' when the query is empty). */
function parsePath(path: string): Location {
  const noHash = path.split('#')[0]!;
  const at = noHash.indexOf('?');
  if (at < 0) return { pathname: noHash || '/', search: '' };
  const search = noHash.slice(at);
  return { pathname: noHash.slice(0, at) || '/', search: search === '?' ? '' : search };
}

/** The URL a `to` names, from the current pathname. */
function resolveTo(to: To, pathname: string): string {
  if (typeof to === 'string') return to.startsWith('?') || to.startsWith('#') ? pathname + (to === '?' ? '' : to) : to;
  const search = to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
  return (to.pathname ?? pathname) + search + hash;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  return createElement(Router, { hook: browserHistory, children });
}

/** A history in memory, for tests: entries, a position, and listeners told of every move. */
function memoryHistory(initialEntries: readonly string[], initialIndex: number): HistoryHook {
  let entries = initialEntries.length > 0 ? initialEntries.map(parsePath) : [parsePath('/')];
  let at = Math.min(Math.max(initialIndex, 0), entries.length - 1);
  let listeners: (() => void)[] = [];
  const current = () => entries[at]!;
  const subscribe = (listener: () => void) => {
    listeners = [...listeners, listener];
    return () => {
      listeners = listeners.filter((l) => l !== listener);
    };
  };
  const notify = () => listeners.forEach((listener) => listener());
  const navigate = (to: string, { replace = false }: NavigateOptions = {}) => {
    const entry = parsePath(to);
    if (replace) entries = entries.map((e, i) => (i === at ? entry : e));
    else {
      entries = [...entries.slice(0, at + 1), entry];
      at += 1;
    }
    notify();
  };
  const go = (delta: number) => {
    const next = Math.min(Math.max(at + delta, 0), entries.length - 1);
    if (next === at) return;
    at = next;
    notify();
  };
  const useMemoryPath = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, () => current().pathname), navigate];
  const useMemorySearch = () => useSyncExternalStore(subscribe, () => current().search);
  return Object.assign(useMemoryPath, {
    searchHook: useMemorySearch,
    pathname: () => current().pathname,
    navigate,
    go,
  });
}

export function MemoryRouter({ initialEntries = ['/'], initialIndex, children }: { initialEntries?: readonly string[]; initialIndex?: number; children?: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries, initialIndex ?? initialEntries.length - 1));
  return createElement(Router, { hook: history, children });
}

export function useLocation(): Location {
  const router = useRouter();
  const [pathname] = router.hook(router);
  const raw = router.searchHook(router);
  const search = raw === '' || raw === '?' ? '' : raw.startsWith('?') ? raw : `?${raw}`;
  return useMemo(() => ({ pathname, search }), [pathname, search]);
}

export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useMemo(
    () =>
      ((to: To | number, options?: NavigateOptions) => {
        if (typeof to === 'number') history.go(to);
        else history.navigate(resolveTo(to, history.pathname()), options);
      }) as NavigateFunction,
    [history],
  );
}

/** The query of the URL, and a setter that navigates to the same path with another query (a new entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useMemo<SetURLSearchParams>(
    () => (next, options) => {
      const updated = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next);
      navigate(`?${updated.toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  useEffect(() => navigate(JSON.parse(target) as To, { replace, state }), [navigate, target, replace, state]);
  return null;
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown };

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const href = resolveTo(to, pathname);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // As a plain link would, following a link to the page shown replaces its entry.
    navigate(href, { replace: replace ?? href === pathname + search, state });
  };
  return createElement('a', { ...rest, href, target, onClick: follow });
}
