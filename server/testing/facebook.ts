/**
 * Tests only: Facebook Login through the simulated provider as a browser goes through it (start, the dialog page,
 * allow or cancel, the redirect back), answering what the limit screen would POST to /facebook/binding.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The redirect back's query, as the limit screen reads it, after the dialog answered `decision` for `account`. */
export async function facebookRedirect(
  app: FastifyInstance,
  headers: Record<string, string>,
  decision: 'allow' | 'cancel',
  account: { id: string; name: string } = { id: '100200300400500', name: 'Juan Dela Cruz' },
): Promise<{ state: string; code?: string; error?: string }> {
  const started = await app.inject({ method: 'POST', url: '/api/v1/facebook/login', headers, payload: {} });
  expect(started.statusCode, started.body).toBe(200);
  const authorizeUrl = started.json<{ authorizeUrl: string }>().authorizeUrl;
  const dialog = await app.inject({ method: 'GET', url: authorizeUrl, headers: { host: 'localhost:80' } });
  expect(dialog.statusCode, dialog.body).toBe(200);
  expect(dialog.headers['content-type']).toMatch(/^text\/html/u);
  const query = new URL(authorizeUrl, 'http://localhost').searchParams;
  query.set('decision', decision);
  query.set('fb_user_id', account.id);
  query.set('name', account.name);
  const decided = await app.inject({
    method: 'GET',
    url: `${new URL(authorizeUrl, 'http://localhost').pathname}/decide?${query.toString()}`,
    headers: { host: 'localhost:80' },
  });
  expect(decided.statusCode, decided.body).toBe(302);
  const back = new URL(String(decided.headers['location']));
  const out: { state: string; code?: string; error?: string } = { state: back.searchParams.get('state') ?? '' };
  const code = back.searchParams.get('code');
  const error = back.searchParams.get('error');
  if (code) out.code = code;
  if (error) out.error = error;
  return out;
}

/** Binds `account` to the caller through the simulated dialog; the answer of POST /facebook/binding. */
export async function bindFacebook(
  app: FastifyInstance,
  headers: Record<string, string>,
  account?: { id: string; name: string },
) {
  const back = await facebookRedirect(app, headers, 'allow', account);
  return app.inject({ method: 'POST', url: '/api/v1/facebook/binding', headers, payload: back });
}
