/**
 * The build's server render (scripts/prerender.ts loads this module through Vite): the markup of one route in one
 * language, as the app's own first render in the browser draws it, so the page can paint before any script runs and
 * the browser then hydrates it (src/main.tsx). Never part of the browser's bundle.
 *
 * A route the guard opens to everyone (`noCheck`: /start, the legal pages, ...) is drawn whole. Any other route is
 * drawn as a signed-in borrower's first frame: the title bar, the navigation and the screen's loading state; its data
 * comes from the API after hydration. A browser whose state differs (another language, signed out on a signed-in
 * route) draws the page itself instead of hydrating it (src/prerendered.ts decides).
 */
import { renderToString } from 'react-dom/server';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
// The server's router: the app's router module (src/router.ts) is the browser's.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import type { RouteDef } from '#engine/screens/route-table.ts';
import { product, routesConfig, type Language } from './config.ts';
import { setModuleImporter } from './forms/step-modules.ts';
import { useDraftStore } from './store/draft-store.ts';
import { Shell } from './shell/shell.tsx';
import { useCoreStore, type PublicData } from './store/core-store.ts';

/**
 * How a route is drawn: `full`, an open route's screen for a signed-out visitor (prerenderPage); `signedIn`, a
 * signed-in borrower's screen as it first renders, before its data (prerenderSignedIn); `frame` and `open`, the shell
 * around the screen's loading state, for a signed-in borrower or anyone (prerenderFrames).
 */
export type PrerenderKind = 'full' | 'signedIn' | 'frame' | 'open';

/**
 * The signed-in screens drawn into their page as they first render, before their data arrives (their own loading
 * state, with what they show without data: /my's card and the way to raise the limit; home's skeleton), instead of
 * the shell's spinner. A screen belongs here only when that first render reads nothing but its texts and config.
 */
export const DRAWN_SIGNED_IN: ReadonlySet<string> = new Set(['my', 'homeIndex']);

/** One page the build writes: the route, its language, and the markup of #root. */
export interface PrerenderedPage {
  readonly route: RouteDef;
  readonly language: Language;
  readonly kind: PrerenderKind;
  readonly html: string;
}

/** The routes a page is written for: every route with a screen of its own (not a redirect). */
export function prerenderRoutes(): RouteDef[] {
  return routesConfig.routes.filter((route) => route.screen && !route.redirect);
}

/** The languages a page is written in. */
export function languages(): readonly Language[] {
  return product.languages as readonly Language[];
}

/** Starts i18next with every catalog in memory, so no render waits for a fetch. */
export async function initPrerenderI18n(resources: Resource): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: product.defaultLanguage,
    fallbackLng: 'en',
    supportedLngs: product.languages,
    load: 'currentOnly',
    ns: Object.keys(resources['en'] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: true },
  });
}

/** The screen's Suspense boundary (src/shell/screen-view.tsx) still on its fallback, in a keep-alive Activity or not. */
const SCREEN_PENDING = /<main class="app-main">(?:<!--&-->)?<!--\$!-->/u;

const SIGNED_IN = { token: 'prerender', customerId: 'prerender' } as const;

/**
 * Sets who the page is drawn for. zustand hands a server render the store's initial state (useSyncExternalStore's
 * server snapshot), so that is the object set here.
 */
function drawFor(publicData: PublicData): void {
  const initial = useCoreStore.getInitialState() as { publicData: PublicData };
  initial.publicData = publicData;
  useCoreStore.setState({ publicData });
}

function drawn(route: RouteDef): string {
  return renderToString(
    <StaticRouter location={route.path}>
      <Shell />
    </StaticRouter>,
  );
}

/** Sets the language; the catalogs are in memory, so it applies at once. */
function speak(language: Language): void {
  void i18next.changeLanguage(language);
  if (i18next.language !== language) throw new Error(`prerender: ${language} is not loaded`);
}

const page = (route: RouteDef, language: Language, kind: PrerenderKind, html: string): PrerenderedPage => {
  const whole = kind === 'full' || kind === 'signedIn';
  if (whole === SCREEN_PENDING.test(html))
    throw new Error(`prerender: ${route.path} (${kind}) drew ${whole ? 'no screen' : 'its screen'}`);
  return { route, language, kind, html };
};

/**
 * The frames (`frame`: a signed-in borrower's, `open`: an open route's) in every language, around the screen's
 * loading state. One synchronous pass: each render starts its screen's import, and none can settle before the pass
 * ends, so no screen is drawn.
 */
export function prerenderFrames(routes: readonly { route: RouteDef; kind: 'frame' | 'open' }[]): PrerenderedPage[] {
  return languages().flatMap((language) => {
    speak(language);
    return routes.map(({ route, kind }) => {
      drawFor(kind === 'frame' ? { ...SIGNED_IN } : {});
      return page(route, language, kind, drawn(route));
    });
  });
}

/** An open route drawn in full for a signed-out visitor. */
export function prerenderPage(route: RouteDef, language: Language): Promise<PrerenderedPage> {
  return drawnWhole(route, language, 'full');
}

/** A signed-in borrower's route drawn with its screen as it first renders (DRAWN_SIGNED_IN). */
export function prerenderSignedIn(route: RouteDef, language: Language): Promise<PrerenderedPage> {
  return drawnWhole(route, language, 'signedIn');
}

/**
 * The forms the build's server publishes first (its seed, version 1): the forms manifest's JSON, and each form's file
 * and validator module by the URL the manifest names.
 */
export interface SeedForms {
  readonly manifest: string;
  readonly files: ReadonlyMap<string, string>;
  readonly validators: ReadonlyMap<string, { default: unknown }>;
}

/**
 * A step of the flow drawn with its form as the seed publishes it, for a borrower who completed the steps before it
 * and saved nothing of this one: the API's answers are the seed's (fetch and the validator's import answered here).
 * The server sends this page only while the published flow and form are these (server/plugins/web-app.ts).
 */
export async function prerenderStep(
  route: RouteDef,
  language: Language,
  seed: SeedForms,
  completed: readonly string[],
): Promise<PrerenderedPage> {
  const answer = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'application/json' } });
  const profile = { summary: { completed, complete: false, next: route.path, total: 0 }, sections: {} };
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (url.endsWith('/forms/manifest')) return Promise.resolve(answer(seed.manifest));
    if (url.endsWith('/profile')) return Promise.resolve(answer(JSON.stringify(profile)));
    const file = seed.files.get(url);
    return Promise.resolve(file === undefined ? answer('{"code":"NOT_FOUND"}', 404) : answer(file));
  }) as typeof fetch;
  setModuleImporter((url) => {
    const validator = seed.validators.get(url);
    return validator ? Promise.resolve(validator) : Promise.reject(new Error(`prerender: no validator ${url}`));
  });
  // The draft store as a server render reads it (its initial state, as drawFor's core store): the steps done.
  (useDraftStore.getInitialState() as { completed: readonly string[] }).completed = completed;
  useDraftStore.setState({ completed: [...completed] });
  try {
    // A session of its own per step: the profile is loaded once per session.
    return await drawnWhole(route, language, 'signedIn', { token: `prerender-${route.name}`, customerId: 'prerender' });
  } finally {
    globalThis.fetch = fetchBefore;
  }
}

async function drawnWhole(
  route: RouteDef,
  language: Language,
  kind: 'full' | 'signedIn',
  session: PublicData = { ...SIGNED_IN },
): Promise<PrerenderedPage> {
  speak(language);
  drawFor(kind === 'signedIn' ? { ...session } : {});
  let html = drawn(route);
  // React.lazy suspends on its first render: that render starts the imports, and a render after they have settled
  // draws what they hold. Drawn again until the screen is there and the markup stops changing.
  for (let round = 0, same = 0; round < 150; round++) {
    if (same >= 2 && !SCREEN_PENDING.test(html)) break;
    await new Promise((settle) => setTimeout(settle, 20));
    const again = drawn(route);
    same = again === html ? same + 1 : 0;
    html = again;
  }
  return page(route, language, kind, html);
}

/**
 * Whether an open route can be drawn in full: its screen draws on the server, and with no `style` attribute (the CSP
 * refuses them in a page, and hydration would not set them again).
 */
export async function drawsInFull(route: RouteDef): Promise<boolean> {
  try {
    const drawnPage = await prerenderPage(route, product.defaultLanguage);
    return !/\sstyle="/u.test(drawnPage.html);
  } catch {
    return false;
  }
}
