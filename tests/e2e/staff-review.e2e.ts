/**
 * The review queue in Chromium against the real server: a student's application (no income band) is left for a
 * person by underwriting; an underwriter signs in with TOTP, opens it from the queue, sees the ID and face photos the
 * borrower uploaded, and approves it with a limit in the decision form. The order moves on exactly as an automatic
 * approval (the borrower's API shows it accepted, with the approval message). On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL names one.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPeso } from '../../domain/money.ts';
import { loanOrders, profileSections } from '../../server/db/schema.ts';
import { databaseTargets } from '../../server/db/test-database.ts';
import { completeSections } from '../../server/loan-fixtures.ts';
import { idCard, portrait } from '../../server/providers/identity/test-images.ts';
import { maskValue } from '../../server/staff/masking.ts';
import { login } from '../../server/test-api.ts';
import { chromiumSuite } from './browser.ts';
import { startServer, type E2eServer } from './server.ts';
import { addTestStaff, staffDesktop, staffLogin, staffText } from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const en = staffText('en');
const zh = staffText('zh-CN');
const forms = staffText('en', 'forms');
const formsZh = staffText('zh-CN', 'forms');
const STUDENT = { employmentType: 'student', schoolName: 'University of the Philippines Diliman', major: 'BS Nursing', admissionDate: '2023-08-14', graduationDate: '2027-06-30' };

function multipart(kind: string, file: Buffer) {
  const boundary = `----e2e${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databaseTargets())('staff review on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an underwriter opens a student\'s review, sees the photos and approves it with a limit', { timeout: 180_000 }, async () => {
    // Signed in first: the test moves the server's clock below, and authenticator codes follow the real time.
    const underwriter = await addTestStaff(server.database.db, 'underwriter');
    const page = await suite.open(staffDesktop);
    page.setDefaultTimeout(20_000);
    await staffLogin(page, server.url, underwriter);
    await page.waitForURL((url) => url.pathname === '/staff/reviews');

    const b = await login(server);
    const upload = async (kindName: string, file: Buffer) => {
      const { body, contentType } = multipart(kindName, file);
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/documents', headers: { ...b.headers, 'content-type': contentType }, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ ref: string }>().ref;
    };
    const idFront = await upload('idFront', await sharp(idCard()).jpeg({ quality: 90 }).toBuffer());
    const face = await upload('face', await sharp(portrait()).jpeg({ quality: 90 }).toBuffer());
    const sections = completeSections({ identityInfo: { idPhotoFront: idFront, facePhoto: face }, workInfo: STUDENT });
    sections['workInfo'] = STUDENT;
    await server.database.db.insert(profileSections).values(Object.entries(sections).map(([step, data]) => ({ customerId: b.customerId, step, data, schemaVersion: 'fixture' })));
    const applied = await server.app.inject({
      method: 'POST', url: '/api/v1/loans', headers: { ...b.headers, 'idempotency-key': `key-${randomBytes(8).toString('hex')}` },
      payload: { productId: 'cash', subProductId: 'standard', principalCentavos: 300000, termDays: 30 },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const orderId = applied.json<{ id: string }>().id;
    server.advance(181);
    await server.runDueJobs();
    const [waiting] = await server.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    expect(waiting!.state).toBe('under_review');

    await page.goto(`${server.url}/staff/reviews`);
    await page.getByRole('link', { name: waiting!.orderNo }).click();
    await page.waitForURL((url) => url.pathname === `/staff/reviews/${orderId}`);

    // Both photos arrive (fetched with the bearer token, shown from object URLs).
    const photos = page.locator('.st-photo img');
    await expect.poll(() => photos.count()).toBe(2);
    await expect.poll(() => photos.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);

    // A limit outside the product's range is refused in the form, what was typed kept; within it, approved.
    await page.getByLabel(en('reviewDecision.options.decision.approve')).check();
    const limit = page.getByLabel(en('reviewDecision.limitPesos'));
    await limit.fill('999999');
    await page.getByRole('button', { name: en('review.submitDecision') }).click();
    await page.locator('.st-page [role=alert], .st-page .error-detail, .st-page .text-danger').first().waitFor();
    expect(await limit.inputValue()).toBe('999999');
    await limit.fill('2000');
    await page.getByRole('button', { name: en('review.submitDecision') }).click();
    await page.getByTestId('decided').waitFor();
    await page.screenshot({ path: `/tmp/staff-review-decided-${kind}.png`, fullPage: true });

    // The decision reads as staff expect: approved, by the underwriter's name, the limit in pesos; and after a reload
    // (what the server gives) the review still says why the rules left it for a person.
    await page.reload();
    await page.getByTestId('decision-summary').waitFor();
    expect(await page.getByTestId('decision-outcome').textContent()).toBe(en('reviewDecision.options.decision.approve'));
    expect(await page.getByTestId('decided-by').textContent()).toBe('Test underwriter');
    expect(await page.getByTestId('decision-limit').textContent()).toBe(formatPeso(200000));
    expect(await page.getByTestId('review-reason').textContent()).toBe(en('reviewReasons.MISSING_FACTS'));
    expect(await page.getByTestId('decided').textContent()).not.toContain('staffId');

    // Profile fields carry the borrower's form labels and option texts, never the raw keys or codes; masked stays masked.
    const field = (name: string) => page.locator(`[data-field="${name}"]`);
    expect(await field('identityInfo.idType').locator('dt').textContent()).toBe(forms('identity.idType'));
    expect(await field('identityInfo.idType').locator('.st-value').textContent()).toBe(forms('identity.options.idType.passport'));
    expect(await field('baseInfo.maritalStatus').locator('dt').textContent()).toBe(forms('baseInfo.maritalStatus'));
    expect(await field('baseInfo.maritalStatus').locator('.st-value').textContent()).toBe(forms('baseInfo.options.maritalStatus.single'));
    expect(await field('identityInfo.name').locator('.st-value').textContent()).toBe(maskValue('Juan dela Cruz'));
    expect(await page.locator('.st-profile dt').allTextContents()).not.toContain('maritalStatus');
    const contacts = await field('contact.emergencyContacts').locator('.st-value').textContent();
    expect(contacts).toContain(forms('contact.options.relation.parents'));
    expect(contacts).not.toMatch(/\bparents\b/u);
    await page.screenshot({ path: `/tmp/polish-review-en-${kind}.png`, fullPage: true });

    // In Chinese: the same fields in the staff member's language.
    await page.evaluate(() => localStorage.setItem('staff.language', 'zh-CN'));
    await page.reload();
    await page.getByTestId('decision-summary').waitFor();
    await expect.poll(() => field('baseInfo.maritalStatus').locator('dt').textContent()).toBe(formsZh('baseInfo.maritalStatus'));
    expect(await field('identityInfo.idType').locator('.st-value').textContent()).toBe(formsZh('identity.options.idType.passport'));
    expect(await page.getByTestId('decision-outcome').textContent()).toBe(zh('reviewDecision.options.decision.approve'));
    await page.screenshot({ path: `/tmp/polish-review-zh-${kind}.png`, fullPage: true });

    // The order moved on as an automatic approval would: accepted, the principal within the limit, the message written.
    const seen = await server.app.inject({ method: 'GET', url: `/api/v1/loans/${orderId}`, headers: b.headers });
    expect(seen.json<{ state: string; principalCentavos: number }>()).toMatchObject({ state: 'accepted', principalCentavos: 200000 });
    const messages = await server.app.inject({ method: 'GET', url: '/api/v1/messages?tab=notify', headers: b.headers });
    expect(messages.json<{ messages: { template: string }[] }>().messages.map((m) => m.template)).toContain('approved');
  });
});
