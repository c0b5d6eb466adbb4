import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { createCollectionProvider, readCollectionSettings } from './index.ts';
import type { SimulatedCollectionOptions } from './simulated.ts';

const secret = 'whsk_0123456789abcdef';
const paymongo = {
  COLLECTION_PROVIDER: 'paymongo',
  PAYMONGO_SECRET_KEY: 'sk_test_key',
  COLLECTION_WEBHOOK_SECRET: secret,
  PAYMONGO_RETURN_URL: 'https://pesoagad.example/pay',
};

describe('readCollectionSettings', () => {
  it('defaults to the simulated gateway, which needs nothing more', () => {
    expect(readCollectionSettings({})).toEqual({
      settings: { provider: 'simulated', qrphExpirySeconds: 1800 },
      problems: [],
    });
    expect(readCollectionSettings({ COLLECTION_PROVIDER: 'simulated' })).toEqual({
      settings: { provider: 'simulated', qrphExpirySeconds: 1800 },
      problems: [],
    });
  });

  it('reads PayMongo with its key, the default base URL, or the one given', () => {
    expect(readCollectionSettings(paymongo)).toEqual({
      settings: {
        provider: 'paymongo',
        qrphExpirySeconds: 1800,
        secretKey: 'sk_test_key',
        baseUrl: 'https://api.paymongo.com',
        returnUrl: 'https://pesoagad.example/pay',
      },
      problems: [],
    });
    expect(readCollectionSettings({ ...paymongo, PAYMONGO_BASE_URL: 'http://127.0.0.1:9/' }).settings).toEqual({
      provider: 'paymongo',
      qrphExpirySeconds: 1800,
      secretKey: 'sk_test_key',
      baseUrl: 'http://127.0.0.1:9/',
      returnUrl: 'https://pesoagad.example/pay',
    });
  });

  it('lists every problem of a PayMongo setup, naming the variable and never echoing the key', () => {
    const { settings, problems } = readCollectionSettings({
      COLLECTION_PROVIDER: 'paymongo',
      PAYMONGO_BASE_URL: 'not a url',
    });
    expect(settings).toBeUndefined();
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'PAYMONGO_SECRET_KEY',
      'PAYMONGO_BASE_URL',
      'PAYMONGO_RETURN_URL',
      'COLLECTION_WEBHOOK_SECRET',
    ]);
    expect(problems.join('\n')).toMatch(/COLLECTION_WEBHOOK_SECRET is required when COLLECTION_PROVIDER=paymongo/u);

    const keyOnly = readCollectionSettings({
      COLLECTION_PROVIDER: 'paymongo',
      PAYMONGO_SECRET_KEY: 'sk_live_secret_value',
      PAYMONGO_RETURN_URL: 'https://pesoagad.example/pay',
    });
    expect(keyOnly.problems).toHaveLength(1);
    expect(keyOnly.problems.join('\n')).not.toContain('sk_live_secret_value');
  });

  it('refuses an unknown provider', () => {
    expect(readCollectionSettings({ COLLECTION_PROVIDER: 'stripe' })).toEqual({
      problems: ['COLLECTION_PROVIDER must be one of simulated, paymongo, got "stripe"'],
    });
  });
});

describe('QRPH_EXPIRY_SECONDS', () => {
  it("reads the QR Ph code's life for either gateway, within PayMongo's 60-9000 seconds", () => {
    expect(readCollectionSettings({ QRPH_EXPIRY_SECONDS: '900' }).settings).toEqual({
      provider: 'simulated',
      qrphExpirySeconds: 900,
    });
    expect(readCollectionSettings({ ...paymongo, QRPH_EXPIRY_SECONDS: '9000' }).settings).toMatchObject({
      provider: 'paymongo',
      qrphExpirySeconds: 9000,
    });
    for (const bad of ['59', '9001', '30m', '-60', '1e3'])
      for (const env of [{}, paymongo]) {
        const { settings, problems } = readCollectionSettings({ ...env, QRPH_EXPIRY_SECONDS: bad });
        expect(settings).toBeUndefined();
        expect(problems).toEqual([
          expect.stringMatching(/^QRPH_EXPIRY_SECONDS must be whole seconds from 60 to 9000/u),
        ]);
      }
  });
});

describe('createCollectionProvider', () => {
  const simulatedOptions: SimulatedCollectionOptions = {
    db: {} as Database,
    now: () => new Date(),
    delayMs: 10,
    failPattern: null,
    webhookSecret: secret,
    deliver: async () => ({ status: 200 }),
  };

  it('builds the simulated gateway, handed back to be started and stopped', async () => {
    const { provider, simulated } = createCollectionProvider(
      { provider: 'simulated', qrphExpirySeconds: 600 },
      simulatedOptions,
    );
    expect(provider.name).toBe('simulated');
    expect(provider.paymentExpiryMs('eWallet')).toBe(600_000);
    expect(simulated).toBe(provider);
    expect(typeof simulated?.start).toBe('function');
    await simulated?.stop();
  });

  it('builds the PayMongo adapter with nothing to start', () => {
    const { provider, simulated } = createCollectionProvider(
      {
        provider: 'paymongo',
        qrphExpirySeconds: 600,
        secretKey: 'sk_test_key',
        baseUrl: 'https://api.paymongo.com',
        returnUrl: 'https://pesoagad.example/pay',
      },
      simulatedOptions,
    );
    expect(provider.name).toBe('paymongo');
    expect(provider.paymentExpiryMs('bank')).toBe(600_000);
    expect(simulated).toBeNull();
  });
});
