import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { createPayoutProvider, readPayoutSettings } from './index.ts';
import type { SimulatedPayoutOptions } from './simulated.ts';

const token = 'callback-token-0123456789';
const xendit = { PAYOUT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'xnd_development_key', PAYOUT_CALLBACK_TOKEN: token };

describe('readPayoutSettings', () => {
  it('defaults to the simulated gateway, which needs nothing more', () => {
    expect(readPayoutSettings({})).toEqual({ settings: { provider: 'simulated' }, problems: [] });
    expect(readPayoutSettings({ PAYOUT_PROVIDER: 'simulated' })).toEqual({
      settings: { provider: 'simulated' },
      problems: [],
    });
  });

  it('reads Xendit with its key, the default base URL, or the one given', () => {
    expect(readPayoutSettings(xendit)).toEqual({
      settings: { provider: 'xendit', secretKey: 'xnd_development_key', baseUrl: 'https://api.xendit.co' },
      problems: [],
    });
    expect(readPayoutSettings({ ...xendit, XENDIT_BASE_URL: 'http://127.0.0.1:9' }).settings).toEqual({
      provider: 'xendit',
      secretKey: 'xnd_development_key',
      baseUrl: 'http://127.0.0.1:9',
    });
  });

  it('lists every problem of a Xendit setup, naming the variable and never echoing the key', () => {
    const { settings, problems } = readPayoutSettings({
      PAYOUT_PROVIDER: 'xendit',
      XENDIT_BASE_URL: 'ftp://api.xendit.co',
    });
    expect(settings).toBeUndefined();
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'XENDIT_SECRET_KEY',
      'XENDIT_BASE_URL',
      'PAYOUT_CALLBACK_TOKEN',
    ]);
    expect(problems.join('\n')).toMatch(/PAYOUT_CALLBACK_TOKEN is required when PAYOUT_PROVIDER=xendit/u);

    const keyOnly = readPayoutSettings({
      PAYOUT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: 'xnd_secret_value',
      PAYOUT_CALLBACK_TOKEN: ' ',
    });
    expect(keyOnly.problems).toHaveLength(1);
    expect(keyOnly.problems.join('\n')).not.toContain('xnd_secret_value');
  });

  it('refuses an unknown provider', () => {
    expect(readPayoutSettings({ PAYOUT_PROVIDER: 'paypal' })).toEqual({
      problems: ['PAYOUT_PROVIDER must be one of simulated, xendit, got "paypal"'],
    });
  });
});

describe('createPayoutProvider', () => {
  const simulatedOptions: SimulatedPayoutOptions = {
    db: {} as Database,
    now: () => new Date(),
    delayMs: 10,
    failPattern: null,
    callbackToken: token,
    deliver: async () => ({ status: 200 }),
  };

  it('builds the simulated gateway, handed back to be started and stopped', async () => {
    const { provider, simulated } = createPayoutProvider({ provider: 'simulated' }, simulatedOptions);
    expect(provider.name).toBe('simulated');
    expect(simulated).toBe(provider);
    expect(typeof simulated?.start).toBe('function');
    await simulated?.stop();
  });

  it('builds the Xendit adapter with nothing to start', () => {
    const { provider, simulated } = createPayoutProvider(
      { provider: 'xendit', secretKey: 'xnd_development_key', baseUrl: 'https://api.xendit.co' },
      simulatedOptions,
    );
    expect(provider.name).toBe('xendit');
    expect(simulated).toBeNull();
  });
});
