import { describe, expect, it } from 'vitest';
import { UA } from '#engine/layout/user-agents.fixture.ts';
import {
  BROWSER_IDS,
  BROWSER_STEPS,
  browserHref,
  detectBrowser,
  isBrowserId,
  isInAppBrowser,
  isStandaloneDisplay,
  prefersReducedMotion,
  resolveBrowser,
  rewardAmounts,
  stepDetailKey,
  stepKey,
  stepsFor,
  tipsFor,
} from './browsers.ts';

/** Real iOS user-agents of the browsers the picker offers. */
const IOS = {
  safari: UA.iPhone,
  chrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  edge: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.0.2478.50 Mobile/15E148 Safari/605.1.15',
  facebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0.0.37.108;FBBV/590210521;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
  messenger:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 LightSpeed [FBAN/MessengerLiteForiOS;FBAV/452.0.0.31.109;FBBV/583214093;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/0]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-A155F Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]',
} as const;

describe('detectBrowser', () => {
  it.each([
    ['Safari', IOS.safari, 'safari'],
    ['Chrome for iOS (CriOS)', IOS.chrome, 'chrome'],
    ['Firefox for iOS (FxiOS)', IOS.firefox, 'firefox'],
    ['Edge for iOS (EdgiOS)', IOS.edge, 'edge'],
    ['Facebook in-app (FBAN/FBAV)', IOS.facebook, 'facebook'],
    ['Messenger in-app', IOS.messenger, 'facebook'],
    ['Facebook in-app on Android (FB_IAB)', IOS.facebookAndroid, 'facebook'],
  ] as const)('recognises %s', (_name, ua, expected) => {
    expect(detectBrowser(ua)).toBe(expected);
  });

  it('recognises each marker on its own', () => {
    expect(detectBrowser('x FBAV/1 y')).toBe('facebook');
    expect(detectBrowser('x FB_IAB/FB4A y')).toBe('facebook');
    expect(detectBrowser('x Messenger y')).toBe('facebook');
    expect(detectBrowser('x FBAN/FBIOS y')).toBe('facebook');
  });

  it('takes the in-app browser over the engine it embeds', () => {
    expect(detectBrowser(`${IOS.chrome} [FBAN/FBIOS;FBAV/1]`)).toBe('facebook');
  });

  it('falls back to Safari for anything else', () => {
    expect(detectBrowser(UA.iPad)).toBe('safari');
    expect(detectBrowser(UA.desktop)).toBe('safari');
    expect(detectBrowser(UA.mac)).toBe('safari');
    expect(detectBrowser('')).toBe('safari');
  });
});

describe('resolveBrowser', () => {
  it('prefers a valid ?browser= value', () => {
    expect(resolveBrowser('edge', IOS.chrome)).toBe('edge');
  });
  it('ignores an unknown or missing value', () => {
    expect(resolveBrowser('opera', IOS.chrome)).toBe('chrome');
    expect(resolveBrowser(null, IOS.firefox)).toBe('firefox');
    expect(resolveBrowser('', IOS.safari)).toBe('safari');
  });
  it('validates ids', () => {
    expect(isBrowserId('safari')).toBe(true);
    expect(isBrowserId('Safari')).toBe(false);
    expect(isBrowserId(undefined)).toBe(false);
  });
});

describe('steps', () => {
  it('has steps for every browser, with unique ids', () => {
    for (const id of BROWSER_IDS) {
      const steps = stepsFor(id);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect(new Set(steps.map((s) => s.id)).size).toBe(steps.length);
    }
    expect(Object.keys(BROWSER_STEPS).sort()).toEqual([...BROWSER_IDS].sort());
  });

  it('names the i18n keys steps.<browser>.<step> and details.<browser>.<step>', () => {
    const [first] = stepsFor('safari');
    expect(first).toEqual({ id: 'share', illustration: 'shareToolbar' });
    expect(stepKey('safari', first!)).toBe('steps.safari.share');
    expect(stepDetailKey('safari', first!)).toBe('details.safari.share');
  });

  it('ends with adding to and opening from the home screen outside in-app browsers', () => {
    for (const id of BROWSER_IDS.filter((b) => !isInAppBrowser(b))) {
      expect(
        stepsFor(id)
          .map((s) => s.id)
          .slice(-3),
      ).toEqual(['addToHome', 'add', 'open']);
    }
  });

  it('sends in-app browsers to Safari first', () => {
    expect(isInAppBrowser('facebook')).toBe(true);
    expect(isInAppBrowser('safari')).toBe(false);
    expect(stepsFor('facebook').map((s) => s.illustration)).toContain('openInSafari');
  });

  it('puts the in-app tip first in in-app browsers and the iOS-version tip only in other browsers', () => {
    expect(tipsFor('facebook')[0]).toBe('inApp');
    expect(tipsFor('safari')).not.toContain('version');
    expect(tipsFor('chrome')).toContain('version');
    expect(tipsFor('safari')[0]).toBe('missing');
  });
});

describe('isStandaloneDisplay', () => {
  const media = (matches: boolean) => () => ({ matches });
  it('is true in display-mode standalone', () => {
    expect(isStandaloneDisplay({ matchMedia: media(true), navigator: {} })).toBe(true);
  });
  it('is true with iOS navigator.standalone', () => {
    expect(isStandaloneDisplay({ matchMedia: media(false), navigator: { standalone: true } })).toBe(true);
  });
  it('is false in a browser tab, and without matchMedia', () => {
    expect(isStandaloneDisplay({ matchMedia: media(false), navigator: { standalone: false } })).toBe(false);
    expect(isStandaloneDisplay({ navigator: {} })).toBe(false);
  });
  it('asks for the standalone display mode', () => {
    const queries: string[] = [];
    isStandaloneDisplay({ matchMedia: (q) => (queries.push(q), { matches: false }), navigator: {} });
    expect(queries).toEqual(['(display-mode: standalone)']);
  });
  it('survives a throwing matchMedia', () => {
    const matchMedia = () => {
      throw new Error('nope');
    };
    expect(isStandaloneDisplay({ matchMedia, navigator: { standalone: true } })).toBe(true);
    expect(prefersReducedMotion({ matchMedia })).toBe(false);
  });
});

describe('prefersReducedMotion', () => {
  it('reads the media query', () => {
    expect(prefersReducedMotion({ matchMedia: (q) => ({ matches: q === '(prefers-reduced-motion: reduce)' }) })).toBe(
      true,
    );
    expect(prefersReducedMotion({ matchMedia: () => ({ matches: false }) })).toBe(false);
    expect(prefersReducedMotion({})).toBe(false);
  });
});

describe('rewardAmounts', () => {
  it('formats whole pesos without centavos', () => {
    expect(rewardAmounts({ repaymentCouponCentavos: 20000 }, { stepCentavos: 50000, ceilingCentavos: 800000 })).toEqual(
      { coupon: '₱200', limit: '₱500', ceiling: '₱8,000' },
    );
    expect(rewardAmounts({ repaymentCouponCentavos: 15050 }, { stepCentavos: 100, ceilingCentavos: 1000050 })).toEqual({
      coupon: '₱150.50',
      limit: '₱1',
      ceiling: '₱10,000.50',
    });
  });
});

describe('browserHref', () => {
  it('builds the query', () => {
    expect(browserHref('/guildDetail', 'chrome')).toBe('/guildDetail?browser=chrome');
  });
});
