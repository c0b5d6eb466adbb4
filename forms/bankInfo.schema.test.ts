/**
 * The bankInfo step (spec section 5: the account confirmation must match, 'The bank info does not match', through the
 * engine's `matches` keyword; e-wallet number 11 digits from 09 or 10 digits from 9; withdrawal phone starts with 9;
 * payee names). Not here: "a new bank card must differ from the original", which needs the stored account (server).
 */
import { describe, expect, it } from 'vitest';
import { BANKS, REMITTANCE_SHOPS, bankInfoSamples } from './bankInfo.samples.ts';
import { readStepSchema, stepSuite } from './step-suite.ts';

stepSuite('bankInfo', bankInfoSamples);

describe('bankInfo options', () => {
  it('offers the bank list, GCash and Maya, and the remittance shops', () => {
    const { allOf } = readStepSchema('bankInfo') as {
      allOf: { then: { properties: Record<string, { enum?: string[] }> } }[];
    };
    const props = Object.assign({}, ...allOf.map((b) => b.then.properties)) as Record<
      string,
      { enum?: string[]; matches?: string }
    >;
    expect(props['bankCode']?.enum).toEqual(BANKS);
    expect(props['eWalletProvider']?.enum).toEqual(['gcash', 'maya']);
    expect(props['remittanceShop']?.enum).toEqual(REMITTANCE_SHOPS);
    expect(props['accountNumberConfirm']?.matches).toBe('accountNumber');
    expect(BANKS.length).toBeGreaterThanOrEqual(30);
  });
});
