/**
 * A money operation (apply, a withdrawal, a payment): ONE transaction that locks the customer first, the first lock of
 * the one order every writer of a customer's orders takes them in (./repository.ts), then runs under the caller's
 * Idempotency-Key (../idempotency.ts): the key is stored with the answer in the same transaction, so a repeat gets
 * the same answer and a concurrent duplicate waits for the first and then reads it. Concurrent operations of one
 * borrower wait for each other instead of deadlocking on the rows they share.
 */
import type { Database } from '#server/db/database.ts';
import { withIdempotency, type Answer, type StoredAnswer } from '../idempotency.ts';
import type { Caller } from './context.ts';
import type { LoanRepository, Tx } from './repository.ts';

export type MoneyOperation = (
  caller: Caller,
  /** The caller's Idempotency-Key. */
  key: string,
  /** What the key is for (`apply`, `withdraw:<order>`, `payment:<order>`): the same key for another is refused. */
  operation: string,
  /** The request's hash (../idempotency.ts requestHash): the same key with another body is refused. */
  hash: string,
  fn: (tx: Tx) => Promise<Answer>,
) => Promise<StoredAnswer>;

export function createMoneyOperation(db: Database, repo: Pick<LoanRepository, 'lockCustomer'>): MoneyOperation {
  return (caller, key, operation, hash, fn) =>
    db.transaction(async (tx) => {
      await repo.lockCustomer(tx, caller.customerId);
      return withIdempotency(tx, caller.customerId, key, operation, hash, fn);
    });
}
