// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ATTRIBUTION_META,
  CONSENT_KEY,
  attributionStep,
  attributionToken,
  readConsent,
  setConsent,
  subscribeConsent,
} from './consent.ts';

beforeEach(() => localStorage.clear());
afterEach(() => document.head.querySelectorAll('meta').forEach((m) => m.remove()));

describe('attribution consent', () => {
  it('is off without a token, asks without an answer, loads only with consent', () => {
    expect(attributionStep(undefined, null)).toBe('off');
    expect(attributionStep(undefined, 'granted')).toBe('off');
    expect(attributionStep('abc123def456', null)).toBe('ask');
    expect(attributionStep('abc123def456', 'denied')).toBe('declined');
    expect(attributionStep('abc123def456', 'granted')).toBe('load');
  });

  it('reads the token from the meta tag the server writes into the page (server/app.test.ts checks the same tag)', () => {
    expect(ATTRIBUTION_META).toBe('attribution-app-token');
    expect(attributionToken()).toBeUndefined();
    const page = new DOMParser().parseFromString(
      '<!doctype html><html><head><title>x</title><meta name="attribution-app-token" content="abc123def456" /></head></html>',
      'text/html',
    );
    expect(attributionToken(page)).toBe('abc123def456');
    const empty = new DOMParser().parseFromString(
      '<!doctype html><html><head><meta name="attribution-app-token" content="" /></head></html>',
      'text/html',
    );
    expect(attributionToken(empty)).toBeUndefined();
  });

  it('remembers the answer, tells subscribers, and ignores anything else in storage', () => {
    expect(readConsent()).toBeNull();
    localStorage.setItem(CONSENT_KEY, 'yes please');
    expect(readConsent()).toBeNull();
    const heard: (string | null)[] = [];
    const stop = subscribeConsent(() => heard.push(readConsent()));
    setConsent('granted');
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
    setConsent('denied');
    expect(readConsent()).toBe('denied');
    stop();
    setConsent('granted');
    expect(heard).toEqual(['granted', 'denied']);
  });

  it('holds the answer for the page where the browser refuses storage', () => {
    setConsent('denied');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(() => localStorage.getItem(CONSENT_KEY)).toThrow();
      expect(readConsent()).toBe('denied');
      setConsent('granted');
      expect(readConsent()).toBe('granted');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
