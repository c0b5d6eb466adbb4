import { describe, expect, it } from 'vitest';
import type { OrderState } from './loan-types.ts';
import { config } from './pricing-fixtures.ts';
import { ORDER_TRANSITIONS, canTransition, dueStatus, isOpenOrder } from './loan-rules.ts';

const STATES: OrderState[] = [
  'under_review',
  'accepted',
  'rejected',
  'withdrawable',
  'disbursing',
  'disbursement_failed',
  'repaying',
  'settled',
];

describe('order state machine', () => {
  it('allows exactly the transitions of docs/product-rules.md', () => {
    const allowed = STATES.flatMap((from) =>
      STATES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'under_review->accepted',
        'under_review->rejected',
        'accepted->withdrawable',
        'accepted->rejected',
        'withdrawable->disbursing',
        'disbursing->repaying',
        'disbursing->disbursement_failed',
        'disbursement_failed->withdrawable',
        'repaying->settled',
        'repaying->disbursement_failed',
      ].sort(),
    );
  });

  it('ends in rejected or settled, and reaches settled from under_review', () => {
    expect(ORDER_TRANSITIONS.rejected).toEqual([]);
    expect(ORDER_TRANSITIONS.settled).toEqual([]);
    const seen = new Set<OrderState>(['under_review']);
    for (const s of seen) for (const t of ORDER_TRANSITIONS[s]) seen.add(t); // a Set iterates what is added while iterating
    expect([...seen].sort()).toEqual([...STATES].sort());
  });
});

describe('dueStatus', () => {
  it('reads pending, expiring (3 days before), due_today and overdue', () => {
    const due = '2026-05-01';
    expect(dueStatus(config, due, '2026-04-27')).toBe('pending');
    expect(dueStatus(config, due, '2026-04-28')).toBe('expiring');
    expect(dueStatus(config, due, '2026-04-30')).toBe('expiring');
    expect(dueStatus(config, due, '2026-05-01')).toBe('due_today');
    expect(dueStatus(config, due, '2026-05-02')).toBe('overdue');
    expect(dueStatus({ expiringDays: 0 }, due, '2026-04-30')).toBe('pending');
  });
});

describe('isOpenOrder', () => {
  it('is every state but settled and rejected', () => {
    expect(STATES.filter(isOpenOrder).sort()).toEqual(STATES.filter((s) => s !== 'settled' && s !== 'rejected').sort());
  });
});
