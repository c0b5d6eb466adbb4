/**
 * The error answers (server/plugins/errors.ts) on a bare Fastify app: whatever status a plugin or Fastify itself
 * throws, the answer's code is in the catalogue and its status is the code's; a NUL character in a request's JSON,
 * query or path is INVALID_INPUT before the handler runs.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors.ts';
import { errorAnswers, holdsNul } from './errors.ts';

async function appThrowing(status: number) {
  const app = Fastify();
  await app.register(errorAnswers);
  let reached = false;
  app.post('/thing/:id', async () => {
    reached = true;
    throw Object.assign(new Error('from a plugin'), { statusCode: status });
  });
  return { app, reached: () => reached };
}

describe('error answers', () => {
  it.each([400, 401, 403, 404, 405, 406, 409, 410, 413, 415, 422, 429, 500, 503])(
    'answers a thrown %i with a catalogue code whose status it has',
    async (thrown) => {
      const { app } = await appThrowing(thrown);
      const res = await app.inject({ method: 'POST', url: '/thing/1', payload: { a: 1 } });
      const code = res.json<{ code: keyof typeof ERROR_STATUS }>().code;
      expect(code in ERROR_STATUS).toBe(true);
      expect(res.statusCode, code).toBe(ERROR_STATUS[code]);
      if (thrown === 403) expect(code).toBe('FORBIDDEN');
      if (thrown >= 500) expect(code).toBe('SERVER_ERROR');
      await app.close();
    },
  );

  it('refuses a NUL in any text or key of the body, the query or the path before the handler runs', async () => {
    for (const [url, payload] of [
      ['/thing/1', { email: 'a\u0000@b.cd' }],
      ['/thing/1', { deep: [{ list: ['ok', 'no\u0000'] }] }],
      ['/thing/1', { ['key\u0000']: 1 }],
      ['/thing/1?q=a%00b', { a: 1 }],
      ['/thing/a%00b', { a: 1 }],
    ] as const) {
      const { app, reached } = await appThrowing(500);
      const res = await app.inject({ method: 'POST', url, payload });
      expect([res.statusCode, res.json<{ code: string }>().code], url).toEqual([400, 'INVALID_INPUT']);
      expect(reached()).toBe(false);
      await app.close();
    }
    expect(holdsNul({ a: ['x', { b: 'y\u0001\u001b' }] })).toBe(false);
    expect(holdsNul(Array.from({ length: 300_000 }, () => 'x'))).toBe(false);
  });
});
