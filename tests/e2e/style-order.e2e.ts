/**
 * Stylesheets apply in one order however a route is entered: for every route, each element of the page
 * has the same computed style when the route is loaded directly (a reload, a link from an SMS) as when the app
 * navigates to it after other routes have brought their own stylesheets. The order is the entry's, the kit's, then the
 * screen's (src/shell/screens.ts asks for the kit first; the prerendered pages link them so, scripts/prerender.ts).
 * Home's credit limit, white on the primary colour, was white on white after a direct load.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import routes from '#config/routes.json' with { type: 'json' };
import type { RoutesConfig } from '#config/types/routes.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabase, completeProfileOf, type E2eServer, newPhone, smsCode, startServer } from './server.ts';
import { loginThroughUi } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));

/** Routes a signed-in borrower can open (not the login, which sends them home; not the developer's test page). */
const opened = (routes as RoutesConfig).routes.filter(
  (route) => route.screen && !route.redirect && !route.loggedInRedirect && route.name !== 'test',
);
const paths = opened.map((route) => route.path);
const screenOf = new Map(opened.map((route) => [route.path, route.screen!]));

/**
 * Where the entry's, the kit's and the screen's own stylesheets stand in the page (-1: not there): the one order is
 * entry, kit, screen.
 */
function sheetOrder(page: Page, screen: string): Promise<{ entry: number; kit: number; own: number }> {
  return page.evaluate((name) => {
    const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    );
    const at = (prefix: string) => hrefs.findIndex((href) => href.startsWith(prefix));
    return { entry: at('/assets/index-'), kit: at('/assets/kit-'), own: at(`/assets/${name}-screen-`) };
  }, screen);
}

/** Waits until the screen has drawn (no loading state) and settled. */
async function settled(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      location.pathname === expected &&
      document.querySelector('main.app-main > *') !== null &&
      document.querySelector('.page-loading, [aria-busy="true"]') === null,
    path,
  );
  // What a screen draws once its answers are in comes in the same frame as the end of its loading state.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Each element of the page by its place in the tree, with the computed properties a stylesheet order can change. */
function styles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const props = [
      'color',
      'background-color',
      'font-size',
      'font-weight',
      'display',
      'border-top-color',
      'padding-top',
      'margin-top',
      'text-align',
    ];
    const out: Record<string, string> = {};
    const app = document.querySelector('.app');
    if (!app) return out;
    const place = (el: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = el; at && at !== app; at = at.parentElement)
        parts.unshift(
          `${at.tagName}.${[...at.classList].join('.')}:${[...(at.parentElement?.children ?? [])].indexOf(at)}`,
        );
      return parts.join('>');
    };
    for (const el of app.querySelectorAll('*')) {
      if (el.closest('[hidden], .network-banner, .ui-toast-host')) continue;
      const style = getComputedStyle(el);
      out[place(el)] = props.map((prop) => style.getPropertyValue(prop)).join(' | ');
    }
    return out;
  });
}

describe('stylesheet order', () => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(browserDatabase());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every route looks the same entered directly and by navigation', { timeout: 240_000 }, async () => {
    const page = await suite.open(iPhone(2));
    page.setDefaultTimeout(15_000);
    await loginThroughUi(page, server.url, (phone) => smsCode(server.outbox, phone), newPhone());
    await completeProfileOf(server, page);

    const misordered: string[] = [];
    const checkOrder = async (path: string, how: string) => {
      const order = await sheetOrder(page, screenOf.get(path)!);
      if (order.entry < 0 || order.kit <= order.entry || (order.own >= 0 && order.own <= order.kit))
        misordered.push(`${how} ${path}: ${JSON.stringify(order)}`);
    };
    const direct = new Map<string, Record<string, string>>();
    for (const path of paths) {
      await page.goto(`${server.url}${path}`);
      await settled(page, path);
      await checkOrder(path, 'direct');
      direct.set(path, await styles(page));
    }
    // A path with no prerendered page gets the bare index.html (as the service worker's offline copy does): the app
    // brings every stylesheet itself, in the same order.
    for (const path of ['/homeIndex', '/my', '/creditLimit']) {
      await page.goto(`${server.url}${path}/`);
      await settled(page, `${path}/`);
      await checkOrder(path, 'index.html');
    }
    // One page navigating through every route, so each arrives with the others' stylesheets already in the page.
    await page.goto(`${server.url}/my`);
    await settled(page, '/my');
    const differences: string[] = [];
    let compared = 0;
    for (const path of [...paths].reverse()) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await settled(page, path);
      await checkOrder(path, 'navigated');
      const navigated = await styles(page);
      for (const [place, style] of Object.entries(direct.get(path) ?? {})) {
        const other = navigated[place];
        if (other === undefined) continue;
        compared++;
        if (other !== style) differences.push(`${path} ${place}\n  direct:    ${style}\n  navigated: ${other}`);
      }
    }
    expect(misordered).toEqual([]);
    expect(differences).toEqual([]);
    // The comparison saw the pages: hundreds of elements, on every route.
    expect(compared).toBeGreaterThan(paths.length * 10);
  });
});
