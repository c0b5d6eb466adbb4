/**
 * The role matrix: every staff route the app registers (whoever added it: the route table of ./group.ts, not a list
 * written here) against every role. A role without the route's permission gets FORBIDDEN (audited) before anything of
 * its input is looked at; a role with it gets past the check (a 4xx of validation or a missing object is fine, never
 * 401 or 403); no token gets UNAUTHORIZED but on public routes. Every route declares its permission.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, STAFF_ROLES } from '#domain/staff-roles.ts';
import { auditLog } from '#server/db/tables.ts';
import { oneDatabase } from '#server/db/test-database.ts';
import { addTestStaff, staffHeaders } from '#server/testing/staff.ts';
import { testAddress } from '#server/testing/borrower.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';
import { staffRouteTable, type StaffAccess } from './group.ts';

interface StaffRoute {
  readonly method: string;
  readonly url: string;
  readonly access: StaffAccess | undefined;
}

/** The routes registered, once each (every app built in this file adds its routes to the table again). */
function staffRoutes(): StaffRoute[] {
  const seen = new Map<string, StaffRoute>();
  for (const route of staffRouteTable) seen.set(`${route.method} ${route.url}`, route);
  return [...seen.values()];
}

/** A path of the route's shape: each parameter a fresh UUID (of no object). */
const pathOf = (url: string) => url.replace(/:[A-Za-z_]\w*/gu, () => randomUUID());

describe.each(oneDatabase())('staff role matrix on %s', (kind) => {
  let api: TestApi;
  let routes: StaffRoute[];
  beforeAll(async () => {
    api = await testApi(kind);
    routes = staffRoutes();
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = (route: StaffRoute, headers: Record<string, string>) =>
    api.app.inject({
      method: route.method as 'GET',
      url: pathOf(route.url),
      remoteAddress: testAddress(),
      headers,
      ...(route.method !== 'GET' && { payload: {} }),
    });

  it("finds the staff routes, this area's among them, each with a permission", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/staff/auth/login',
        'POST /api/v1/staff/auth/logout',
        'GET /api/v1/staff/auth/me',
        'GET /api/v1/staff/accounts',
        'POST /api/v1/staff/accounts',
        'PATCH /api/v1/staff/accounts/:id',
        'POST /api/v1/staff/accounts/:id/reset-second-factor',
        'POST /api/v1/staff/accounts/:id/unlock',
        'GET /api/v1/staff/audit',
      ]),
    );
    expect(routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/staff/auth/login',
    ]);
  });

  it("refuses a role without the route's permission with FORBIDDEN, and lets one with it through", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const role of STAFF_ROLES) {
        // A fresh member for each call: a route may end the session (logout).
        const staff = await addTestStaff(api.database.db, role, api.now());
        const res = await call(route, staffHeaders(staff));
        const code = res.body ? res.json<{ code?: string }>().code : undefined;
        const allowed =
          route.access === 'public' ||
          route.access === 'session' ||
          route.access === 'setup' ||
          (route.access !== undefined && can(role, route.access));
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === 403 && code === 'FORBIDDEN';
        if (!ok)
          wrong.push(
            `${role} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)} (${allowed ? 'allowed' : 'refused'})`,
          );
        if (!allowed) {
          const refusals = await api.database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.event, 'staff.access.refused')));
          if (refusals.length !== 1) wrong.push(`${role} ${route.method} ${route.url}: refusal not audited`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers UNAUTHORIZED without a token, or with a borrower's kind of junk, on every route but login", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      for (const headers of [
        {},
        { authorization: `Bearer ${randomUUID()}` },
        { authorization: 'Basic YTpi' },
      ] as Record<string, string>[]) {
        const res = await call(route, headers);
        if (res.statusCode !== 401 || res.json<{ code: string }>().code !== 'UNAUTHORIZED')
          wrong.push(`${route.method} ${route.url} ${JSON.stringify(headers)}: ${res.statusCode}`);
        if (res.headers['cache-control'] !== 'no-store')
          wrong.push(`${route.method} ${route.url}: cache-control ${String(res.headers['cache-control'])}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
