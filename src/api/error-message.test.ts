// @vitest-environment jsdom
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n.ts';
import { ApiError } from './client.ts';
import { errorMessage } from './error-message.ts';

type Catalog = Record<string, Record<string, string>>;
const catalog = (lng: string, ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Catalog;

/** The network: down, every catalog but `common` (loaded with the first screen, kept by the service worker) fails. */
let online = false;
const load = vi.fn(async (lng: string, ns: string) => {
  if (!online && ns !== 'common') throw new TypeError('Failed to fetch');
  return catalog(lng, ns);
});

beforeAll(async () => {
  localStorage.clear();
  await initI18n(load);
});

describe('errorMessage', () => {
  it('without a network, reads as the network message in every language, never a code', async () => {
    for (const lng of ['en', 'fil', 'zh-CN'] as const) {
      await i18next.changeLanguage(lng);
      const offline = catalog(lng, 'common')['network']!['offline']!;
      for (const error of [new ApiError('NETWORK_ERROR', 0), new ApiError('CODE_INVALID', 400), new Error('?')])
        expect(await errorMessage(error)).toBe(offline);
    }
  });

  it('has the errors their own messages again once the network is back', async () => {
    await i18next.changeLanguage('fil');
    const tries = load.mock.calls.filter(([lng, ns]) => lng === 'fil' && ns === 'errors').length;
    online = true;
    const errors = catalog('fil', 'errors');
    expect(await errorMessage(new ApiError('CODE_INVALID', 400))).toBe(errors['CODE_INVALID']);
    expect(await errorMessage(new ApiError('NO_SUCH_CODE', 400))).toBe(errors['UNKNOWN']);
    expect(await errorMessage(new Error('?'))).toBe(errors['UNKNOWN']);
    // Fetched once more, then kept.
    expect(load.mock.calls.filter(([lng, ns]) => lng === 'fil' && ns === 'errors')).toHaveLength(tries + 1);
  });
});
