/**
 * DEMO_CLOCK (docs/configuration.md). The setting (refused when malformed or with a real provider), the clock, the job
 * runner on it, a loan made "now" walked into expiring, due today, overdue and settled by POST /api/v1/dev/clock while
 * security keeps the real time, the route's guards, and server/main.ts with the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, manilaToday } from '#domain/calendar-date.ts';
import { buildApp, type ApiDeps } from './app.ts';
import type { OpenDatabase } from './db/database.ts';
import { databaseTargets, testDatabase } from './db/test-database.ts';
import { createDemoClock, parseDemoInstant } from './demo-clock.ts';
import { createJobRunner } from './jobs/runner.ts';
import { borrowerWithProfile } from './testing/borrower.ts';
import { signatureDocument, STANDARD_LOAN } from './testing/loan-fixtures.ts';
import { startMain, type MainProcess } from './testing/main-process.ts';
import { caller, newKey } from './testing/request.ts';
import { testApi, type TestApi } from './testing/test-api.ts';
import { readDemoClock } from './settings.ts';
import type { OrderDetailAnswer } from '#api-contract/loans.ts';

const DAY_MS = 86_400_000;
/** Months before any run of this suite (so a clock that ran on the real time would be told apart), after 1 April 2026 (the regulation in force). */
const DEMO_START = '2026-06-01T09:00:00+08:00';

describe('the demo clock', () => {
  it('starts at its instant, runs at real speed and moves forward only', () => {
    let real = 1_000_000;
    const clock = createDemoClock(new Date(DEMO_START), () => real);
    expect(clock.now().toISOString()).toBe('2026-06-01T01:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-06-01T01:01:30.000Z');
    expect(clock.advance(DAY_MS).toISOString()).toBe('2026-06-02T01:01:30.000Z');
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0.5)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-06-02T01:01:30.000Z');
  });

  it('reads only a real date and time with its UTC offset', () => {
    expect(parseDemoInstant('2026-12-24T09:00:00+08:00')?.toISOString()).toBe('2026-12-24T01:00:00.000Z');
    expect(parseDemoInstant('2026-12-24T09:00+08:00')?.toISOString()).toBe('2026-12-24T01:00:00.000Z');
    expect(parseDemoInstant('2026-12-24T01:00:00.250Z')?.toISOString()).toBe('2026-12-24T01:00:00.250Z');
    for (const wrong of [
      '2026-12-24',
      '2026-12-24T09:00:00',
      '2026-02-30T09:00:00+08:00',
      '2026-12-24T24:00:00+08:00',
      '2026-12-24 09:00:00+08:00',
      '1798074000000',
      'tomorrow',
    ])
      expect(parseDemoInstant(wrong), wrong).toBeNull();
  });
});

describe('the DEMO_CLOCK setting', () => {
  it('is off unless set', () => {
    expect(readDemoClock({})).toEqual({ problems: [] });
    expect(readDemoClock({ DEMO_CLOCK: '  ' })).toEqual({ problems: [] });
  });

  it('starts the clock with the simulated providers (the default ones)', () => {
    const env = { DEMO_CLOCK: '2026-12-24T09:00:00+08:00', PAYOUT_PROVIDER: 'simulated', SMS_PROVIDER: 'console' };
    expect(readDemoClock(env)).toEqual({ start: new Date('2026-12-24T01:00:00Z'), problems: [] });
  });

  it('refuses a value that is not a date and time with its offset', () => {
    for (const value of ['2026-12-24', '2026-12-24T09:00:00', '2026-02-30T09:00:00+08:00', 'now']) {
      const { start, problems } = readDemoClock({ DEMO_CLOCK: value });
      expect(start).toBeUndefined();
      expect(problems).toEqual([
        `DEMO_CLOCK must be a date and time with its UTC offset, e.g. 2026-12-24T09:00:00+08:00, got "${value}"`,
      ]);
    }
  });

  it('refuses it with any provider that is not the simulated one, naming each', () => {
    const DEMO_CLOCK = '2026-12-24T09:00:00+08:00';
    const refused = (env: Record<string, string>) => {
      const { start, problems } = readDemoClock({ DEMO_CLOCK, ...env });
      expect(start).toBeUndefined();
      expect(problems).toHaveLength(1);
      return problems[0]!;
    };
    expect(refused({ SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k' })).toContain('SMS_PROVIDER=semaphore');
    expect(refused({ PAYOUT_PROVIDER: 'xendit' })).toContain('PAYOUT_PROVIDER=xendit');
    expect(refused({ COLLECTION_PROVIDER: 'paymongo' })).toContain('COLLECTION_PROVIDER=paymongo');
    expect(refused({ FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 's' })).toContain('FACEBOOK_APP_ID');
    // A misspelt provider is not the simulated one either: refused (its own reader says what is wrong with it).
    expect(refused({ PAYOUT_PROVIDER: 'simulted' })).toContain('PAYOUT_PROVIDER=simulted');
    const all = refused({
      SMS_PROVIDER: 'semaphore',
      PAYOUT_PROVIDER: 'xendit',
      COLLECTION_PROVIDER: 'paymongo',
      FACEBOOK_APP_ID: '1234567890',
    });
    expect(all).toBe(
      'DEMO_CLOCK runs on the simulated providers only, and these are not: SMS_PROVIDER=semaphore, PAYOUT_PROVIDER=xendit, COLLECTION_PROVIDER=paymongo, FACEBOOK_APP_ID (Facebook Login); unset DEMO_CLOCK, or those settings',
    );
  });
});

describe.each(databaseTargets())('the job runner on a demo clock on %s', (kind) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await testDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a job when the demo clock reaches it, not the real one, and schedules by the demo day', async () => {
    const clock = createDemoClock(new Date(DEMO_START));
    const ran: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      now: () => clock.now(),
      handlers: {
        probe: async (job) => {
          ran.push(String(job.key));
        },
      },
      // Once a day, keyed by the (demo) Manila day.
      schedules: [(at) => ({ kind: 'probe', key: `daily:${manilaToday(at)}`, runAt: at })],
    });
    // Tomorrow by the demo clock: months ago by the real one.
    await runner.enqueue({ kind: 'probe', key: 'tomorrow', runAt: new Date(clock.now().getTime() + DAY_MS) });
    await runner.runDueJobs();
    expect(ran).toEqual(['daily:2026-06-01']);
    clock.advance(DAY_MS);
    await runner.runDueJobs();
    expect(ran.sort()).toEqual(['daily:2026-06-01', 'daily:2026-06-02', 'tomorrow']);
  });
});

/** An order as the API answers it (the contract's, api-contract/loans.ts). */
type Order = OrderDetailAnswer;

describe.each(databaseTargets())('a demonstration (DEMO_CLOCK) on %s', (kind) => {
  let api: TestApi;
  const clock = createDemoClock(new Date(DEMO_START));
  beforeAll(async () => {
    api = await testApi(kind, { demoClock: clock });
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const moveClock = (body: object) =>
    api.app.inject({ method: 'POST', url: '/api/v1/dev/clock', payload: body as Record<string, unknown> });

  it('walks a loan made now into expiring, due today, overdue and settled, moving the clock by days', async () => {
    const b = await borrowerWithProfile(api);
    const order = async (id: string): Promise<Order> => {
      const res = await call(b, 'GET', `/loans/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Order>();
    };
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    const { id, createdAt } = applied.json<Order>();
    expect(manilaToday(new Date(createdAt))).toBe('2026-06-01');

    // The underwriting is due 60 s after applying by the demo clock (months ago by the real one): not yet.
    await api.runDueJobs();
    expect((await order(id)).state).toBe('under_review');
    const moved = await moveClock({ advanceMinutes: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers['cache-control']).toBe('no-store');
    expect(moved.json()).toMatchObject({ today: '2026-06-01' });
    // Moving the clock ran what became due.
    expect((await order(id)).state).toBe('accepted');

    const accepted = await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    expect(accepted.json<Order>().state, accepted.body).toBe('withdrawable');
    const signed = await call(b, 'POST', '/signature', {
      signature: await signatureDocument(api.database.db, b.customerId),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const withdrawn = await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey());
    expect(withdrawn.json<Order>().state, withdrawn.body).toBe('disbursing');
    await api.settle();
    const repaying = await order(id);
    expect(repaying).toMatchObject({ state: 'repaying', loanDate: '2026-06-01', dueStatus: 'pending' });
    const dueDate = repaying.dueDate!;
    expect(dueDate).toBe(addDays('2026-06-01', STANDARD_LOAN.termDays));
    // The answer says the server's time: the app counts payment expiries against it, not the device's.
    expect(Math.abs(Date.parse(repaying.serverTime) - clock.now().getTime())).toBeLessThan(60_000);

    const dayOf = async (days: number) => {
      const res = await moveClock({ advanceDays: days });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ today: string }>().today;
    };
    expect(await dayOf(27)).toBe(addDays(dueDate, -3));
    expect(await order(id)).toMatchObject({ dueStatus: 'expiring', overdueDays: 0 });
    expect(await dayOf(3)).toBe(dueDate);
    expect(await order(id)).toMatchObject({ dueStatus: 'due_today', overdueDays: 0, lateFineCentavos: 0 });
    expect(await dayOf(2)).toBe(addDays(dueDate, 2));
    const overdue = await order(id);
    expect(overdue).toMatchObject({ dueStatus: 'overdue', overdueDays: 2 });
    expect(overdue.lateFineCentavos).toBeGreaterThan(0);

    // The daily reminders ran on their days by the demo clock, and their messages are dated by it.
    const messages = await call(b, 'GET', '/messages?tab=notify');
    expect(messages.statusCode, messages.body).toBe(200);
    const dated = Object.fromEntries(
      messages
        .json<{ messages: { template: string; createdAt: string }[] }>()
        .messages.map((m) => [m.template, manilaToday(new Date(m.createdAt))]),
    );
    expect(dated).toMatchObject({
      welcome: '2026-06-01',
      applicationReceived: '2026-06-01',
      moneySent: '2026-06-01',
      dueIn3Days: addDays(dueDate, -3),
      dueToday: dueDate,
      overdue: addDays(dueDate, 2),
    });

    // 32 days on, the session of day one still works: sessions keep the real time. Repaid in full, it is settled.
    const paid = await call(b, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'otc' }, newKey());
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = await call(b, 'GET', `/payments/${paid.json<{ id: string }>().id}`);
    const { expiresAt, serverTime } = payment.json<{ expiresAt: string; serverTime: string }>();
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse(serverTime));
    expect(Math.abs(Date.parse(serverTime) - clock.now().getTime())).toBeLessThan(60_000);
    await api.settle();
    expect(await order(id)).toMatchObject({ state: 'settled', settledOn: addDays(dueDate, 2) });
    const list = await call(b, 'GET', '/payments');
    expect(Math.abs(Date.parse(list.json<{ serverTime: string }>().serverTime) - clock.now().getTime())).toBeLessThan(
      60_000,
    );
  });

  it('answers its time, and takes only whole days, hours or minutes forward', async () => {
    const now = await api.app.inject({ method: 'GET', url: '/api/v1/dev/clock' });
    expect(now.statusCode).toBe(200);
    const { now: at, today } = now.json<{ now: string; today: string }>();
    expect(Math.abs(Date.parse(at) - clock.now().getTime())).toBeLessThan(60_000);
    expect(today).toBe(manilaToday(clock.now()));
    for (const body of [{}, { advanceDays: -1 }, { advanceDays: 1.5 }, { advanceHours: '2' }, { back: 1 }]) {
      const res = await moveClock(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(Math.abs(clock.now().getTime() - Date.parse(at))).toBeLessThan(60_000);
    const later = await moveClock({ advanceHours: 1, advanceMinutes: 30 });
    expect(Date.parse(later.json<{ now: string }>().now) - Date.parse(at)).toBeGreaterThanOrEqual(90 * 60_000);
  });

  it('is not part of the published API', async () => {
    const docs = await api.app.inject('/api/docs');
    expect(docs.body).not.toContain('/dev/clock');
  });
});

describe('the clock route without DEMO_CLOCK', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi('pglite');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('does not exist', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await api.app.inject({ method, url: '/api/v1/dev/clock', payload: { advanceDays: 1 } });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('cannot be built with a real provider', async () => {
    const simulatedSms = { name: 'console', send: async () => ({ provider: 'console', id: '1' }) };
    const base = { db: undefined, secret: Buffer.alloc(32), storage: undefined, checker: undefined };
    const demoClock = createDemoClock(new Date(DEMO_START));
    const deps = (over: object) => ({ ...base, sms: simulatedSms, demoClock, ...over }) as unknown as ApiDeps;
    await expect(buildApp({ api: deps({ sms: { ...simulatedSms, name: 'semaphore' } }) })).rejects.toThrow(
      'a demo clock runs on the simulated providers only, not on SMS semaphore',
    );
    await expect(
      buildApp({
        api: deps({ loans: { payout: { name: 'xendit' }, collection: { name: 'paymongo' } } }),
      }),
    ).rejects.toThrow('not on payouts xendit, collections paymongo');
    await expect(buildApp({ api: deps({ facebook: { kind: 'graph' } }) })).rejects.toThrow(
      'not on Facebook Login graph',
    );
  });
});

describe('server/main.ts with DEMO_CLOCK', () => {
  // A process starting on a busy machine takes its time: waits end on its answer, under a generous deadline.
  const START_MS = 240_000;
  let main: MainProcess | undefined;
  afterAll(async () => {
    await main?.close();
  });

  it('stops at start with a real provider, saying so', { timeout: START_MS + 30_000 }, async () => {
    let refusal = '';
    try {
      const started = await startMain(
        {
          DEMO_CLOCK: DEMO_START,
          PAYOUT_PROVIDER: 'xendit',
          XENDIT_SECRET_KEY: 'x',
          PAYOUT_CALLBACK_TOKEN: 'y'.repeat(20),
        },
        { deadline: Date.now() + START_MS, quiet: true },
      );
      await started.close();
    } catch (error) {
      refusal = String(error);
    }
    expect(refusal).toContain(
      'Configuration error: DEMO_CLOCK runs on the simulated providers only, and these are not: PAYOUT_PROVIDER=xendit',
    );
    // A real payout gateway beside simulated ones that SIMULATED_PROVIDERS does not list stops it too.
    expect(refusal).toContain(
      'Configuration error: a real payout or collection gateway runs beside simulated sms, facebook, collections',
    );
  });

  it('runs on the demo clock, which the route moves forward', { timeout: START_MS + 30_000 }, async () => {
    main = await startMain({ DEMO_CLOCK: DEMO_START }, { deadline: Date.now() + START_MS, quiet: true });
    const answer = async (init?: RequestInit) => {
      const res = await fetch(`${main!.base}/api/v1/dev/clock`, init);
      expect(res.status).toBe(200);
      return (await res.json()) as { now: string; today: string };
    };
    const first = await answer();
    expect(first.today).toBe('2026-06-01');
    // Started at 09:00 on 1 June when the process read its settings, and on since at real speed.
    expect(Date.parse(first.now)).toBeGreaterThanOrEqual(Date.parse(DEMO_START));
    const moved = await answer({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 1 }),
    });
    expect(moved.today).toBe('2026-06-02');
  });
});
