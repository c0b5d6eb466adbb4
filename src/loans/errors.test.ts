// @vitest-environment jsdom
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { initI18n } from '../i18n.ts';
import { codeMessage, loanErrorMessage } from './errors.ts';

type Catalog = Record<string, Record<string, string>>;
const catalog = (lng: string, ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Catalog;

/** The network: down at first, when every catalog but `common` (kept by the service worker) fails. */
let online = false;

beforeAll(async () => {
  localStorage.clear();
  await initI18n(async (lng, ns) => {
    if (!online && ns !== 'common') throw new TypeError('Failed to fetch');
    return catalog(lng, ns);
  });
});

describe('a refused loan operation', () => {
  it('reads, without a network, as the network message in every language, never a code', async () => {
    for (const lng of ['en', 'fil', 'zh-CN'] as const) {
      await i18next.changeLanguage(lng);
      const offline = catalog(lng, 'common')['network']!['offline']!;
      expect(await codeMessage('RELOAN_VOUCHER_USED')).toBe(offline);
      expect(await loanErrorMessage(new ApiError('NETWORK_ERROR', 0))).toBe(offline);
    }
  });

  it('reads as its own message once the catalog can be had, the generic one for an unknown code', async () => {
    await i18next.changeLanguage('en');
    online = true;
    const errors = catalog('en', 'errors') as unknown as Record<string, string>;
    expect(await codeMessage('RELOAN_VOUCHER_USED')).toBe(errors['RELOAN_VOUCHER_USED']);
    expect(await codeMessage('NO_SUCH_CODE')).toBe(errors['UNKNOWN']);
  });
});
