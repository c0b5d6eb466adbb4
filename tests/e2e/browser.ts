/** Headless Chromium through playwright-core, with the phone and desktop profiles the suites use. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { UA } from '#engine/layout/user-agents.fixture.ts';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** An iPhone at 390x844 with the given device pixel ratio. */
export function iPhone(deviceScaleFactor: 1 | 2 | 3 = 3): BrowserContextOptions {
  return {
    userAgent: UA.iPhone,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  };
}

export const androidPhone: BrowserContextOptions = {
  userAgent: UA.android,
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

export const desktop: BrowserContextOptions = {
  userAgent: UA.desktop,
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
};

/** The core store as the app persists it, holding a logged-in session. */
export const LOGGED_IN_CORE = JSON.stringify({
  state: { publicData: { token: 'e2e-token', customerId: '1001', phone_number: '9171234567' } },
  version: 1,
});

/** A context whose pages start logged in (token and customer id in the core store). */
export async function loggedIn(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript((core) => {
    if (!localStorage.getItem('core')) localStorage.setItem('core', core);
  }, LOGGED_IN_CORE);
  return context;
}

/**
 * A borrower page arrives drawn (scripts/prerender.ts) and inert until the app starts; what a test does on it then
 * must wait for the app. Every `goto` and `reload` of the page (unless it asks only for the `commit`) resolves once the
 * app has started and React holds the screen the page came with.
 */
export function awaitHydration(page: Page): void {
  const started = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      if (!root) return true;
      if (root.inert) return false;
      const screen = root.querySelector('main > *') ?? root.firstElementChild;
      return !screen || Object.keys(screen).some((key) => key.startsWith('__reactFiber'));
    });
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const options = args.find((arg) => typeof arg === 'object' && arg !== null) as { waitUntil?: string } | undefined;
      const response = await original(...args);
      if (options?.waitUntil !== 'commit' && !page.url().includes('/staff')) await started();
      return response;
    };
  }
}

/**
 * Screenshots are for people looking at a run (`E2E_SHOTS=1 npm run test:e2e`): a full page at an iPhone's pixel ratio
 * costs the browser about a second of CPU, and a hundred of them a CI run's minutes. Without E2E_SHOTS a page's
 * `screenshot` draws nothing and answers an empty image; no test reads one.
 */
export const screenshotsWanted = process.env['E2E_SHOTS'] === '1';

function screenshotsOnRequest(page: Page): void {
  if (!screenshotsWanted) page.screenshot = () => Promise.resolve(Buffer.alloc(0));
}

/** Options of {@link chromiumSuite}'s `open`. */
export interface OpenOptions {
  /** Start logged in (token and customer id in the core store). */
  session?: boolean;
  /** Stored language before the first page loads. */
  language?: string;
}

/**
 * One Chromium per test file and fresh contexts per test, closed after it; any uncaught page error fails the test.
 * `open` makes the context and, given a path, goes there on the server the e2e setup started; `shared` gives a page
 * kept for the whole file.
 */
export function chromiumSuite(base: string) {
  let browser: Browser;
  // Every context a test opened (a borrower's phone and a staff desktop side by side), closed after it.
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  // Pages kept for the whole file, one per profile (`shared`).
  const shared = new Map<BrowserContextOptions, Promise<Page>>();
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const page of shared.values()) await (await page).context().close();
    await browser?.close();
  });
  afterEach(async () => {
    for (const open of contexts.splice(0)) await open.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });
  /** A page in a new context of `profile`, its uncaught errors recorded for the running test. */
  async function watchedPage(profile: BrowserContextOptions, options: OpenOptions): Promise<Page> {
    const context = await browser.newContext(profile);
    // A page the test opens later in the same context (a second tab) follows the same rule.
    context.on('page', screenshotsOnRequest);
    if (options.session) await loggedIn(context);
    if (options.language) await context.addInitScript((lng) => localStorage.setItem('language', lng), options.language);
    const page = await context.newPage();
    screenshotsOnRequest(page);
    awaitHydration(page);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A server error is never a test's intent: say so in the log, where a failure's cause is looked for.
    page.on('response', (response) => {
      if (response.status() >= 500)
        console.error(`e2e: ${response.status()} ${response.request().method()} ${response.url()}`);
    });
    return page;
  }
  return {
    /** The context the test opened last. */
    get context(): BrowserContext {
      const last = contexts.at(-1);
      if (!last) throw new Error('no page opened in this test');
      return last;
    },
    async open(profile: BrowserContextOptions, path?: string, options: OpenOptions = {}): Promise<Page> {
      const page = await watchedPage(profile, options);
      contexts.push(page.context());
      if (path !== undefined) await page.goto(base + path);
      return page;
    },
    /**
     * The page of a context kept for the whole file (closed after its last test), one per profile object (the options
     * of its first call apply): for a suite that loads many screens with one profile, each load then finds a warm
     * browser instead of a new one. An uncaught page error fails the test that is running.
     */
    shared(profile: BrowserContextOptions, options: OpenOptions = {}): Promise<Page> {
      let found = shared.get(profile);
      if (!found) {
        found = watchedPage(profile, options);
        shared.set(profile, found);
      }
      return found;
    },
  };
}
