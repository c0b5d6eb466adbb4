// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#locales/en/a2hs.json';
import fil from '#locales/fil/a2hs.json';
import zh from '#locales/zh-CN/a2hs.json';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import {
  BROWSER_IDS,
  OTHER_BROWSERS_MIN_IOS,
  stepsFor,
  tipsFor,
  type BrowserId,
} from '../addDeskTopBrowser/browsers.ts';
import GuildDetailScreen from './guildDetail-screen.tsx';

const catalogs = { en, fil, 'zh-CN': zh } as const;
const appName = product.shortName ?? product.displayName;
const CHROME_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const fill = (text: string) => text.replaceAll('{{name}}', appName).replaceAll('{{version}}', OTHER_BROWSERS_MIN_IOS);

function texts(language: Language, browser: BrowserId, step: string) {
  const catalog = catalogs[language];
  return {
    title: fill((catalog.steps[browser] as Record<string, string>)[step]!),
    detail: fill((catalog.details[browser] as Record<string, string>)[step]!),
  };
}

function renderGuide(path: string, language: Language = 'en') {
  return renderScreen(<GuildDetailScreen />, { language, namespaces: ['a2hs'], path });
}

const stepItems = () => [...document.querySelectorAll<HTMLLIElement>('.guildDetail-steps > li')];

beforeEach(() => {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(SAFARI_UA);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe.each(['en', 'fil', 'zh-CN'] as const)('GuildDetailScreen in %s', (language) => {
  it.each(BROWSER_IDS)(
    'shows the illustrated steps, tips and rewards for %s with nothing uninterpolated',
    async (browser) => {
      const { container } = await renderGuide(`/guildDetail?browser=${browser}`, language);
      const catalog = catalogs[language];
      await screen.findByText(catalog.guide.tipsTitle);

      const items = stepItems();
      expect(items.map((li) => li.dataset['step'])).toEqual(stepsFor(browser).map((s) => s.id));
      items.forEach((li, i) => {
        const step = stepsFor(browser)[i]!;
        const { title, detail } = texts(language, browser, step.id);
        expect(within(li).getByRole('heading', { name: title })).toBeTruthy();
        expect(within(li).getByText(detail)).toBeTruthy();
        expect(li.querySelector('svg')?.getAttribute('data-illustration')).toBe(step.illustration);
      });

      const tips = [...document.querySelectorAll<HTMLElement>('.guildDetail-tip')];
      expect(tips.map((tip) => tip.dataset['tip'])).toEqual([...tipsFor(browser)]);
      for (const tip of tipsFor(browser)) {
        expect(screen.getByText(fill(catalog.guide.tips[tip].body))).toBeTruthy();
      }

      const rewards = within(screen.getByRole('region', { name: catalog.guide.rewardsTitle }));
      expect(rewards.getByText('₱200')).toBeTruthy();
      expect(
        rewards.getByText(catalog.rewards.limitValue.replace('{{amount}}', '₱500').replace('{{ceiling}}', '₱8,000')),
      ).toBeTruthy();

      expect(container.innerHTML).not.toContain('{{');
    },
  );
});

describe('GuildDetailScreen', () => {
  it('defaults to the browser of the user-agent', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(CHROME_UA);
    await renderGuide('/guildDetail');
    expect(await screen.findByRole('heading', { name: `Add ${appName} in Chrome` })).toBeTruthy();
    expect(stepItems()[0]!.querySelector('[data-illustration="shareAddressBar"]')).toBeTruthy();
    expect(screen.getByText(fill(en.guide.tips.version.body))).toBeTruthy();
  });

  it('mentions how to get "Add to Home Screen" back and private browsing', async () => {
    await renderGuide('/guildDetail?browser=safari');
    expect(await screen.findByText(en.guide.tips.missing.title)).toBeTruthy();
    expect(screen.getByText(en.guide.tips.private.title)).toBeTruthy();
    expect(screen.getByText(en.guide.tips.inApp.title)).toBeTruthy();
  });

  it('goes back to the tutorial and on to the video for the same browser', async () => {
    await renderGuide('/guildDetail?browser=firefox');
    const back = await screen.findByRole('link', { name: en.guide.back });
    expect(back.getAttribute('href')).toBe('/addDeskTopBrowser?browser=firefox');
    expect(screen.getByRole('link', { name: en.guide.videoLink }).getAttribute('href')).toBe(
      '/videoIndex?browser=firefox',
    );
    fireEvent.click(back);
    expect(screen.getByTestId('location').textContent).toBe('/addDeskTopBrowser?browser=firefox');
  });
});
