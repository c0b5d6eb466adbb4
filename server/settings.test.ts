import { describe, expect, it } from 'vitest';
import { readLoanSettings } from './settings.ts';

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
