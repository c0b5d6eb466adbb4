import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';
import { failure, refusedBaseUrl, runFakeGateway } from '#server/testing/fake-gateway.ts';

// A local stand-in for api.semaphore.co (server/testing/fake-gateway.ts): records each request and answers as `answer`
// says. No real network.
let answer: (res: ServerResponse) => void;
const fake = runFakeGateway((_req, res) => answer(res));

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const sent = (overrides: Record<string, unknown> = {}) => [
  {
    message_id: 55871500,
    user_id: 4788,
    account_id: 4688,
    recipient: '639171234567',
    message: 'Your PesoAgad code is 4821',
    sender_name: 'PesoAgad',
    network: 'Globe',
    status: 'Pending',
    type: 'Single',
    source: 'Api',
    created_at: '2026-03-12 20:11:21',
    updated_at: '2026-03-12 20:11:21',
    ...overrides,
  },
];

const apiKey = 'sk-test-0123456789abcdef';
const message = { to: '+639171234567', text: 'Your PesoAgad code is 4821' };
describe('Semaphore adapter', () => {
  it('posts the form to the priority queue and answers with the message_id as receipt', async () => {
    answer = json(200, sent());
    const provider = createSemaphore({ apiKey, senderName: 'PesoAgad', baseUrl: fake.baseUrl });
    expect(provider.name).toBe('semaphore');
    await expect(provider.send(message)).resolves.toEqual({ provider: 'semaphore', id: '55871500' });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v4/priority');
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      apikey: apiKey,
      number: '639171234567',
      message: 'Your PesoAgad code is 4821',
      sendername: 'PesoAgad',
    });
  });

  it('leaves sendername out when none is configured, and accepts a base URL with a trailing slash', async () => {
    answer = json(200, sent({ message_id: 'abc-1', status: 'Queued' }));
    await expect(createSemaphore({ apiKey, baseUrl: `${fake.baseUrl}/` }).send(message)).resolves.toEqual({
      provider: 'semaphore',
      id: 'abc-1',
    });
    expect(fake.requests[0]?.path).toBe('/api/v4/priority');
    expect(fake.requests[0]?.form.has('sendername')).toBe(false);
  });

  it('turns a 4xx with an error body into a non-retryable error that never shows the API key', async () => {
    answer = json(401, { apikey: [`The selected apikey ${apiKey} is invalid.`] });
    const error = await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message));
    expect(error.retryable).toBe(false);
    expect([error.code, error.retryable]).toEqual(['SMS_NOT_SENT', false]);
    expect(error.detail).toContain('401');
    expect(error.detail).toContain('is invalid');
    expect(error.detail).not.toContain(apiKey);
  });

  it('never shows the number in an error, however Semaphore echoes it (errors reach the server log)', async () => {
    answer = json(422, { number: ['The number 639171234567 is blocked.', '09171234567 is blocked.'] });
    const error = await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message));
    expect(error.detail).toContain('is blocked');
    expect(error.detail).not.toMatch(/9171234567/u);
  });

  it('treats a JSON error object sent with HTTP 200 as a non-retryable error', async () => {
    answer = json(200, { number: ['The number format is invalid.'] });
    const error = await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message));
    expect(error.retryable).toBe(false);
    expect(error.detail).toContain('The number format is invalid.');
  });

  it('treats a 500 as retryable', async () => {
    answer = (res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>Server Error</h1>');
    };
    const error = await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message));
    expect(error.retryable).toBe(true);
    expect(error.detail).toContain('500');
  });

  it('treats a 429 (rate limited) as retryable', async () => {
    answer = json(429, { message: 'Too Many Attempts.' });
    expect((await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message))).retryable).toBe(true);
  });

  it.each(['Failed', 'Refunded'])('treats a %s status as a non-retryable error', async (status) => {
    answer = json(200, sent({ status }));
    const error = await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message));
    expect(error.retryable).toBe(false);
    expect(error.detail).toContain(status);
  });

  it('treats a 2xx without a message_id as an error', async () => {
    answer = json(200, sent({ message_id: undefined }));
    await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send(message));
  });

  it('times out on a server that never answers, as a retryable error', async () => {
    answer = () => {}; // hangs; afterAll closes the connection
    const started = Date.now();
    const error = await failure(createSemaphore({ apiKey, baseUrl: fake.baseUrl, timeoutMs: 200 }).send(message));
    expect(error.retryable).toBe(true);
    expect(error.detail).toMatch(/200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('treats a refused connection as a retryable network error', async () => {
    const error = await failure(createSemaphore({ apiKey, baseUrl: await refusedBaseUrl() }).send(message));
    expect(error.retryable).toBe(true);
    expect(error.detail).not.toContain(apiKey);
  });

  it('rejects a non-PH number without calling Semaphore', async () => {
    const error = await failure(
      createSemaphore({ apiKey, baseUrl: fake.baseUrl }).send({ to: '09171234567', text: 'code 1234' }),
    );
    expect(error.retryable).toBe(false);
    expect(fake.requests).toEqual([]);
  });

  it('does not expose the API key on the provider object', () => {
    const provider = createSemaphore({ apiKey, baseUrl: fake.baseUrl });
    expect(JSON.stringify(provider)).not.toContain(apiKey);
    expect(Object.values(provider)).not.toContain(apiKey);
  });

  it('refuses an empty API key', () => {
    expect(() => createSemaphore({ apiKey: ' ' })).toThrow(/API key/);
  });
});
