// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#locales/en/a2hs.json';
import fil from '#locales/fil/a2hs.json';
import zh from '#locales/zh-CN/a2hs.json';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { BROWSER_IDS, stepsFor, VIDEO_STEP_MS, type BrowserId } from '../addDeskTopBrowser/browsers.ts';
import VideoIndexScreen from './videoIndex-screen.tsx';

const catalogs = { en, fil, 'zh-CN': zh } as const;
const appName = product.shortName ?? product.displayName;
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const EDGE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.0.2478.50 Mobile/15E148 Safari/605.1.15';

function caption(language: Language, browser: BrowserId, index: number): string {
  const step = stepsFor(browser)[index]!;
  return (catalogs[language].steps[browser] as Record<string, string>)[step.id]!.replace('{{name}}', appName);
}

function renderVideo(path = '/videoIndex?browser=safari', language: Language = 'en') {
  return renderScreen(<VideoIndexScreen />, { language, namespaces: ['a2hs'], path });
}

const player = () => document.querySelector<HTMLElement>('.videoIndex-player')!;
const shownStep = () => player().dataset['step'];
const captionText = () => document.querySelector('.videoIndex-caption-text')?.textContent;
const button = (name: string) => screen.getByRole('button', { name });
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function setReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

beforeEach(() => {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(SAFARI_UA);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe.each(['en', 'fil', 'zh-CN'] as const)('VideoIndexScreen in %s', (language) => {
  it.each(BROWSER_IDS)('captions every step of %s with nothing uninterpolated', async (browser) => {
    const { container } = await renderVideo(`/videoIndex?browser=${browser}`, language);
    const steps = stepsFor(browser);
    await screen.findByRole('progressbar');
    for (let i = 0; i < steps.length; i++) {
      expect(captionText()).toBe(caption(language, browser, i));
      expect(player().querySelector('svg')?.getAttribute('data-illustration')).toBe(steps[i]!.illustration);
      expect(container.innerHTML).not.toContain('{{');
      fireEvent.click(button(catalogs[language].video.next));
    }
    expect(screen.getByText(catalogs[language].video.finished.replace('{{name}}', appName))).toBeTruthy();
    expect(container.innerHTML).not.toContain('{{');
  });
});

describe('VideoIndexScreen player', () => {
  it('takes the browser from the user-agent without ?browser=', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(EDGE_UA);
    await renderVideo('/videoIndex');
    await screen.findByRole('progressbar');
    expect(captionText()).toBe(caption('en', 'edge', 0));
  });

  it('goes to the next and previous step', async () => {
    await renderVideo();
    await screen.findByRole('progressbar');
    expect(button(en.video.previous)).toHaveProperty('disabled', true);
    fireEvent.click(button(en.video.next));
    expect(shownStep()).toBe('addToHome');
    expect(captionText()).toBe(caption('en', 'safari', 1));
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    fireEvent.click(button(en.video.previous));
    expect(shownStep()).toBe('share');
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
  });

  it('advances by itself every few seconds and shows replay at the end', async () => {
    await renderVideo();
    await screen.findByRole('progressbar');
    expect(shownStep()).toBe('share');
    advance(VIDEO_STEP_MS - 100);
    expect(shownStep()).toBe('share');
    advance(100);
    expect(shownStep()).toBe('addToHome');
    advance(VIDEO_STEP_MS);
    expect(shownStep()).toBe('add');
    advance(VIDEO_STEP_MS);
    expect(shownStep()).toBe('open');
    expect(screen.queryByRole('button', { name: en.video.replay })).toBeNull();
    advance(VIDEO_STEP_MS);
    expect(shownStep()).toBe('open');
    expect(screen.getByText(en.video.finished.replace('{{name}}', appName))).toBeTruthy();
    expect(document.querySelectorAll('.videoIndex-segment.is-done')).toHaveLength(4);
    // Nothing more happens once finished.
    advance(VIDEO_STEP_MS * 3);
    expect(screen.getByRole('button', { name: en.video.play })).toBeTruthy();

    fireEvent.click(button(en.video.replay));
    expect(shownStep()).toBe('share');
    expect(screen.queryByText(en.video.finished.replace('{{name}}', appName))).toBeNull();
    advance(VIDEO_STEP_MS);
    expect(shownStep()).toBe('addToHome');
  });

  it('stops on pause and resumes with the time that was left', async () => {
    await renderVideo();
    await screen.findByRole('progressbar');
    advance(1000);
    fireEvent.click(button(en.video.pause));
    expect(player().classList.contains('is-paused')).toBe(true);
    advance(VIDEO_STEP_MS * 5);
    expect(shownStep()).toBe('share');

    fireEvent.click(button(en.video.play));
    expect(player().classList.contains('is-playing')).toBe(true);
    advance(VIDEO_STEP_MS - 1000 - 50);
    expect(shownStep()).toBe('share');
    advance(100);
    expect(shownStep()).toBe('addToHome');
  });

  it('restarts the step time after next while playing', async () => {
    await renderVideo();
    await screen.findByRole('progressbar');
    advance(VIDEO_STEP_MS - 500);
    fireEvent.click(button(en.video.next));
    expect(shownStep()).toBe('addToHome');
    advance(VIDEO_STEP_MS - 500);
    expect(shownStep()).toBe('addToHome');
    advance(600);
    expect(shownStep()).toBe('add');
  });

  it('does not advance by itself when the system asks for reduced motion', async () => {
    setReducedMotion(true);
    await renderVideo();
    await screen.findByRole('progressbar');
    expect(screen.getByText(en.video.reducedMotion)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.video.play })).toBeNull();
    expect(screen.queryByRole('button', { name: en.video.pause })).toBeNull();
    advance(VIDEO_STEP_MS * 10);
    expect(shownStep()).toBe('share');
    fireEvent.click(button(en.video.next));
    expect(shownStep()).toBe('addToHome');
    advance(VIDEO_STEP_MS * 10);
    expect(shownStep()).toBe('addToHome');
  });

  it('stops advancing when reduced motion is switched on while playing', async () => {
    let reduce = false;
    const listeners = new Set<() => void>();
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        get matches() {
          return reduce && query === '(prefers-reduced-motion: reduce)';
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }),
    });
    await renderVideo();
    await screen.findByRole('progressbar');
    advance(VIDEO_STEP_MS);
    expect(shownStep()).toBe('addToHome');
    reduce = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.getByText(en.video.reducedMotion)).toBeTruthy();
    advance(VIDEO_STEP_MS * 5);
    expect(shownStep()).toBe('addToHome');
  });

  it('autoplays without the reduced-motion preference', async () => {
    setReducedMotion(false);
    await renderVideo();
    await screen.findByRole('progressbar');
    expect(screen.queryByText(en.video.reducedMotion)).toBeNull();
    advance(VIDEO_STEP_MS);
    expect(shownStep()).toBe('addToHome');
  });

  it('links back to the tutorial and to the detailed guide', async () => {
    await renderVideo('/videoIndex?browser=chrome');
    expect((await screen.findByRole('link', { name: en.video.tutorialLink })).getAttribute('href')).toBe(
      '/addDeskTopBrowser?browser=chrome',
    );
    expect(screen.getByRole('link', { name: en.video.guideLink }).getAttribute('href')).toBe(
      '/guildDetail?browser=chrome',
    );
  });
});
