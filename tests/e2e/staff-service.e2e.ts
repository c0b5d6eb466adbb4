/**
 * Customer service and account deletion in Chromium against the real server: an agent finds a borrower by phone,
 * replies to their feedback (the reply reaches the borrower as a message), and opens a deletion request with how the
 * person's identity was verified; a supervisor approves it in the approvals screen; the borrower's session is then
 * refused and their profile is gone. On PGlite, and on PostgreSQL when TEST_DATABASE_URL names one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customers, profileSections } from '../../server/db/schema.ts';
import { databaseTargets } from '../../server/db/test-database.ts';
import { completeProfile } from '../../server/loan-fixtures.ts';
import { maskValue } from '../../server/staff/masking.ts';
import { login } from '../../server/test-api.ts';
import { chromiumSuite } from './browser.ts';
import { startServer, type E2eServer } from './server.ts';
import { addTestStaff, staffDesktop, staffLogin, staffText } from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const en = staffText('en');
const zh = staffText('zh-CN');
const forms = staffText('en', 'forms');

describe.each(databaseTargets())('customer service on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an agent finds a borrower, replies to feedback and opens a deletion request that a supervisor approves', { timeout: 240_000 }, async () => {
    const b = await login(server);
    await completeProfile(server.database.db, b.customerId);
    const [{ phone } = { phone: '' }] = await server.database.db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, b.customerId));
    const sent = await server.app.inject({ method: 'POST', url: '/api/v1/feedback', headers: b.headers, payload: { category: 'loan', text: 'When will my money arrive in my account?' } });
    expect(sent.statusCode, sent.body).toBe(201);

    const agent = await addTestStaff(server.database.db, 'customerService');
    const supervisor = await addTestStaff(server.database.db, 'supervisor');
    const page = await suite.open(staffDesktop);
    page.setDefaultTimeout(20_000);
    await staffLogin(page, server.url, agent);
    await page.waitForURL((url) => url.pathname === '/staff/customers');

    // Find by phone: the result is masked; open it.
    await page.locator('form[role=search] select').selectOption('phone');
    await page.locator('form[role=search] input[name=q]').fill(`0${phone}`);
    await page.getByRole('button', { name: en('customers.search') }).click();
    await page.locator(`a[href$="/customers/${b.customerId}"]`).click();
    await page.waitForURL((url) => url.pathname === `/staff/customers/${b.customerId}`);

    // The profile shows the borrower's form labels and option texts, masked values still masked.
    const idType = page.locator('[data-field="identityInfo.idType"]');
    expect(await idType.locator('dt').textContent()).toBe(forms('identity.idType'));
    expect(await idType.locator('.st-value').textContent()).toBe(forms('identity.options.idType.passport'));
    expect(await page.locator('[data-field="identityInfo.name"] .st-value').textContent()).toBe(maskValue('Juan dela Cruz'));
    await page.screenshot({ path: `/tmp/polish-customer-${kind}.png`, fullPage: true });

    // Reply to the feedback: the borrower gets it as a message.
    await page.getByRole('tab', { name: en('customer.tabs.feedback') }).click();
    await page.getByLabel(en('feedbackReply.text')).fill('It is on its way and should arrive within the hour.');
    await page.getByRole('button', { name: en('feedback.send') }).click();
    await page.locator('.st-reply').waitFor();
    const messages = await server.app.inject({ method: 'GET', url: '/api/v1/messages?tab=notify', headers: b.headers });
    expect(messages.json<{ messages: { template: string }[] }>().messages.map((m) => m.template)).toContain('feedbackReplied');

    // Open the deletion request: pending until a supervisor approves.
    await page.getByRole('tab', { name: en('customer.tabs.deletion') }).click();
    await page.getByLabel(en('deletionRequest.verification')).selectOption({ label: en('deletionRequest.options.verification.smsCodeToRegisteredPhone') });
    await page.getByRole('button', { name: en('deletion.submit') }).click();
    await page.locator('[data-deletion=pending]').waitFor();
    await page.screenshot({ path: `/tmp/staff-deletion-requested-${kind}.png`, fullPage: true });
    await page.getByRole('button', { name: en('header.logout') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');

    // The supervisor approves it; it executes.
    await staffLogin(page, server.url, supervisor);
    await page.goto(`${server.url}/staff/approvals`);
    const row = page.locator('tr', { has: page.locator(`a[href$="/customers/${b.customerId}"]`) });
    // The customer is shown masked (name, phone), linked to the customer view, never as an id.
    const who = row.getByTestId('approval-customer');
    await who.waitFor();
    expect(await who.textContent()).toBe(`${maskValue('Juan dela Cruz')} · ${maskValue(phone.replace(/^\+?63/u, '').replace(/^0/u, ''))}`);
    expect(await who.textContent()).not.toContain(b.customerId);
    await page.screenshot({ path: `/tmp/polish-approvals-${kind}.png`, fullPage: true });
    // In Chinese too (the same masked customer), then back to English for the rest.
    await page.evaluate(() => localStorage.setItem('staff.language', 'zh-CN'));
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(zh('approvals.title'));
    await page.screenshot({ path: `/tmp/polish-approvals-zh-${kind}.png`, fullPage: true });
    await page.evaluate(() => localStorage.setItem('staff.language', 'en'));
    await page.reload();
    await who.waitFor();
    await row.getByRole('button', { name: en('approvals.approve') }).click();
    await expect.poll(() => row.count()).toBe(0);

    // The borrower's session ends (after the server's few seconds of session cache) and the profile is gone.
    await expect.poll(async () => (await server.app.inject({ method: 'GET', url: '/api/v1/profile', headers: b.headers })).statusCode, { timeout: 30_000, interval: 1000 }).toBe(401);
    expect(await server.database.db.select().from(profileSections).where(eq(profileSections.customerId, b.customerId))).toEqual([]);
    const [erased] = await server.database.db.select().from(customers).where(eq(customers.id, b.customerId));
    expect(erased!.phone).toMatch(/^erased:/u);
    expect(erased!.erasedAt).not.toBeNull();
  });
});
