import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase, type OpenDatabase } from './database.ts';
import { ORDER_STATES } from '#domain/loan-rules.ts';
import { customers, loanOrders, profileSections } from './tables.ts';
import { databaseTargets, pgliteTemplate, testDatabase } from './test-database.ts';

describe.each(databaseTargets())('database on %s', (kind) => {
  let open: OpenDatabase;
  beforeAll(async () => {
    open = await testDatabase(kind);
  });
  afterAll(async () => {
    await open?.close();
  });

  it('applies the migrations and stores a customer with a JSONB profile section', async () => {
    const [customer] = await open.db.insert(customers).values({ phone: '9171234567' }).returning();
    expect(customer?.id).toMatch(/^[0-9a-f-]{36}$/u);
    await open.db
      .insert(profileSections)
      .values({ customerId: customer!.id, step: 'baseInfo', data: { maritalStatus: 'single' }, schemaVersion: 'abc' });
    const [section] = await open.db.select().from(profileSections).where(eq(profileSections.customerId, customer!.id));
    expect(section?.data).toEqual({ maritalStatus: 'single' });
  });

  it('refuses a second customer with the same phone', async () => {
    await expect(
      open.db
        .insert(customers)
        .values({ phone: '9170000000' })
        .then(() => open.db.insert(customers).values({ phone: '9170000000' })),
    ).rejects.toThrow();
  });

  it("holds an order's state to the states of the order state machine (domain/loan-rules.ts)", async () => {
    const [customer] = await open.db.insert(customers).values({ phone: '9170000001' }).returning();
    const order = (orderNo: string, state: string) =>
      open.db.insert(loanOrders).values({
        customerId: customer!.id,
        orderNo,
        productId: 'p',
        subProductId: 's',
        state,
        principal: 200_000,
        termDays: 7,
        quote: {},
        totalTermDays: 7,
      });
    await expect(order('PA-STATE-1', 'paid')).rejects.toThrow();
    await expect(order('PA-STATE-2', '')).rejects.toThrow();
    // Two closed orders and one open (a customer has one open order at most).
    const some = ['rejected', 'settled', 'under_review'];
    expect(ORDER_STATES).toEqual(expect.arrayContaining(some));
    for (const [i, state] of some.entries()) await order(`PA-STATE-OK-${i}`, state);
    expect(await open.db.select().from(loanOrders).where(eq(loanOrders.customerId, customer!.id))).toHaveLength(3);
  });
});

describe('a PGlite folder has one user at a time', () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  /** A new folder starts from the migrated template, not from initdb (seconds of CPU each). */
  const fresh = async (dataDir: string) => openDatabase({ dataDir, loadDataDir: await pgliteTemplate() });

  it('refuses a second open while the first holds the folder, and opens it once that one is closed', async () => {
    const dataDir = join(root, 'twice');
    const first = await fresh(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    const second = await fresh(dataDir).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DatabaseInUseError);
    expect((second as Error).message).toContain(`in use by process ${process.pid}`);
    await first.db.insert(customers).values({ phone: '9171112222' });
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ dataDir });
    expect((await again.db.select().from(customers)).map((c) => c.phone)).toEqual(['9171112222']);
    await again.close();
  });

  it('takes over a lock whose process has ended, or that carries its own id without holding it (a restarted container)', async () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    for (const [name, pid] of [
      ['ended', ended],
      ['own', process.pid],
    ] as const) {
      const dataDir = join(root, name);
      writeFileSync(`${dataDir}.lock`, String(pid));
      const open = await fresh(dataDir);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
      await open.close();
    }
  });
});
