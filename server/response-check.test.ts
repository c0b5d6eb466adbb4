import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureAnswer } from '#api-contract/loans.ts';
import { closedSchema, installResponseCheck, type ResponseProblem } from './response-check.ts';

const problems: ResponseProblem[] = [];
const app = Fastify();
const schema = {
  response: {
    200: signatureAnswer,
    '4xx': { type: 'object', properties: { code: { type: 'string' } }, additionalProperties: true },
  },
};
let answer: unknown;
app.get('/object', { schema }, async () => answer);
// As the money operations send their stored answers: JSON text, past the serializer.
app.get('/text', { schema }, async (_request, reply) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((p) => p as string)
    .send(JSON.stringify(answer)),
);
app.get('/refused', { schema }, async (_request, reply) =>
  reply.status(409).send({ code: 'ORDER_STATE', detail: 'any' }),
);
installResponseCheck(app, (problem) => problems.push(problem));
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('response check (test APIs)', () => {
  it('lets an answer through that matches its schema', async () => {
    answer = { signed: true, signedAt: '2026-05-04T02:00:00.000Z' };
    for (const url of ['/object', '/text']) {
      const res = await app.inject(url);
      expect([res.statusCode, res.json()], url).toEqual([200, answer]);
    }
    expect((await app.inject('/refused')).statusCode).toBe(409);
    expect(problems).toEqual([]);
  });

  it('fails an answer with a property its schema lacks (which the serializer would drop), naming route and property', async () => {
    answer = { signed: true, signedAt: null, planState: 'due' };
    for (const url of ['/object', '/text']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(500);
      expect(res.json<{ message: string }>().message).toMatch(
        new RegExp(`GET ${url} 200: .*additional properties.*\\[planState\\]`, 'u'),
      );
    }
    expect(problems.map((p) => p.route)).toEqual(['GET /object', 'GET /text']);
  });

  it('fails an answer missing a required property or with a wrong type', async () => {
    problems.length = 0;
    answer = { signed: 'yes' };
    expect((await app.inject('/object')).statusCode).toBe(500);
    expect(problems[0]?.errors).toMatch(
      /must have required property 'signedAt'.*must be boolean|must be boolean.*required property 'signedAt'/u,
    );
  });

  it('closes the objects a schema leaves open, keeping those that say otherwise', () => {
    expect(closedSchema({ type: 'object', properties: { a: { type: 'object', properties: {} } } })).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'object', properties: {}, additionalProperties: false } },
    });
    expect(closedSchema({ type: 'object', properties: {}, additionalProperties: true })).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: true,
    });
  });
});
