/**
 * A form of the RJSF-style corpus in a borrower's phone (the corpus' server suite, server/routes/staff/studio-corpus.
 * test.ts, publishes and saves every form through the API): 35-array-oneof-items, a list whose items are alternatives
 * (a phone or an e-mail address), is published through the form studio's API as the baseInfo step's form (saved,
 * checked, submitted by one product staff member, approved by another), and a borrower on an iPhone fills that step
 * in Chromium, in Filipino: the first contact as a phone, a second one added and switched to an e-mail address, each alternative
 * offered by its translated title; a wrong phone is refused with its message; the step saves and leads to the next,
 * and the server holds what was typed. One database (PostgreSQL when TEST_DATABASE_URL names one, else PGlite).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { profileSections } from '#server/db/tables.ts';
import { completeSections } from '#server/testing/loan-fixtures.ts';
import { addTestStaff } from '#server/testing/staff.ts';
import { studioCalls, type StudioDetail } from '#server/testing/studio.ts';
import { asStudioContent, corpus } from '#tests/corpus/rjsf-style.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, newPhone, sessionOf, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi, text } from './steps.ts';

const suite = chromiumSuite(inject('baseUrl'));
const STEP = 'baseInfo';
const FORM = '35-array-oneof-items';

describe.each(browserDatabases('one'))(
  'a corpus form published through the studio, filled on a phone, on %s',
  (kind) => {
    let server: E2eServer;
    beforeAll(async () => {
      server = await startServer(kind);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('a list of alternatives: added, switched, refused when wrong, saved', { timeout: 120_000 }, async () => {
      // Published through the studio's API: one member writes and submits, another approves.
      const crew = {
        author: await addTestStaff(server.database.db, 'productStaff', server.now()),
        reviewer: await addTestStaff(server.database.db, 'productStaff', server.now()),
      };
      const studio = studioCalls(
        () => server,
        () => crew,
      );
      const { content } = asStudioContent(corpus.find(([name]) => name === FORM)![1], STEP);
      const saved = await studio.save(await studio.draft('form', STEP), content);
      expect(saved.checks.filter((c) => c.severity === 'error')).toEqual([]);
      const published: StudioDetail = await studio.publish(
        saved,
        saved.breaking.map((b) => b.id),
      );
      // The form's Filipino texts, as staff wrote them in the studio (the corpus' English title, marked).
      const fil = content.texts.fil as { corpus: Record<string, string> };
      const label = (english: string) => Object.values(fil.corpus).find((t) => t.startsWith(`${english} (`))!;

      // A borrower in Filipino with the identity step on file opens the step.
      const page = await suite.open(iPhone(3), undefined, { language: 'fil' });
      page.setDefaultTimeout(20_000);
      await loginThroughUi(page, server.url, (p) => smsCode(server.outbox, p), newPhone(), 'fil');
      const { customerId, token } = await sessionOf(page);
      await server.database.db
        .insert(profileSections)
        .values({ customerId, step: 'identityInfo', data: completeSections().identityInfo!, schemaVersion: 'fixture' });
      const api = (path: string) =>
        fetch(`${server.url}/api/v1${path}`, {
          headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId },
        });
      // The server keeps a profile it read for a few seconds: wait until it reads the step written.
      await expect
        .poll(async () => ((await (await api('/profile')).json()) as { summary: { next: string } }).summary.next)
        .toBe(`/${STEP}`);
      await page.goto(`${server.url}/${STEP}`);
      await page.locator(`.info-step[data-step="${STEP}"] form`).waitFor();
      await page.getByText(label('Contacts'), { exact: true }).waitFor();

      // The list starts with its one required item, a phone (the first alternative).
      await page.fill('#root_name', 'Ana Reyes');
      const firstKind = page.locator('#root_contacts_0__oneof_select');
      expect(await firstKind.locator('option').allTextContents()).toEqual([label('Phone'), label('E-mail')]);
      await page.fill('#root_contacts_0_phone', 'call me');
      // A second contact, switched to an e-mail address.
      await page.getByRole('button', { name: text('fil', 'form.add'), exact: true }).click();
      await page.locator('#root_contacts_1__oneof_select').selectOption({ label: label('E-mail') });
      await page.fill('#root_contacts_1_email', 'ana@example.com');
      expect(await page.locator('#root_contacts_1_phone').count()).toBe(0);

      // The wrong phone is refused in the field, with the form's message; corrected, the step saves and goes on.
      const submit = page.getByRole('button', { name: text('fil', 'form.submit'), exact: true });
      await submit.click();
      await expect
        .poll(() => page.locator('#root_contacts_0_phone__error').textContent())
        .toBe(text('fil', 'errors.pattern'));
      await page.fill('#root_contacts_0_phone', '0917 123 4567');
      await submit.click();
      await page.waitForURL((url) => url.pathname !== `/${STEP}`);

      const section = (await (await api(`/profile/${STEP}`)).json()) as { formVersion: number; data: unknown };
      expect(section).toMatchObject({
        formVersion: published.version.version,
        data: { name: 'Ana Reyes', contacts: [{ phone: '0917 123 4567' }, { email: 'ana@example.com' }] },
      });
    });
  },
);
