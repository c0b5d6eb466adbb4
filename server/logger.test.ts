/**
 * No personal value reaches the server's log. The app's whole log, at `trace` (below production's
 * `info`), is captured during a borrower's journey (register with phone and SMS code, a wrong code first, every
 * information step with name, birth date, ID number, account number and e-mail, a step refused, apply) and a staff
 * journey (search by phone, name and ID number, a search refused by its schema, a path no route has, open and unmask
 * the customer), with two database errors carrying the phone as a parameter logged the way the error handler logs a
 * failure; then every value typed, and the session tokens, are looked for in the captured text.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from './db/tables.ts';
import { databaseTargets } from './db/test-database.ts';
import { loggedUrl } from './logger.ts';
import { idCard, portrait } from './providers/identity/test-images.ts';
import { codeFor, device, newPhone, testAddress } from './testing/borrower.ts';
import { completeSections, STANDARD_LOAN } from './testing/loan-fixtures.ts';
import { uploadDocument } from './testing/multipart.ts';
import { caller, newKey } from './testing/request.ts';
import { addTestStaff } from './testing/staff.ts';
import { testApi, type TestApi } from './testing/test-api.ts';

/** Letters of a test's own (names take no digits). */
const letters = (length: number) =>
  [...randomBytes(length)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** Digits of a test's own: 7 random ones after a fixed start, so no two runs (or databases) share them. */
const digits = (start: string, length: number) =>
  `${start}${String(randomBytes(6).readUIntBE(0, 6))
    .padStart(15, '0')
    .slice(-(length - start.length))}`;

describe('the logged URL', () => {
  const request = (url: string, route?: string, params: Record<string, string> = {}) => ({
    url,
    params,
    routeOptions: { url: route },
  });
  it('is the route with its ids, never a query string or another path value', () => {
    const id = '0b9d6f5e-2c1a-4d3b-9e8f-7a6b5c4d3e2f';
    expect(loggedUrl(request(`/api/v1/loans/${id}?q=9150575653`, '/api/v1/loans/:id', { id }))).toBe(
      `/api/v1/loans/${id}`,
    );
    expect(loggedUrl(request('/api/v1/loans/9150575653', '/api/v1/loans/:id', { id: '9150575653' }))).toBe(
      '/api/v1/loans/:id',
    );
    expect(loggedUrl(request('/assets/index-Bq3x.js', '/*', { '*': 'assets/index-Bq3x.js' }))).toBe(
      '/assets/index-Bq3x.js',
    );
    expect(loggedUrl(request('/juan@example.ph/9150575653', '/*', { '*': 'juan@example.ph/9150575653' }))).toBe('/*');
    expect(loggedUrl(request(`/staff/customers/${id}?by=phone&q=0915`))).toBe(`/staff/customers/${id}`);
    expect(loggedUrl(request('/staff/customers/9150575653/P1234567A'))).toBe('/staff/customers/…/…');
    expect(loggedUrl(request('/api/v1/nope/juan@example.ph?q=Juan'))).toBe('/api/v1/nope/…');
  });
});

describe.each(databaseTargets())('the server log on %s', (kind) => {
  let api: TestApi;
  const lines: string[] = [];
  beforeAll(async () => {
    api = await testApi(kind, { log: { level: 'trace', stream: { write: (line) => void lines.push(line) } } });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('holds none of the values a borrower and a staff member typed, on a whole journey', async () => {
    const phone = newPhone();
    const typed = {
      phone,
      name: `Rosalinda Magsaysay${letters(4)}`,
      birthDate: '1984-11-02',
      idNumber: `X${digits('90', 7)}B`,
      accountNumber: digits('77', 12),
      email: `rosalinda.${letters(6)}@example.ph`,
      payeeLastName: `Magbanua${letters(4)}`,
      companyName: `Tala Logistics ${letters(4)}`,
      emergencyName: `Perlita Dimaculangan${letters(4)}`,
      emergencyPhone: newPhone(),
      detailedAddress: `${randomBytes(2).readUInt16BE()} Mabini St. Purok Sampaguita`,
    };
    const call = caller(api);

    // Register: a code asked for, a wrong code, the right one.
    const headers = device();
    const remoteAddress = testAddress();
    const auth = (url: string, payload: object) =>
      api.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, remoteAddress, headers, payload });
    expect((await auth('sms-code', { phone: `0${phone}` })).statusCode).toBe(200);
    const code = codeFor(api.outbox, phone);
    const wrongCode = code === '0000' ? '0001' : String((Number(code) + 1) % 10_000).padStart(4, '0');
    expect((await auth('login', { phone, code: wrongCode })).statusCode).not.toBe(200);
    const loggedIn = await auth('login', { phone, code });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const { token, customerId } = loggedIn.json<{ token: string; customerId: string }>();
    const b = { headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId, ...headers } };

    // Every information step, with the photos; a contact step refused first (a value the rules refuse).
    const front = await uploadDocument(api, b, 'idFront', await sharp(idCard()).jpeg({ quality: 80 }).toBuffer());
    const face = await uploadDocument(api, b, 'face', await sharp(portrait()).jpeg({ quality: 80 }).toBuffer());
    const sections = completeSections({
      identityInfo: {
        name: typed.name,
        birthDate: typed.birthDate,
        idType: 'passport',
        idNumber: typed.idNumber,
        idPhotoFront: front.ref,
        facePhoto: face.ref,
      },
      workInfo: { companyName: typed.companyName },
      bankInfo: {
        accountNumber: typed.accountNumber,
        accountNumberConfirm: typed.accountNumber,
        payeeLastName: typed.payeeLastName,
      },
    });
    const contact = sections['contact'] as { email: string; emergencyContacts: { name: string; phone: string }[] };
    contact.email = typed.email;
    contact.emergencyContacts[0] = { ...contact.emergencyContacts[0]!, name: typed.emergencyName };
    contact.emergencyContacts[0].phone = typed.emergencyPhone;
    (sections['addressInfo'] as { detailedAddress: string }).detailedAddress = typed.detailedAddress;
    const refused = await call(b, 'PUT', '/profile/contact', { ...contact, email: `${typed.name} ${typed.email}` });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    for (const [step, data] of Object.entries(sections)) {
      const res = await call(b, 'PUT', `/profile/${step}`, data);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).statusCode).toBe(201);

    // Staff: searches by phone (two ways of writing it), name and ID number; the customer opened and unmasked; a
    // search refused by the schema with the values in it.
    const agent = await addTestStaff(api.database.db, 'customerService');
    const searches = [
      { by: 'phone', q: `0${phone}` },
      { by: 'phone', q: `+63 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}` },
      { by: 'name', q: typed.name.toUpperCase() },
      { by: 'idNumber', q: typed.idNumber },
    ];
    for (const search of searches) {
      const res = await call(agent, 'POST', '/staff/customers/search', search);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([customerId]);
    }
    const wrong = await call(agent, 'POST', '/staff/customers/search', { by: typed.email, q: phone, idType: 1 });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_INPUT' });
    // A path no route has, with values in it (a hand-written URL).
    expect((await call(agent, 'GET', `/staff/customers/${phone}/${typed.email}`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/staff/customers/${customerId}`)).statusCode).toBe(200);
    const unmasked = await call(agent, 'POST', `/staff/customers/${customerId}/unmask`, { all: true });
    expect(unmasked.body).toContain(typed.accountNumber);

    // Database errors with the phone as a parameter, logged as the error handler logs a failed request: a value the
    // column refuses (PostgreSQL quotes it in its message) and a unique key it already has (its `detail` names it).
    const failures: unknown[] = [];
    await api.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, phone))
      .catch((error: unknown) => failures.push(error));
    await api.database.db
      .insert(customers)
      .values({ phone })
      .catch((error: unknown) => failures.push(error));
    expect(failures).toHaveLength(2);
    for (const error of failures) api.app.log.error({ err: error }, 'request failed');

    const log = lines.join('');
    // The session tokens too: secrets, never logged either.
    const values = [
      ...Object.values(typed),
      code,
      wrongCode,
      ...searches.map((search) => search.q),
      token,
      agent.token,
    ];
    // A number counts as a whole (a 4-digit code inside a timestamp is not the code); a text in any case, as typed or
    // as a URL carries it.
    const inLine = (line: string, value: string) =>
      /^\d+$/u.test(value)
        ? new RegExp(`(?<!\\d)${value}(?!\\d)`, 'u').test(line)
        : [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)].some((form) =>
            line.toLowerCase().includes(form.toLowerCase()),
          );
    const leaks = lines.filter((line) => values.some((value) => inLine(line, value)));
    expect(leaks.join('')).toBe('');
    // The log is there, and useful: requests by route, the errors with their SQLSTATE and SQL.
    expect(log).toContain('"url":"/api/v1/staff/customers/search"');
    expect(log).toContain(`"url":"/api/v1/staff/customers/${customerId}/unmask"`);
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('"code":"23505"');
    expect(log).toMatch(/"query":"(?:select|insert)/u);
  });
});
