/**
 * "Get code" on /start with the network cut: the borrower reads, in their language, that they are offline
 * or we could not be reached, never a bare code; the offline banner takes its own room under the title bar, so the
 * language switch stays visible and tappable.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { catalogText as tr } from './steps.ts';
import { chromiumSuite, iPhone } from './browser.ts';

const base = inject('baseUrl');
const suite = chromiumSuite(base);

/** The shell's extras (the offline banner among them) come after the first screen (src/shell/shell.tsx). */
const extrasArrived = (page: Page) =>
  page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/shell-extras-[\w-]+\.js$/u.test(entry.name)),
  );

/** Whether the centre of `selector` is the element itself (nothing drawn over it). */
const onTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });

describe('/start with the network cut', () => {
  it.each(['en', 'fil', 'zh-CN'] as const)(
    'says "offline, try again" in %s and leaves the language switch usable',
    async (lng) => {
      const page = await suite.open(iPhone(3), '/start', { language: lng });
      const phone = page.locator('#start-phone');
      await extrasArrived(page);
      await suite.context.setOffline(true);
      await phone.fill('9171234567');
      await page.getByRole('button', { name: tr(lng, 'login', 'sendCode') }).click();
      // The errors catalog cannot be fetched offline: the message is the network one every language has at hand.
      const error = page.locator('#start-error');
      await expect.poll(() => error.textContent()).toBe(tr(lng, 'common', 'network.offline'));
      const banner = page.locator('.network-banner');
      await banner.waitFor();
      await page.screenshot({ path: `/tmp/ks24-start-offline-${lng}.png` });

      // The banner sits between the title bar and the screen, over none of it.
      const bannerBox = (await banner.boundingBox())!;
      const switchBox = (await page.locator('.start-languages').boundingBox())!;
      const titleBox = (await page.locator('.title-bar').boundingBox())!;
      expect(bannerBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
      expect(switchBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
      for (const code of ['en', 'fil', 'zh-CN'])
        expect(await onTop(page, `.start-languages [lang="${code}"]`)).toBe(true);

      // Tapping the switch works while offline (the service worker is not needed for the tap itself).
      const other = lng === 'en' ? 'zh-CN' : 'en';
      await page.locator(`.start-languages [lang="${other}"]`).click({ timeout: 5000 });
      await expect
        .poll(() => page.locator(`.start-languages [lang="${other}"]`).getAttribute('aria-pressed'))
        .toBe('true');
      expect(await error.textContent()).not.toMatch(/UNKNOWN|NETWORK_ERROR/u);
    },
  );

  it("goes on when the network drops before the shell's extras came, and they come when it is back", async () => {
    const page = await suite.open(iPhone(3), undefined, { language: 'en' });
    // The extras' chunk and stylesheet cannot be fetched: the network dropped before they came.
    await page.route('**/assets/shell-extras-*', (route) => route.abort('internetdisconnected'));
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/shell-extras-'));
    await page.goto(`${base}/start`);
    await failed;
    await suite.context.setOffline(true);
    // The screen still works (the app did not fail with the chunk).
    await page.locator('#start-phone').fill('9171234567');
    await page.getByRole('button', { name: tr('en', 'login', 'sendCode') }).click();
    await expect.poll(() => page.locator('#start-error').textContent()).toBe(tr('en', 'common', 'network.offline'));
    // Back online, the extras come, their stylesheet too: the banner shows when the network goes again.
    await page.unroute('**/assets/shell-extras-*');
    await suite.context.setOffline(false);
    await extrasArrived(page);
    await suite.context.setOffline(true);
    const banner = page.locator('.network-banner');
    await banner.waitFor();
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  });
});
