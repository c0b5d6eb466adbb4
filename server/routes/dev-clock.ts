/**
 * The demonstration clock (DEMO_CLOCK, ../demo-clock.ts): GET /dev/clock answers its time, POST /dev/clock moves it
 * forward and runs the jobs that became due, so the next screen shows the loan as it stands then. Registered by
 * buildApp only with a demo clock, which it accepts only with the simulated providers (and the settings only
 * without a real one): this route never exists on a server that lends real money. Public, as the demonstration's
 * borrower app is (anyone who reaches a demonstration server can move its clock); left out of the OpenAPI document,
 * which describes the API the app relies on.
 */
import { manilaToday } from '#domain/calendar-date.ts';
import type { DemoClock } from '../demo-clock.ts';
import { routeGroup } from './route-group.ts';

export interface DevClockOptions {
  readonly clock: DemoClock;
  /** Runs the work the move made due (the job runner's due jobs); its answer waits for it. */
  readonly afterAdvance?: () => Promise<unknown>;
}

/** Days, hours and minutes to move forward: at least one, each a whole number (up to ten years in all). */
export const devClockInput = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    advanceDays: { type: 'integer', minimum: 0, maximum: 3650 },
    advanceHours: { type: 'integer', minimum: 0, maximum: 87_600 },
    advanceMinutes: { type: 'integer', minimum: 0, maximum: 5_256_000 },
  },
} as const;

const devClockAnswer = {
  type: 'object',
  required: ['now', 'today'],
  additionalProperties: false,
  properties: {
    now: { type: 'string', format: 'date-time', description: "The server's time now" },
    today: { type: 'string', format: 'date', description: 'Its Manila calendar day' },
  },
} as const;

const MINUTE_MS = 60_000;
const TEN_YEARS_MS = 3650 * 86_400_000;

const answerOf = (at: Date) => ({ now: at.toISOString(), today: manilaToday(at) });

export const devClockRoutes = routeGroup<DevClockOptions>(
  { access: 'public', noStore: true },
  async (app, { clock, afterAdvance }) => {
    app.get('/dev/clock', { schema: { hide: true, response: { 200: devClockAnswer } } }, async () =>
      answerOf(clock.now()),
    );

    app.post(
      '/dev/clock',
      { schema: { hide: true, body: devClockInput, response: { 200: devClockAnswer } } },
      async (request) => {
        const body = request.body as { advanceDays?: number; advanceHours?: number; advanceMinutes?: number };
        const minutes = ((body.advanceDays ?? 0) * 24 + (body.advanceHours ?? 0)) * 60 + (body.advanceMinutes ?? 0);
        const at = clock.advance(Math.min(minutes * MINUTE_MS, TEN_YEARS_MS));
        request.log.warn({ now: at.toISOString() }, 'demo clock moved forward');
        await afterAdvance?.();
        return answerOf(clock.now());
      },
    );
  },
);
