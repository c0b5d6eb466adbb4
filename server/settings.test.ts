import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openText, sealText } from './crypto/envelope.ts';
import { loadOrCreateDataKeys } from './secret.ts';
import { readLoanSettings, readSettings, readSimulatedProviders, readTrustProxy } from './settings.ts';

describe('loan settings', () => {
  it('has defaults that run on one machine', () => {
    const { settings, problems } = readLoanSettings({});
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({
      approvalDelaySeconds: undefined,
      reloanCancelWindowSeconds: undefined,
      bankChangeMaintenance: false,
      simPayoutDelayMs: 5000,
      simCollectionDelayMs: 5000,
      simCollectionFailPattern: null,
      jobPollMs: 1000,
      jobLeaseMs: 60_000,
      reconcileAfterMs: 600_000,
    });
    expect(settings?.simPayoutFailPattern?.test('0000123456')).toBe(true);
    expect(settings?.simPayoutFailPattern?.test('1000123456')).toBe(false);
  });

  it('reads every variable', () => {
    const { settings } = readLoanSettings({
      APPROVAL_DELAY_SECONDS: '2',
      RELOAN_CANCEL_WINDOW_SECONDS: '1',
      BANK_CHANGE_MAINTENANCE: '1',
      SIM_PAYOUT_DELAY_MS: '100',
      SIM_PAYOUT_FAIL_PATTERN: '',
      SIM_COLLECTION_FAIL_PATTERN: '^917',
      PAYOUT_CALLBACK_TOKEN: 'x'.repeat(20),
      RECONCILE_AFTER_SECONDS: '60',
      JOB_LEASE_SECONDS: '5',
    });
    expect(settings).toMatchObject({
      approvalDelaySeconds: 2,
      reloanCancelWindowSeconds: 1,
      bankChangeMaintenance: true,
      simPayoutDelayMs: 100,
      simPayoutFailPattern: null,
      payoutCallbackToken: 'x'.repeat(20),
      reconcileAfterMs: 60_000,
      jobLeaseMs: 5000,
    });
    expect(settings?.simCollectionFailPattern?.test('9171234567')).toBe(true);
  });

  it('says what to fix', () => {
    const { settings, problems } = readLoanSettings({
      APPROVAL_DELAY_SECONDS: 'soon',
      BANK_CHANGE_MAINTENANCE: 'yes',
      SIM_PAYOUT_FAIL_PATTERN: '(',
      COLLECTION_WEBHOOK_SECRET: 'short',
      JOB_POLL_MS: '10',
      JOB_LEASE_SECONDS: '4',
    });
    expect(settings).toBeUndefined();
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'BANK_CHANGE_MAINTENANCE',
      'APPROVAL_DELAY_SECONDS',
      'SIM_PAYOUT_FAIL_PATTERN',
      'COLLECTION_WEBHOOK_SECRET',
      'JOB_POLL_MS',
      'JOB_LEASE_SECONDS',
    ]);
  });
});

describe('data keys settings', () => {
  it('reads DATA_KEYS, first key current, and says what to fix without echoing a key', () => {
    const k2 = randomBytes(32).toString('base64');
    const good = readSettings({ WEB_DIST: '.', DATA_KEYS: `k2:${k2},k1:${randomBytes(32).toString('base64')}` });
    expect(good.problems.filter((p) => p.startsWith('DATA_KEYS'))).toEqual([]);
    const short = randomBytes(20).toString('base64');
    const bad = readSettings({ WEB_DIST: '.', DATA_KEYS: `k2:${short}` });
    expect(bad.problems.filter((p) => p.startsWith('DATA_KEYS'))).toEqual([
      'DATA_KEYS: key "k2" must be the base64 of exactly 32 random bytes (openssl rand -base64 32)',
    ]);
    expect(bad.problems.join(' ')).not.toContain(short);
  });

  it('generates one data key into the data folder (mode 0600) and reads the same one after', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'keys-')), 'data');
    const first = loadOrCreateDataKeys(dir);
    expect(first.currentId).toBe('local1');
    expect(statSync(join(dir, 'data-key')).mode & 0o777).toBe(0o600);
    expect(openText(loadOrCreateDataKeys(dir), sealText(first, 'x', 'p'), 'p')).toBe('x');
  });
});

describe('TRUST_PROXY', () => {
  const read = (value: string | undefined) => {
    const problems: string[] = [];
    return { value: readTrustProxy(value, problems), problems };
  };

  it('trusts no proxy by default', () => {
    expect(read(undefined)).toEqual({ value: false, problems: [] });
    expect(read('  ')).toEqual({ value: false, problems: [] });
  });

  it('reads a hop count or a list of addresses and CIDR ranges', () => {
    expect(read('1')).toEqual({ value: 1, problems: [] });
    expect(read('10.0.0.5, 172.16.0.0/12,::1,fd00::/8,loopback')).toEqual({
      value: ['10.0.0.5', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'],
      problems: [],
    });
  });

  it('refuses trusting everyone, a hop count out of range and what is not an address, saying what to give', () => {
    for (const bad of ['true', '*', '0', '11']) {
      const { value, problems } = read(bad);
      expect(value).toBe(false);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY .*number of proxies|^TRUST_PROXY=.*number of proxies/u);
    }
    const { problems } = read('10.0.0.1,proxy.local,10.0.0.0/33');
    expect(problems).toEqual([expect.stringContaining('"proxy.local", "10.0.0.0/33"')]);
  });

  it('stops the server at start on a bad value', () => {
    const { settings, problems } = readSettings({ TRUST_PROXY: 'yes', WEB_DIST: 'tests/fixtures' });
    expect(settings).toBeUndefined();
    expect(problems.some((p) => p.startsWith('TRUST_PROXY'))).toBe(true);
  });
});

describe('FORM_GRACE_HOURS', () => {
  it('reads the hours a replaced form version is still accepted, and refuses what is not a number of hours', () => {
    expect(readSettings({ WEB_DIST: '.' }).settings?.formGraceMs).toBeUndefined();
    expect(readSettings({ WEB_DIST: '.', FORM_GRACE_HOURS: '1.5' }).settings?.formGraceMs).toBe(5_400_000);
    expect(readSettings({ WEB_DIST: '.', FORM_GRACE_HOURS: '0' }).settings?.formGraceMs).toBe(0);
    for (const bad of ['-1', 'a day', '721'])
      expect(readSettings({ WEB_DIST: '.', FORM_GRACE_HOURS: bad }).problems, bad).toEqual([
        expect.stringContaining('FORM_GRACE_HOURS'),
      ]);
  });
});

describe('PUBLIC_URL', () => {
  it('reads the origin borrowers reach the app at, and refuses anything but an http(s) origin', () => {
    expect(readSettings({ WEB_DIST: '.' }).settings?.publicUrl).toBeUndefined();
    expect(readSettings({ WEB_DIST: '.', PUBLIC_URL: ' https://app.lender.ph/ ' }).settings?.publicUrl).toBe(
      'https://app.lender.ph',
    );
    expect(readSettings({ WEB_DIST: '.', PUBLIC_URL: 'http://192.168.1.5:3000' }).settings?.publicUrl).toBe(
      'http://192.168.1.5:3000',
    );
    for (const bad of ['app.lender.ph', 'ftp://app.lender.ph', 'https://app.lender.ph/app', 'https://a@lender.ph'])
      expect(readSettings({ WEB_DIST: '.', PUBLIC_URL: bad }).problems, bad).toEqual([
        expect.stringContaining('PUBLIC_URL'),
      ]);
  });
});

describe('simulated providers (SIMULATED_PROVIDERS)', () => {
  const real = { PAYOUT_PROVIDER: 'xendit', COLLECTION_PROVIDER: 'paymongo' };

  it('names every simulated provider, all of them by default, and a demonstration on them starts', () => {
    expect(readSimulatedProviders({})).toEqual({
      simulated: ['sms', 'facebook', 'payouts', 'collections'],
      problems: [],
    });
    expect(
      readSimulatedProviders({
        ...real,
        SMS_PROVIDER: 'semaphore',
        FACEBOOK_APP_ID: 'app',
        FACEBOOK_APP_SECRET: 'secret',
      }),
    ).toEqual({ simulated: [], problems: [] });
  });

  it('stops a server that moves real money beside a simulated provider it does not list, naming each', () => {
    expect(readSimulatedProviders(real).problems).toEqual([
      expect.stringContaining('a real payout or collection gateway runs beside simulated sms, facebook: configure'),
    ]);
    expect(readSimulatedProviders({ PAYOUT_PROVIDER: 'xendit' }).problems).toEqual([
      expect.stringContaining('beside simulated sms, facebook, collections'),
    ]);
    expect(readSimulatedProviders({ ...real, SIMULATED_PROVIDERS: 'sms' }).problems).toEqual([
      expect.stringContaining('beside simulated facebook: configure facebook'),
    ]);
    expect(readSimulatedProviders({ ...real, SIMULATED_PROVIDERS: ' sms, facebook ' })).toEqual({
      simulated: ['sms', 'facebook'],
      problems: [],
    });
    expect(readSimulatedProviders({ SIMULATED_PROVIDERS: 'sms,fax' }).problems).toEqual([
      'SIMULATED_PROVIDERS names "fax", which is none of sms, facebook, payouts, collections',
    ]);
  });
});
