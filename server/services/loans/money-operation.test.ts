/**
 * The transaction of every money operation (./money-operation.ts), on its own: a repeat of a key gets the stored answer
 * without running again, a concurrent duplicate waits for the first and reads its answer, a key reused for another
 * body or operation is refused, a refusal is stored like an answer, an unexpected error leaves nothing, and two
 * operations of one customer run one after the other. On PGlite and PostgreSQL (where the duplicates are truly
 * concurrent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '#server/db/database.ts';
import { customers } from '#server/db/tables.ts';
import { databaseTargets, testDatabase } from '#server/db/test-database.ts';
import { ApiError } from '#server/errors.ts';
import { newPhone } from '#server/testing/borrower.ts';
import { createMoneyOperation, type MoneyOperation } from './money-operation.ts';
import { createLoanRepository } from './repository.ts';

describe.each(databaseTargets())('a money operation on %s', (kind) => {
  let database: OpenDatabase;
  let money: MoneyOperation;
  beforeAll(async () => {
    database = await testDatabase(kind);
    money = createMoneyOperation(
      database.db,
      createLoanRepository(() => new Date()),
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  const caller = async () => {
    const phone = newPhone();
    const [row] = await database.db.insert(customers).values({ phone }).returning();
    return { customerId: row!.id, phone };
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('runs once per key: a repeat and a concurrent duplicate get the stored answer, byte for byte', async () => {
    const who = await caller();
    let runs = 0;
    const operation = () =>
      money(who, 'key-once-0001', 'apply', 'hash-a', async () => {
        runs += 1;
        await pause(50);
        return { status: 201, body: { run: runs, at: Math.random() } };
      });
    const answers = await Promise.all([operation(), operation(), operation()]);
    const again = await operation();
    expect(runs).toBe(1);
    expect(new Set([...answers, again].map((a) => `${a.status} ${a.json}`)).size).toBe(1);
    expect(again.status).toBe(201);
  });

  it('refuses a key reused for another body or another operation', async () => {
    const who = await caller();
    await money(who, 'key-reuse-0001', 'apply', 'hash-a', async () => ({ status: 201, body: {} }));
    const reused = (operation: string, hash: string) =>
      money(who, 'key-reuse-0001', operation, hash, async () => ({ status: 201, body: {} }));
    await expect(reused('apply', 'hash-b')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(reused('withdraw:x', 'hash-a')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('stores a refusal as the answer, and leaves nothing after an unexpected error (a retry runs again)', async () => {
    const who = await caller();
    const refused = await money(who, 'key-refused-01', 'apply', 'hash-a', async () => {
      throw new ApiError('ORDER_IN_PROGRESS');
    });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.json)).toMatchObject({ code: 'ORDER_IN_PROGRESS' });
    let runs = 0;
    await expect(
      money(who, 'key-crash-0001', 'apply', 'hash-a', async () => {
        runs += 1;
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    const retried = await money(who, 'key-crash-0001', 'apply', 'hash-a', async () => {
      runs += 1;
      return { status: 201, body: { ok: true } };
    });
    expect([runs, retried.status]).toEqual([2, 201]);
  });

  it("runs one customer's operations one after the other, and another customer's beside them", async () => {
    const [a, b] = [await caller(), await caller()];
    const log: string[] = [];
    const op = (who: typeof a, name: string, key: string) =>
      money(who, key, name, 'hash', async () => {
        log.push(`${name} in`);
        await pause(100);
        log.push(`${name} out`);
        return { status: 200, body: {} };
      });
    await Promise.all([op(a, 'a1', 'key-order-a001'), op(a, 'a2', 'key-order-a002')]);
    // Whichever came first, the other started after it ended.
    expect([log.slice(0, 2), log.slice(2)].map((pair) => pair.map((e) => e.split(' ')[1]))).toEqual([
      ['in', 'out'],
      ['in', 'out'],
    ]);
    if (kind === 'postgres') {
      // Another customer's operation runs while one of A's holds its lock: A's waits until B's has started (were B
      // made to wait for A, this would never end). PGlite has one connection, so it runs them in turn anyway.
      let entered!: () => void;
      const bEntered = new Promise<void>((resolve) => (entered = resolve));
      await Promise.all([
        money(a, 'key-order-a003', 'a3', 'hash', async () => {
          await bEntered;
          return { status: 200, body: {} };
        }),
        money(b, 'key-order-b001', 'b1', 'hash', async () => {
          entered();
          return { status: 200, body: {} };
        }),
      ]);
    }
  });
});
