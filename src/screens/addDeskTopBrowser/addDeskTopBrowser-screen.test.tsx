// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#locales/en/a2hs.json';
import { limitRaises } from '#config/underwriting.json';
import fil from '#locales/fil/a2hs.json';
import zh from '#locales/zh-CN/a2hs.json';
import enCommon from '#locales/en/common.json';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import AddDeskTopBrowserScreen from './addDeskTopBrowser-screen.tsx';
import { stepsFor, type BrowserId } from './browsers.ts';

const UA = {
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  chrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  facebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0.0.37.108;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBLC/en_US]',
} as const;

const catalogs = { en, fil, 'zh-CN': zh } as const;
const appName = product.shortName ?? product.displayName;

function setUserAgent(ua: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
}

/** What the catalog says for one step, interpolated the way the screen does. */
function stepText(language: Language, browser: BrowserId, step: string): string {
  const steps = catalogs[language].steps[browser] as Record<string, string>;
  return steps[step]!.replace('{{name}}', appName);
}

function renderTutorial(path = '/addDeskTopBrowser', language: Language = 'en') {
  return renderScreen(<AddDeskTopBrowserScreen />, { language, namespaces: ['a2hs'], path });
}

const location = () => screen.getByTestId('location').textContent;
const stepsList = () => document.querySelector('.addDeskTopBrowser-steps') as HTMLOListElement;

beforeEach(() => setUserAgent(UA.safari));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(window.navigator, 'standalone');
  Reflect.deleteProperty(window.navigator, 'clipboard');
});

describe('AddDeskTopBrowserScreen picker', () => {
  it('preselects the browser from the user-agent and switching changes the steps and the URL', async () => {
    setUserAgent(UA.chrome);
    await renderTutorial();
    const chrome = await screen.findByRole('radio', { name: /Chrome/ });
    expect((chrome as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Safari/ }) as HTMLInputElement).checked).toBe(false);
    expect(stepsList().dataset['browser']).toBe('chrome');
    expect(screen.getByText(stepText('en', 'chrome', 'share'))).toBeTruthy();
    // The detected browser is marked.
    expect(within(chrome.closest('label')!).getByText(en.tutorial.detected)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Firefox/ }));
    expect(location()).toBe('/addDeskTopBrowser?browser=firefox');
    expect((screen.getByRole('radio', { name: /Firefox/ }) as HTMLInputElement).checked).toBe(true);
    expect(stepsList().dataset['browser']).toBe('firefox');
    expect(stepsList().querySelectorAll('li')).toHaveLength(stepsFor('firefox').length);
    expect(screen.getByText(stepText('en', 'firefox', 'menu'))).toBeTruthy();
    expect(screen.queryByText(stepText('en', 'chrome', 'share'))).toBeNull();
  });

  it('takes the browser from ?browser= over the user-agent and keeps other query parameters', async () => {
    setUserAgent(UA.chrome);
    await renderTutorial('/addDeskTopBrowser?browser=edge&campaign=x');
    expect(((await screen.findByRole('radio', { name: /Edge/ })) as HTMLInputElement).checked).toBe(true);
    expect(stepsList().dataset['browser']).toBe('edge');
    fireEvent.click(screen.getByRole('radio', { name: /Safari/ }));
    expect(location()).toBe('/addDeskTopBrowser?browser=safari&campaign=x');
  });

  it('ignores an unknown ?browser= value', async () => {
    setUserAgent(UA.chrome);
    await renderTutorial('/addDeskTopBrowser?browser=opera');
    expect(((await screen.findByRole('radio', { name: /Chrome/ })) as HTMLInputElement).checked).toBe(true);
  });

  it('draws an inline illustration for every step, with no image file', async () => {
    await renderTutorial('/addDeskTopBrowser?browser=safari');
    await screen.findByRole('radio', { name: /Safari/ });
    const items = stepsList().querySelectorAll('li');
    expect(items).toHaveLength(stepsFor('safari').length);
    items.forEach((item, i) => {
      expect(item.querySelector('svg')?.getAttribute('data-illustration')).toBe(stepsFor('safari')[i]!.illustration);
    });
    expect(document.querySelector('img')).toBeNull();
  });

  it('links to the detailed and video guides for the chosen browser', async () => {
    await renderTutorial('/addDeskTopBrowser?browser=chrome');
    const guide = await screen.findByRole('link', { name: en.tutorial.guideLink });
    expect(guide.getAttribute('href')).toBe('/guildDetail?browser=chrome');
    expect(screen.getByRole('link', { name: en.tutorial.videoLink }).getAttribute('href')).toBe(
      '/videoIndex?browser=chrome',
    );
    fireEvent.click(guide);
    expect(location()).toBe('/guildDetail?browser=chrome');
  });
});

describe('AddDeskTopBrowserScreen rewards', () => {
  it("shows the ₱200 coupon and the limit raise the server grants (config/underwriting.json), not the spec's ₱80,000", async () => {
    await renderTutorial();
    const rewards = within(await screen.findByRole('region', { name: en.rewards.title.replace('{{name}}', appName) }));
    expect(product.addToHomeScreen).toEqual({ repaymentCouponCentavos: 20000 });
    expect(limitRaises.addToHomeScreen).toEqual({ stepCentavos: 50000, ceilingCentavos: 800000 });
    expect(rewards.getByText('₱200')).toBeTruthy();
    expect(rewards.getByText('+₱500, up to ₱8,000')).toBeTruthy();
    expect(document.body.textContent).not.toContain('80,000');
    expect(rewards.getByText(en.rewards.couponLabel)).toBeTruthy();
  });
});

describe('AddDeskTopBrowserScreen standalone', () => {
  it('shows the already-added state when running in display-mode standalone', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(display-mode: standalone)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
    await renderTutorial();
    expect(await screen.findByText(en.standalone.title.replace('{{name}}', appName))).toBeTruthy();
    expect(screen.getByRole('link', { name: en.standalone.home }).getAttribute('href')).toBe('/homeIndex');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(stepsList()).toBeNull();
    // The rewards stay visible.
    expect(screen.getByText('₱200')).toBeTruthy();
  });

  it('shows the already-added state with iOS navigator.standalone', async () => {
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    await renderTutorial();
    expect(await screen.findByText(en.standalone.title.replace('{{name}}', appName))).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows the tutorial in a browser tab', async () => {
    Object.defineProperty(window.navigator, 'standalone', { value: false, configurable: true });
    await renderTutorial();
    expect(await screen.findByRole('radio', { name: /Safari/ })).toBeTruthy();
    expect(screen.queryByText(en.standalone.title.replace('{{name}}', appName))).toBeNull();
  });
});

describe('AddDeskTopBrowserScreen in-app browser', () => {
  it('explains opening the page in Safari and copies a Safari link', async () => {
    setUserAgent(UA.facebook);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderTutorial();
    expect(((await screen.findByRole('radio', { name: /Facebook/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(en.inApp.title)).toBeTruthy();
    expect(screen.getByText(stepText('en', 'facebook', 'openInSafari'))).toBeTruthy();
    expect(stepsList().querySelector('[data-illustration="openInSafari"]')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en.inApp.copyButton }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/addDeskTopBrowser?browser=safari`);
    expect(await screen.findByText(enCommon.app.copySuccess)).toBeTruthy();
  });

  it('has no open-in-Safari notice in Safari', async () => {
    await renderTutorial();
    await screen.findByRole('radio', { name: /Safari/ });
    expect(screen.queryByText(en.inApp.title)).toBeNull();
    expect(screen.queryByRole('button', { name: en.inApp.copyButton })).toBeNull();
  });
});

describe('AddDeskTopBrowserScreen install prompt', () => {
  it('offers an Install button after beforeinstallprompt and calls prompt()', async () => {
    await renderTutorial();
    await screen.findByRole('radio', { name: /Safari/ });
    const installName = en.tutorial.installButton.replace('{{name}}', appName);
    expect(screen.queryByRole('button', { name: installName })).toBeNull();

    const prompt = vi.fn(() => Promise.resolve());
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: installName }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await act(async () => {});
    // The prompt can be used once.
    expect(screen.queryByRole('button', { name: installName })).toBeNull();
  });
});

describe.each(['en', 'fil', 'zh-CN'] as const)('AddDeskTopBrowserScreen in %s', (language) => {
  it('renders every text from the catalog with nothing left uninterpolated', async () => {
    setUserAgent(UA.facebook);
    const { container } = await renderTutorial('/addDeskTopBrowser', language);
    await screen.findByText(catalogs[language].inApp.title);
    for (const step of stepsFor('facebook'))
      expect(screen.getByText(stepText(language, 'facebook', step.id))).toBeTruthy();
    expect(screen.getByText(catalogs[language].tutorial.pickerTitle)).toBeTruthy();
    expect(container.textContent).toContain('₱200');
    expect(container.textContent).toContain('₱500');
    expect(container.textContent).toContain('₱8,000');
    expect(container.textContent).not.toContain('80,000');
    expect(container.innerHTML).not.toContain('{{');

    fireEvent.click(screen.getByRole('radio', { name: new RegExp(catalogs[language].browsers.safari) }));
    for (const step of stepsFor('safari')) expect(screen.getByText(stepText(language, 'safari', step.id))).toBeTruthy();
    expect(container.innerHTML).not.toContain('{{');
  });
});
