/**
 * The OpenAPI document at /api/docs, as a client generator or a reviewer reads it: Redocly's `recommended` lint
 * finds nothing (but the licence a private API does not have), and every operation shows its answers' shapes and
 * whether it needs a session.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, type TestApi } from './testing/test-api.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

let api: TestApi;
let document: string;
beforeAll(async () => {
  api = await testApi('pglite');
  const res = await api.app.inject('/api/docs');
  expect(res.statusCode).toBe(200);
  document = res.body;
});
afterAll(async () => {
  await api?.close();
});

const operations = () =>
  Object.entries((JSON.parse(document) as { paths: Record<string, Record<string, Operation>> }).paths).flatMap(
    ([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document', () => {
  it("passes Redocly's recommended lint: no error, and no warning but the licence", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found).toEqual(['warn info-license #/info: Info object should contain `license` field.']);
  });

  it('says which operations need a session, and how the public ones prove themselves', () => {
    const session = [{ sessionToken: [], customerId: [] }];
    const security = Object.fromEntries(operations().map(({ name, op }) => [name, op.security]));
    const publicOnes = [
      'GET /api/v1/health',
      'GET /api/v1/auth/captcha',
      'POST /api/v1/auth/sms-code',
      'POST /api/v1/auth/login',
      'GET /api/v1/forms/manifest',
    ];
    for (const [name, requirement] of Object.entries(security)) {
      if (publicOnes.includes(name) || name === 'POST /api/v1/staff/auth/login') expect(requirement, name).toEqual([]);
      else if (name.includes(' /api/v1/staff/')) expect(requirement, name).toEqual([{ staffToken: [] }]);
      else if (name.includes('/webhooks/'))
        expect(requirement, name).toEqual([
          { [name.endsWith('payout') ? 'payoutCallbackToken' : 'collectionSignature']: [] },
        ]);
      else expect(requirement, name).toEqual(session);
    }
    // 25 + profile tab (GET /me, PATCH /me/preferences, GET and POST /feedback) + messages (list, open, clear, unread)
    // + coupons (list, invalid, add-to-home-screen claim) + the withdrawal and payment quotes + the limit screen and
    // Facebook binding (GET /limit, POST /facebook/login, POST and DELETE /facebook/binding) + Easy Re-loan (get, turn
    // on, turn off, list, cancel) + the published forms' manifest + collections (POST /loans/{id}/dispute,
    // GET /collection-contacts) + the onboarding funnel's step report (POST /profile/steps/{step}/visits).
    expect(Object.keys(security).filter((name) => !name.includes(' /api/v1/staff/'))).toHaveLength(52);
    // The staff console's: sign-in, accounts and the audit log here; its other areas add theirs.
    const staffOperations = operations()
      .filter(({ name }) => name.includes(' /api/v1/staff/'))
      .map(({ op }) => op.operationId);
    expect(staffOperations).toEqual(
      expect.arrayContaining([
        'staffLogin',
        'staffLogout',
        'staffMe',
        'listStaffAccounts',
        'createStaffAccount',
        'updateStaffAccount',
        'resetStaffSecondFactor',
        'unlockStaffAccount',
        'listAuditLog',
      ]),
    );
  });

  it('shows the shape of every success answer (no open object) and the error shape of every failure', () => {
    for (const { name, op } of operations()) {
      const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(successes.length, name).toBeGreaterThan(0);
      for (const [status, response] of successes) {
        if (status === '204') continue;
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
        expect(schemas.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const schema of schemas) {
          if (schema['type'] === 'string') continue; // image bytes
          expect(schema['additionalProperties'], `${name} ${status}`).toBe(false);
          expect(Object.keys(schema['properties'] as object).length, `${name} ${status}`).toBeGreaterThan(0);
        }
      }
      for (const status of ['4XX', '5XX']) {
        expect(op.responses[status]?.content?.['application/json']?.schema['required'], `${name} ${status}`).toEqual([
          'code',
          'message',
        ]);
      }
    }
  });
});
