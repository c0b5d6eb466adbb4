/**
 * Easy Re-loan: a kill -9 in the middle of a re-loan payout storm leaves every re-loan paid out once.
 * `server/main.ts` runs in its own process on a fresh PostgreSQL database (simulated gateways with short delays, fast
 * job polling, approval at once, a 1-second cancel window): borrowers who repaid a loan turn Easy Re-loan on, their
 * re-loans are scheduled at once (the `reloan_apply` job of each settled loan, as the settlement writes it), and the
 * process is SIGKILLed once the database shows re-loan payouts at the gateway but not every re-loan done; after a
 * restart every re-loan is done, with one payout, one withdraw event and one voucher each. Every wait ends on the
 * database's state, under one generous deadline; nothing is timed.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingFile } from '#config/pricing.ts';
import { manilaToday } from '#domain/calendar-date.ts';
import { findSubProduct, quote } from '#domain/pricing.ts';
import {
  countWith,
  seedCustomers,
  sessionHeaders,
  startMain,
  stormDatabase,
  untilBy,
  type MainProcess,
  type StormDatabase,
} from '../testing/main-process.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const CUSTOMERS = 20;
const DEADLINE_MS = 300_000;

describe.runIf(ADMIN_URL)('a kill -9 in a re-loan payout storm (server/main.ts on PostgreSQL)', () => {
  let db: StormDatabase;
  let client: pg.Client;
  let main: MainProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await stormDatabase(ADMIN_URL!, 'reloan_crash', { RELOAN_CANCEL_WINDOW_SECONDS: '1' });
    ({ client, env } = db);
  });

  afterAll(async () => {
    await main?.close();
    await db?.drop();
  });

  it(
    'pays every re-loan out once after a SIGKILL with payouts at the gateway',
    { timeout: DEADLINE_MS + 60_000 },
    async () => {
      const deadline = Date.now() + DEADLINE_MS;
      const count = countWith(client);
      const until = untilBy(deadline);

      main = await startMain(env, { deadline, quiet: true });
      await client.connect();
      const customers = await seedCustomers(client, CUSTOMERS, {
        firstPhone: 8_000_000,
        signed: true,
        devicePrefix: 'reloan',
      });

      // Each borrower repaid a loan (written settled, with its quote) and turns Easy Re-loan on through the API.
      const sub = findSubProduct(pricingFile, 'cash', 'standard')!;
      const q = quote(pricingFile, sub, {
        principalCentavos: 300_000,
        termDays: 30,
        loanDate: manilaToday(new Date()),
      });
      const settled = new Map<string, string>();
      for (const [i, c] of customers.entries()) {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO loan_orders (customer_id, order_no, product_id, sub_product_id, state, principal, term_days, quote, total_term_days)
         VALUES ($1, $2, 'cash', 'standard', 'settled', 300000, 30, $3::jsonb, 30) RETURNING id`,
          [c.id, `PARC${String(i).padStart(6, '0')}`, JSON.stringify(q)],
        );
        settled.set(c.id, rows[0]!.id);
      }
      await Promise.all(
        customers.map(async (c) => {
          const answer = await fetch(`${main!.base}/api/v1/easy-reloan`, {
            method: 'PUT',
            headers: { ...sessionHeaders(c), 'content-type': 'application/json' },
            body: JSON.stringify({ principalCentavos: null, termDays: 30, agreeAgreement: true }),
          });
          expect(answer.status, await answer.text()).toBe(200);
        }),
      );

      // The settlements' re-loan jobs, all due at once (as each settlement's transaction writes it).
      for (const c of customers) {
        await client.query(
          `INSERT INTO jobs (kind, key, payload, run_at) VALUES ('reloan_apply', $1, $2::jsonb, now())`,
          [`reloan_apply:${settled.get(c.id)}`, JSON.stringify({ sourceOrderId: settled.get(c.id), customerId: c.id })],
        );
      }

      // Killed once some re-loan payouts are at the gateway and not every re-loan is done.
      await until('re-loan payouts at the gateway, re-loans outstanding', async () => {
        const { rows } = await client.query<{ gateway: number; done: number }>(
          `SELECT (SELECT count(*)::int FROM simulated.payouts) AS gateway, (SELECT count(*)::int FROM easy_reloans WHERE state = 'done') AS done`,
        );
        return rows[0]!.gateway >= CUSTOMERS / 3 && rows[0]!.done < CUSTOMERS;
      });
      await main.kill();
      const atKill = (
        await client.query(`SELECT state, count(*)::int AS n FROM easy_reloans GROUP BY state ORDER BY state`)
      ).rows;
      expect(atKill.length).toBeGreaterThan(0);

      main = await startMain(env, { deadline, quiet: true });
      await until(
        'every re-loan done, no payout open',
        async () =>
          (await count(`SELECT count(*) AS n FROM easy_reloans WHERE state = 'done'`)) === CUSTOMERS &&
          (await count(`SELECT count(*) AS n FROM payouts WHERE state IN ('requested', 'sent')`)) === 0,
      );

      // One re-loan per settled loan, one payout (succeeded) and one withdraw event per re-loan order, one voucher each.
      expect(await count(`SELECT count(*) AS n FROM easy_reloans`)).toBe(CUSTOMERS);
      expect(
        (
          await client.query(
            `SELECT r.id, count(p.id)::int AS payouts FROM easy_reloans r JOIN payouts p ON p.order_id = r.order_id GROUP BY r.id HAVING count(p.id) <> 1`,
          )
        ).rows,
      ).toEqual([]);
      expect(
        await count(
          `SELECT count(*) AS n FROM payouts p JOIN easy_reloans r ON r.order_id = p.order_id WHERE p.state = 'succeeded'`,
        ),
      ).toBe(CUSTOMERS);
      expect(
        await count(
          `SELECT count(*) AS n FROM loan_events e JOIN easy_reloans r ON r.order_id = e.order_id WHERE e.kind = 'withdraw'`,
        ),
      ).toBe(CUSTOMERS);
      expect(await count(`SELECT count(*) AS n FROM simulated.payouts`)).toBe(CUSTOMERS);
      expect(await count(`SELECT count(*) AS n FROM coupons WHERE source = 'easyReloan'`)).toBe(CUSTOMERS);
      expect(
        await count(
          `SELECT count(*) AS n FROM loan_orders o JOIN easy_reloans r ON r.order_id = o.id WHERE o.state = 'repaying'`,
        ),
      ).toBe(CUSTOMERS);
      expect(
        await count(`SELECT count(*) AS n FROM easy_reloan_settings WHERE disbursed_in_cycle = 1 AND enabled`),
      ).toBe(CUSTOMERS);
    },
  );
});
