/** Headless Chromium through playwright-core, with the phone and desktop profiles the suites use. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { UA } from '../../engine/layout/user-agents.fixture.ts';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** An iPhone at 390x844 with the given device pixel ratio. */
export function iPhone(deviceScaleFactor: 1 | 2 | 3 = 3): BrowserContextOptions {
  return { userAgent: UA.iPhone, viewport: { width: 390, height: 844 }, deviceScaleFactor, isMobile: true, hasTouch: true };
}

export const androidPhone: BrowserContextOptions = {
  userAgent: UA.android,
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

export const desktop: BrowserContextOptions = { userAgent: UA.desktop, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

/** The core store as the app persists it, holding a logged-in session. */
export const LOGGED_IN_CORE = JSON.stringify({ state: { publicData: { token: 'e2e-token', customerId: '1001', phone_number: '9171234567' } }, version: 1 });

/** A context whose pages start logged in (token and customer id in the core store). */
export async function loggedIn(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript((core) => {
    if (!localStorage.getItem('core')) localStorage.setItem('core', core);
  }, LOGGED_IN_CORE);
  return context;
}
