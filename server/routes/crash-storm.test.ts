/**
 * A kill -9 in the middle of a payout storm and a payment storm leaves the ledger, the gateway
 * and the audit trail agreeing after restart. `server/main.ts` runs in its own process on a fresh PostgreSQL database
 * (simulated gateways with short delays, fast job polling); every borrower withdraws at once and the process is
 * SIGKILLed once the database shows payouts at the gateway but not all their callbacks applied; after a restart the
 * borrowers retry with the same idempotency keys (as a client whose request was cut does), and once every order has
 * settled every borrower pays in full at once and the process is killed again the same way. Every wait ends on the
 * database's state, under one generous deadline; nothing is timed.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manilaToday } from '#domain/calendar-date.ts';
import type { Ledger } from '#domain/loan-ledger.ts';
import { ledgerPatch } from '../services/loans/repository.ts';
import { STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import {
  countWith,
  seedCustomers,
  sessionHeaders,
  startMain,
  stormDatabase,
  untilBy,
  type MainProcess,
  type SeededCustomer,
  type StormDatabase,
} from '../testing/main-process.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const CUSTOMERS = 30;
/** Every wait of the test ends on state; this only stops a run that never converges. */
const DEADLINE_MS = 540_000;

describe.runIf(ADMIN_URL)('a kill -9 in a payout storm and a payment storm (server/main.ts on PostgreSQL)', () => {
  let db: StormDatabase;
  let client: pg.Client;
  let main: MainProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await stormDatabase(ADMIN_URL!, 'crash_storm');
    ({ client, env } = db);
  });

  afterAll(async () => {
    await main?.close();
    await db?.drop();
  });

  it(
    'leaves the ledger, the gateways and the events agreeing after a SIGKILL in each storm',
    { timeout: DEADLINE_MS + 60_000 },
    async () => {
      const deadline = Date.now() + DEADLINE_MS;
      const started = Date.now();
      const figures: Record<string, unknown> = {};
      const count = countWith(client);
      const until = untilBy(deadline);

      main = await startMain(env, { deadline, quiet: true });
      await client.connect();

      // Customers with a complete profile, a session and a signature on file.
      const customers = await seedCustomers(client, CUSTOMERS, {
        firstPhone: 9_000_000,
        signed: true,
        devicePrefix: 'storm',
      });

      const call = async (
        c: SeededCustomer,
        path: string,
        body: object,
        key?: string,
      ): Promise<{ status: number; json: Record<string, unknown> }> => {
        const answer = await fetch(`${main!.base}/api/v1${path}`, {
          method: 'POST',
          headers: { ...sessionHeaders(c), 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) },
          body: JSON.stringify(body),
        });
        return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
      };

      // Applications, approved by the underwriting job at once, and accepted: every order withdrawable.
      const orderOf = new Map<string, string>();
      await Promise.all(
        customers.map(async (c) => {
          const applied = await call(c, '/loans', STANDARD_LOAN, `apply-${c.id}`);
          expect(applied.status, JSON.stringify(applied.json)).toBe(201);
          orderOf.set(c.id, String(applied.json['id']));
        }),
      );
      await until(
        'every order approved',
        async () => (await count(`SELECT count(*) AS n FROM loan_orders WHERE state = 'accepted'`)) === CUSTOMERS,
      );
      await Promise.all(
        customers.map(async (c) =>
          expect(
            (await call(c, `/loans/${orderOf.get(c.id)}/accept`, { agreePrivacy: true, agreeAgreement: true })).status,
          ).toBe(200),
        ),
      );
      expect(await count(`SELECT count(*) AS n FROM loan_orders WHERE state = 'withdrawable'`)).toBe(CUSTOMERS);

      /** Fires `request` for every customer without waiting; a request cut by the kill is simply lost. */
      const storm = <T>(request: (c: SeededCustomer) => Promise<T>) => Promise.allSettled(customers.map(request));
      const withdraw = (c: SeededCustomer) => call(c, `/loans/${orderOf.get(c.id)}/withdraw`, {}, `withdraw-${c.id}`);
      const pay = (c: SeededCustomer) =>
        call(c, `/loans/${orderOf.get(c.id)}/payments`, { kind: 'settle', channel: 'eWallet' }, `settle-${c.id}`);

      // Payout storm; killed once a third of the payouts are at the gateway and some of their results are not applied.
      const payoutStorm = storm(withdraw);
      await until('payouts at the gateway, results outstanding', async () => {
        const { rows } = await client.query<{ gateway: number; applied: number }>(
          `SELECT (SELECT count(*)::int FROM simulated.payouts) AS gateway, (SELECT count(*)::int FROM payouts WHERE state = 'succeeded') AS applied`,
        );
        return rows[0]!.gateway >= CUSTOMERS / 3 && rows[0]!.applied < CUSTOMERS;
      });
      await main.kill();
      figures['payoutKill'] = (
        await client.query(`SELECT (SELECT count(*)::int FROM payouts) AS payouts, (SELECT count(*)::int FROM payouts WHERE state = 'sent') AS sent,
        (SELECT count(*)::int FROM payouts WHERE state = 'succeeded') AS succeeded, (SELECT count(*)::int FROM simulated.payouts) AS gateway,
        (SELECT count(*)::int FROM simulated.payouts WHERE delivered_at IS NOT NULL) AS delivered, (SELECT count(*)::int FROM loan_orders WHERE state = 'withdrawable') AS "notYetWithdrawn"`)
      ).rows[0];
      figures['withdrawalsCut'] = (await payoutStorm).filter((r) => r.status === 'rejected').length;

      // Restart; the borrowers whose request was cut try again with the same key; every order settles.
      main = await startMain(env, { deadline, quiet: true });
      const withdrawAgain = await storm(withdraw);
      // A withdrawal that committed answers its stored answer, one cut by the kill runs now: 200 either way.
      expect(withdrawAgain.map((r) => (r.status === 'fulfilled' ? r.value.status : String(r.reason)))).toEqual(
        customers.map(() => 200),
      );
      await until(
        'every order repaying or disbursement_failed, no payout open',
        async () =>
          (await count(`SELECT count(*) AS n FROM loan_orders WHERE state IN ('repaying', 'disbursement_failed')`)) ===
            CUSTOMERS && (await count(`SELECT count(*) AS n FROM payouts WHERE state IN ('requested', 'sent')`)) === 0,
      );
      const repaying = await count(`SELECT count(*) AS n FROM loan_orders WHERE state = 'repaying'`);
      figures['afterPayoutRestart'] = { repaying, seconds: Math.round((Date.now() - started) / 1000) };

      // Payment storm: every repaying order settled in full; killed once a third of the intents are at the gateway
      // and some payments are not yet applied.
      const repayingIds = new Set(
        (await client.query<{ id: string }>(`SELECT id FROM loan_orders WHERE state = 'repaying'`)).rows.map(
          (r) => r.id,
        ),
      );
      const payers = customers.filter((c) => repayingIds.has(orderOf.get(c.id)!));
      const payStorm = Promise.allSettled(payers.map(pay));
      await until('intents at the gateway, payments outstanding', async () => {
        const { rows } = await client.query<{ gateway: number; applied: number }>(
          `SELECT (SELECT count(*)::int FROM simulated.collections) AS gateway, (SELECT count(*)::int FROM payments WHERE state = 'success') AS applied`,
        );
        return rows[0]!.gateway >= repaying / 3 && rows[0]!.applied < repaying;
      });
      await main.kill();
      figures['paymentKill'] = (
        await client.query(`SELECT (SELECT count(*)::int FROM payments) AS payments, (SELECT count(*)::int FROM payments WHERE state = 'requested') AS requested,
        (SELECT count(*)::int FROM payments WHERE state = 'in_progress') AS "inProgress", (SELECT count(*)::int FROM payments WHERE state = 'success') AS success,
        (SELECT count(*)::int FROM simulated.collections) AS gateway, (SELECT count(*)::int FROM simulated.collections WHERE delivered_at IS NOT NULL) AS delivered`)
      ).rows[0];
      figures['paymentsCut'] = (await payStorm).filter((r) => r.status === 'rejected').length;

      main = await startMain(env, { deadline, quiet: true });
      const payAgain = await Promise.allSettled(payers.map(pay));
      expect(payAgain.map((r) => (r.status === 'fulfilled' ? r.value.status : String(r.reason)))).toEqual(
        payers.map(() => 201),
      );
      await until(
        'every payment final and every paid order settled',
        async () =>
          (await count(`SELECT count(*) AS n FROM payments WHERE state IN ('requested', 'in_progress')`)) === 0 &&
          (await count(`SELECT count(*) AS n FROM loan_orders WHERE state = 'repaying'`)) === 0,
      );
      figures['afterPaymentRestart'] = {
        settled: await count(`SELECT count(*) AS n FROM loan_orders WHERE state = 'settled'`),
        payments: await count(`SELECT count(*) AS n FROM payments`),
        seconds: Math.round((Date.now() - started) / 1000),
      };
      console.log(`crash storm: ${JSON.stringify(figures)}`);

      // Agreement. The gateway's payouts: each one payouts row, same amount, a final state the order agrees with.
      const problems: string[] = [];
      const gatewayPayouts = (
        await client.query<{
          sim: string;
          key: string;
          sim_amount: number;
          status: string;
          id: string | null;
          amount: number | null;
          state: string | null;
          provider_ref: string | null;
          order_state: string | null;
        }>(
          `SELECT s.id AS sim, s.idempotency_key AS key, s.amount AS sim_amount, s.status, p.id, p.amount, p.state, p.provider_ref, o.state AS order_state
         FROM simulated.payouts s LEFT JOIN payouts p ON p.id::text = s.idempotency_key LEFT JOIN loan_orders o ON o.id = p.order_id`,
        )
      ).rows;
      for (const row of gatewayPayouts) {
        if (!row.id) problems.push(`gateway payout ${row.sim} has no payouts row`);
        else if (row.amount !== row.sim_amount)
          problems.push(`payout ${row.id}: ${row.amount} here, ${row.sim_amount} at the gateway`);
        else if (row.provider_ref !== row.sim)
          problems.push(`payout ${row.id}: provider ref ${row.provider_ref}, gateway ${row.sim}`);
        else if (
          row.status === 'SUCCEEDED' &&
          !(row.state === 'succeeded' && ['repaying', 'settled'].includes(row.order_state!))
        )
          problems.push(`payout ${row.id}: SUCCEEDED at the gateway, ${row.state} here, order ${row.order_state}`);
        else if (row.status !== 'SUCCEEDED' && row.state === 'succeeded')
          problems.push(`payout ${row.id}: ${row.status} at the gateway, succeeded here`);
      }
      const unsentHeld = await count(
        `SELECT count(*) AS n FROM payouts p WHERE NOT EXISTS (SELECT 1 FROM simulated.payouts s WHERE s.idempotency_key = p.id::text) AND p.state <> 'failed'`,
      );
      if (unsentHeld > 0) problems.push(`${unsentHeld} payouts not at the gateway and not failed`);

      // Every disbursed order: one payout succeeded, one `disbursed` event, one `payout_sent` per sent payout.
      const orders = (
        await client.query<{
          id: string;
          state: string;
          amount_repaid: number;
          amount_due: number;
          ledger: Ledger | null;
          [k: string]: unknown;
        }>(`SELECT * FROM loan_orders`)
      ).rows;
      const events = (
        await client.query<{ order_id: string; kind: string; data: Record<string, unknown> | null }>(
          `SELECT order_id, kind, data FROM loan_events`,
        )
      ).rows;
      const payoutRows = (
        await client.query<{ id: string; order_id: string; state: string; provider_ref: string | null }>(
          `SELECT id, order_id, state, provider_ref FROM payouts`,
        )
      ).rows;
      const day = manilaToday(new Date());
      for (const order of orders) {
        const mine = events.filter((e) => e.order_id === order.id);
        const kinds = (kind: string) => mine.filter((e) => e.kind === kind);
        if (order.state === 'repaying' || order.state === 'settled') {
          if (kinds('disbursed').length !== 1)
            problems.push(`order ${order.id}: ${kinds('disbursed').length} disbursed events`);
          const succeeded = payoutRows.filter((p) => p.order_id === order.id && p.state === 'succeeded');
          if (succeeded.length !== 1) problems.push(`order ${order.id}: ${succeeded.length} succeeded payouts`);
        }
        for (const payout of payoutRows.filter((p) => p.order_id === order.id && p.provider_ref !== null)) {
          const sent = kinds('payout_sent').filter((e) => e.data?.['payoutId'] === payout.id).length;
          if (sent !== 1) problems.push(`payout ${payout.id}: ${sent} payout_sent events`);
        }
        // Money in: the events' receivedCentavos add up to what the order shows repaid; the figures are the ledger's.
        const applying = mine.filter((e) =>
          ['settled', 'partial_repayment', 'instalment_paid', 'extended'].includes(e.kind),
        );
        const received = applying.reduce((sum, e) => sum + Number(e.data?.['receivedCentavos'] ?? 0), 0);
        if (received !== order.amount_repaid)
          problems.push(`order ${order.id}: events received ${received}, amount_repaid ${order.amount_repaid}`);
        if (order.ledger) {
          const patch = ledgerPatch(order.ledger, day);
          const columns: Record<string, unknown> = {
            amountDue: order['amount_due'],
            interestOutstanding: order['interest_outstanding'],
            lateFine: order['late_fine'],
            damages: order['damages'],
            overdueDays: order['overdue_days'],
            costCharged: order['cost_charged'],
            amountRepaid: order['amount_repaid'],
            paidPeriods: order['paid_periods'],
            extensionCount: order['extension_count'],
            totalTermDays: order['total_term_days'],
          };
          for (const [name, value] of Object.entries(columns)) {
            if (patch[name as keyof typeof patch] !== value)
              problems.push(
                `order ${order.id}: ${name} ${String(value)}, ledger ${String(patch[name as keyof typeof patch])}`,
              );
          }
        } else if (order.state === 'repaying' || order.state === 'settled')
          problems.push(`order ${order.id}: ${order.state} without a ledger`);
      }

      // The gateway's intents: each one payments row of the same amount; every success applied by exactly one event.
      const intents = (
        await client.query<{
          sim: string;
          sim_amount: number;
          status: string;
          id: string | null;
          amount: number | null;
          state: string | null;
          provider_ref: string | null;
        }>(
          `SELECT s.id AS sim, s.amount AS sim_amount, s.status, p.id, p.amount, p.state, p.provider_ref FROM simulated.collections s LEFT JOIN payments p ON p.id::text = s.idempotency_key`,
        )
      ).rows;
      for (const row of intents) {
        if (!row.id) problems.push(`intent ${row.sim} has no payments row`);
        else if (row.amount !== row.sim_amount)
          problems.push(`payment ${row.id}: ${row.amount} here, ${row.sim_amount} at the gateway`);
        else if (row.provider_ref !== row.sim)
          problems.push(`payment ${row.id}: provider ref ${row.provider_ref}, gateway ${row.sim}`);
        else if ((row.status === 'succeeded') !== (row.state === 'success'))
          problems.push(`payment ${row.id}: ${row.status} at the gateway, ${row.state} here`);
      }
      const paymentRows = (
        await client.query<{ id: string; order_id: string; state: string; provider_ref: string | null }>(
          `SELECT id, order_id, state, provider_ref FROM payments`,
        )
      ).rows;
      for (const payment of paymentRows) {
        const applying = events.filter(
          (e) =>
            ['settled', 'partial_repayment', 'instalment_paid', 'extended', 'payment_unapplied'].includes(e.kind) &&
            e.data?.['paymentId'] === payment.id,
        ).length;
        if (applying !== (payment.state === 'success' ? 1 : 0))
          problems.push(`payment ${payment.id} (${payment.state}): ${applying} applying events`);
        const sent = events.filter((e) => e.kind === 'payment_sent' && e.data?.['paymentId'] === payment.id).length;
        if (sent !== (payment.provider_ref ? 1 : 0))
          problems.push(`payment ${payment.id}: ${sent} payment_sent events`);
        const created = events.filter(
          (e) => e.kind === 'payment_created' && e.data?.['paymentId'] === payment.id,
        ).length;
        if (created !== 1) problems.push(`payment ${payment.id}: ${created} payment_created events`);
      }
      expect(problems).toEqual([]);
      // Every borrower got the money once and paid once: no order left behind, no payout or payment doubled.
      expect(orders.filter((o) => o.state !== 'settled').map((o) => `${o.id} ${o.state}`)).toEqual([]);
      expect(gatewayPayouts).toHaveLength(CUSTOMERS);
      expect(paymentRows.filter((p) => p.state === 'success')).toHaveLength(CUSTOMERS);
    },
  );
});
