import { describe, expect, it } from 'vitest';
import { readLoanSettings, readSettings, readTrustProxy } from './settings.ts';

describe('loan settings', () => {
  it('has defaults that run on one machine', () => {
    const { settings, problems } = readLoanSettings({});
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ approvalDelaySeconds: undefined, bankChangeMaintenance: false, simPayoutDelayMs: 5000, simCollectionDelayMs: 5000, simCollectionFailPattern: null, jobPollMs: 1000, reconcileAfterMs: 600_000 });
    expect(settings?.simPayoutFailPattern?.test('0000123456')).toBe(true);
    expect(settings?.simPayoutFailPattern?.test('1000123456')).toBe(false);
  });

  it('reads every variable', () => {
    const { settings } = readLoanSettings({ APPROVAL_DELAY_SECONDS: '2', BANK_CHANGE_MAINTENANCE: '1', SIM_PAYOUT_DELAY_MS: '100', SIM_PAYOUT_FAIL_PATTERN: '', SIM_COLLECTION_FAIL_PATTERN: '^917', PAYOUT_CALLBACK_TOKEN: 'x'.repeat(20), RECONCILE_AFTER_SECONDS: '60' });
    expect(settings).toMatchObject({ approvalDelaySeconds: 2, bankChangeMaintenance: true, simPayoutDelayMs: 100, simPayoutFailPattern: null, payoutCallbackToken: 'x'.repeat(20), reconcileAfterMs: 60_000 });
    expect(settings?.simCollectionFailPattern?.test('9171234567')).toBe(true);
  });

  it('says what to fix', () => {
    const { settings, problems } = readLoanSettings({ APPROVAL_DELAY_SECONDS: 'soon', BANK_CHANGE_MAINTENANCE: 'yes', SIM_PAYOUT_FAIL_PATTERN: '(', COLLECTION_WEBHOOK_SECRET: 'short', JOB_POLL_MS: '10' });
    expect(settings).toBeUndefined();
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['BANK_CHANGE_MAINTENANCE', 'APPROVAL_DELAY_SECONDS', 'SIM_PAYOUT_FAIL_PATTERN', 'COLLECTION_WEBHOOK_SECRET', 'JOB_POLL_MS']);
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
    expect(read('10.0.0.5, 172.16.0.0/12,::1,fd00::/8,loopback')).toEqual({ value: ['10.0.0.5', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'], problems: [] });
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
