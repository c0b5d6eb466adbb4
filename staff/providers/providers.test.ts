import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffApiError } from '../api.ts';
import { allows } from './access-control.ts';
import { authProvider, SESSION_ENDED, SETUP_PATH } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff data provider', () => {
  it('asks a list with page, perPage and the eq filters, and answers {items, total} as Refine data', async () => {
    const fetch = answer(200, { items: [{ id: 'a' }], total: 41 });
    vi.stubGlobal('fetch', fetch);
    const list = await dataProvider.getList({
      resource: 'feedback',
      pagination: { currentPage: 3, pageSize: 20 },
      filters: [
        { field: 'state', operator: 'eq', value: 'open' },
        { field: 'role', operator: 'eq', value: undefined },
      ],
    });
    expect(list).toEqual({ data: [{ id: 'a' }], total: 41 });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/staff/feedback?state=open&page=3&perPage=20');
  });

  it('posts a search list to <resource>/search, the values in the body and none in the URL', async () => {
    const fetch = answer(200, { items: [], total: 0 });
    vi.stubGlobal('fetch', fetch);
    await dataProvider.getList({
      resource: 'customers',
      pagination: { currentPage: 2, pageSize: 20 },
      filters: [
        { field: 'by', operator: 'eq', value: 'phone' },
        { field: 'q', operator: 'eq', value: '0917 123' },
      ],
      meta: { search: true },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/staff/customers/search');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      by: 'phone',
      q: '0917 123',
      page: '2',
      perPage: '20',
    });
  });

  it('turns a refusal into a StaffApiError with the code and the details', async () => {
    vi.stubGlobal('fetch', answer(423, { code: 'STAFF_LOCKED', message: 'locked', retryAfterMinutes: 12 }));
    const error = await dataProvider.create({ resource: 'accounts', variables: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffApiError);
    expect(error).toMatchObject({ statusCode: 423, code: 'STAFF_LOCKED', details: { retryAfterMinutes: 12 } });
  });

  it('posts a custom action under the staff API with its body', async () => {
    const fetch = answer(200, { orderId: 'o1', state: 'rejected' });
    vi.stubGlobal('fetch', fetch);
    await dataProvider.custom!({
      url: '/reviews/o1/decision',
      method: 'post',
      payload: { decision: 'reject', reason: 'OTHER' },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/staff/reviews/o1/decision');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ decision: 'reject', reason: 'OTHER' });
  });
});

describe('staff auth provider', () => {
  it('sends a 401 to the login page with the session-ended notice, other errors nowhere', async () => {
    expect(await authProvider.onError(new StaffApiError(401, 'UNAUTHORIZED'))).toEqual({
      logout: true,
      redirectTo: SESSION_ENDED,
    });
    expect(await authProvider.onError(new StaffApiError(403, 'FORBIDDEN'))).toEqual({});
  });

  it('sends a session whose account is not set up to /setup, after the login and on STAFF_SETUP_REQUIRED', async () => {
    const staff = { id: 'i', email: 'a@b.test', name: 'A', role: 'underwriter', permissions: [] };
    vi.stubGlobal('fetch', answer(200, { token: 't', expiresAt: '', staff: { ...staff, pending: ['secondFactor'] } }));
    expect(await authProvider.login({ email: 'a@b.test', password: 'temporary' })).toEqual({
      success: true,
      redirectTo: SETUP_PATH,
    });
    vi.stubGlobal('fetch', answer(200, { token: 't', expiresAt: '', staff: { ...staff, pending: [] } }));
    expect(await authProvider.login({ email: 'a@b.test', password: 'mine', code: '123456' })).toEqual({
      success: true,
      redirectTo: '/',
    });
    vi.stubGlobal('fetch', answer(200, { ...staff, pending: ['password'], idleMinutes: 30 }));
    expect(await authProvider.onError(new StaffApiError(403, 'STAFF_SETUP_REQUIRED'))).toEqual({
      redirectTo: SETUP_PATH,
    });
    await authProvider.logout({});
  });

  it('answers a refused login as a value carrying the code (TOTP_REQUIRED asks for the code)', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 'TOTP_REQUIRED', message: 'code' }));
    const result = await authProvider.login({ email: 'a@b.test', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'TOTP_REQUIRED' });
  });
});

describe('staff access control', () => {
  it('allows what a permission covers and refuses anything unknown', () => {
    expect(allows(['reviews.read'], 'reviews', 'list')).toBe(true);
    expect(allows(['reviews.read'], 'reviews', 'decide')).toBe(false);
    expect(allows(['coupons.approve'], 'approvals', 'list')).toBe(true);
    expect(allows(['staff.manage'], 'customers', 'list')).toBe(false);
    expect(allows(['staff.manage'], 'nothing', 'list')).toBe(false);
    // The form studio: product staff read, edit and approve; no other role's permission reaches it.
    expect(allows(['forms.read'], 'forms', 'list')).toBe(true);
    expect(allows(['forms.read'], 'forms', 'edit')).toBe(false);
    expect(allows(['forms.approve'], 'forms', 'approve')).toBe(true);
    expect(allows(['staff.manage', 'audit.read'], 'forms', 'list')).toBe(false);
    // Account requests: administrators only.
    expect(allows(['staff.manage'], 'account-requests', 'approve')).toBe(true);
    expect(allows(['coupons.approve', 'deletion.approve'], 'account-requests', 'approve')).toBe(false);
    // The book dashboard: supervisors and administrators (book.read); a collector's permissions do not reach it.
    expect(allows(['book.read'], 'book', 'list')).toBe(true);
    expect(allows(['collections.work'], 'book', 'list')).toBe(false);
  });
});
