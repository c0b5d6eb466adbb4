// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLayout } from './apply-layout.ts';
import { readLayout } from './read-layout.ts';
import { UA } from './user-agents.fixture.ts';

let width = 390;
let stop = () => {};

function fakeWindow(userAgent: string, devicePixelRatio: number): Window {
  vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect);
  return Object.assign(Object.create(window) as Window, {
    navigator: { userAgent },
    devicePixelRatio,
    document,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  width = 390;
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('installLayout', () => {
  it('applies the viewport, root and body font sizes for an iPhone at ratio 3', () => {
    width = 1170;
    stop = installLayout(fakeWindow(UA.iPhone, 3), { userScalable: false });
    expect(readLayout(window)).toEqual({ mode: 'mobile', ratio: 3, rootFontSize: 117, bodyFontSize: 36 });
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toContain(
      'initial-scale=0.333333',
    );
  });

  it('recalculates after a resize, debounced by 300 ms', () => {
    stop = installLayout(fakeWindow(UA.iPhone, 1), { userScalable: false });
    expect(readLayout(window).rootFontSize).toBe(39);
    width = 320;
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(299);
    expect(readLayout(window).rootFontSize).toBe(39);
    vi.advanceTimersByTime(1);
    expect(readLayout(window).rootFontSize).toBe(32);
  });

  it('recalculates when the page comes back from the back-forward cache only', () => {
    stop = installLayout(fakeWindow(UA.desktop, 2), { userScalable: true });
    expect(readLayout(window)).toMatchObject({ mode: 'desktop', ratio: 1, rootFontSize: 39 });
    width = 1280;
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    vi.advanceTimersByTime(300);
    expect(readLayout(window).rootFontSize).toBe(39);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    vi.advanceTimersByTime(300);
    expect(readLayout(window).rootFontSize).toBe(54);
  });
});
