/**
 * The form studio end to end in Chromium against the real server: an administrator adds two
 * product staff in the console. The first adds a required text field to the workInfo form with its title in English
 * and Chinese, previews it in Filipino, follows the checks to the missing Filipino title and fills it, and submits;
 * they also move the workInfo step before the contacts step and submit that. The author is not offered Approve (and
 * the server refuses SAME_PERSON); the second member approves both. A borrower opening /workInfo then sees the field
 * where the new step order puts it, is refused without it in the browser and by the server (VALIDATION_FAILED),
 * saves with it and goes on to the contacts step. Rolling workInfo back to version 1 removes a field borrowers have
 * answered: the server refuses it until that breaking change is acknowledged, then publishes version 1's content
 * again. Desktop screenshots of the editor in English and Chinese are written to $STUDIO_SCREENSHOTS (or the temp
 * directory). On one database (PostgreSQL when TEST_DATABASE_URL names one, else PGlite): a form's field order is
 * the order of its schema's keys as the database gives them back, which server/routes/staff/forms.test.ts proves on
 * both (PGlite is the same engine, with the same jsonb).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { profileSections } from '#server/db/tables.ts';
import { completeSections } from '#server/testing/loan-fixtures.ts';
import { runStaffCli } from '#server/services/staff/cli.ts';
import { chromiumSuite, iPhone } from './browser.ts';
import { browserDatabases, newPhone, sessionOf, smsCode, startServer, type E2eServer } from './server.ts';
import { loginThroughUi, text as formText } from './steps.ts';
import { addStaffInUi, staffDesktop, staffLogin, staffText, type StaffCredentials } from './staff.ts';

const suite = chromiumSuite(inject('baseUrl'));
const en = staffText('en');
const zh = staffText('zh-CN');
const ADMIN_PASSWORD = 'the first operator passphrase';
const SHOTS = process.env['STUDIO_SCREENSHOTS'] ?? tmpdir();
/** The new field and its title in each language. */
const FIELD = 'jobTitle';
const TITLES = { en: 'Job title', fil: 'Posisyon sa trabaho', zh: '职位' } as const;
const STUDENT = {
  employmentType: 'student',
  schoolName: 'University of the Philippines Diliman',
  major: 'BS Nursing',
  admissionDate: '2023-08-14',
  graduationDate: '2027-06-30',
};

describe.each(browserDatabases('one'))('the form studio on %s', (kind) => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A staff API call with the console's own session (what a tampered console could send): its answer and status. */
  const staffCall = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([url, m, b]) => {
        const res = await fetch(url as string, {
          method: m as string,
          headers: {
            authorization: `Bearer ${sessionStorage.getItem('staff.session') ?? ''}`,
            ...(b === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return {
          ...((await res.json().catch(() => ({}))) as { code?: string; version?: { updatedAt: string } }),
          status: res.status,
        };
      },
      [`${server.url}/api/v1/staff${path}`, method, body] as const,
    );

  const logout = async (page: Page) => {
    await page.getByRole('button', { name: en('header.logout') }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');
  };

  const editor = (page: Page) => page.getByTestId('studio-editor');
  const saved = (page: Page) =>
    expect.poll(() => page.getByTestId('save-state').getAttribute('data-state'), { timeout: 20_000 }).toBe('saved');

  /** From the documents list, a new draft of a document (or its open version). */
  async function openDraft(page: Page, document: string): Promise<string> {
    await page.getByRole('link', { name: en('nav.forms') }).click();
    await page.locator(`tr[data-document="${document}"] a`).first().click();
    await page.getByTestId('new-draft').click();
    await page.waitForURL((url) => url.pathname.startsWith('/staff/form-versions/'));
    await editor(page).waitFor();
    expect(await page.getByTestId('version-status').textContent()).toBe(en('studio.status.draft'));
    return new URL(page.url()).pathname.split('/').at(-1)!;
  }

  async function submitDraft(page: Page) {
    await saved(page);
    await page.getByTestId('submit-open').click();
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByTestId('version-status').textContent()).toBe(en('studio.status.review'));
  }

  it(
    'a field is added, checked, previewed, reviewed by a second person and published; the flow is reordered; a breaking rollback is acknowledged',
    { timeout: 600_000 },
    async () => {
      // 1. An administrator adds two product staff.
      const printed: string[] = [];
      const exit = await runStaffCli(
        ['create-admin', '--email', `admin-studio-${kind}@lender.test`, '--name', 'Ada Admin'],
        {
          env: { STAFF_PASSWORD: ADMIN_PASSWORD },
          print: (line) => printed.push(line),
          open: async () => ({ ...server.database, close: async () => undefined }),
        },
      );
      expect(exit, printed.join('\n')).toBe(0);
      const admin: StaffCredentials = {
        email: `admin-studio-${kind}@lender.test`,
        password: ADMIN_PASSWORD,
        totpSecret: /secret: ([A-Z2-7]+)/u.exec(printed.join('\n'))![1]!,
      };
      const desk = await suite.open(staffDesktop);
      desk.setDefaultTimeout(20_000);
      // The console, its editor and the preview's validator module run under a CSP without unsafe-eval: no violation.
      const violations: string[] = [];
      desk.on('console', (message) => {
        if (/Content Security Policy/iu.test(message.text())) violations.push(message.text());
      });
      const csp = (await fetch(`${server.url}/staff/`)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      await staffLogin(desk, server, admin);
      await desk.getByRole('link', { name: en('nav.accounts') }).click();
      const author = await addStaffInUi(desk, 'productStaff', 'Pia Product');
      const reviewer = await addStaffInUi(desk, 'productStaff', 'Paolo Product');
      await logout(desk);

      // 2. The author: product staff land in the studio; a draft of workInfo gets a required text field, titled in
      //    English and Chinese only.
      await staffLogin(desk, server, author);
      await desk.waitForURL((url) => url.pathname === '/staff/forms');
      expect(await desk.getByRole('link', { name: en('nav.reviews') }).count()).toBe(0);
      const workInfoDraft = await openDraft(desk, 'form/workInfo');
      const add = desk.getByTestId('add-field');
      await add.locator('input[name=fieldName]').fill(FIELD);
      await add.locator('select[name=fieldType]').selectOption('string');
      await add.locator('input[name=fieldRequired]').check();
      await add.locator('input[name=title-en]').fill(TITLES.en);
      await add.locator('input[name=title-zh]').fill(TITLES.zh);
      await add.getByRole('button', { name: en('studio.addFieldSubmit') }).click();
      await desk.locator(`[data-field-row="${FIELD}"]`).waitFor();
      await saved(desk);

      // 3. The preview in Filipino: the form with the new field, not yet titled in Filipino; the checks say so and
      //    "Show" goes to the Filipino title, which is filled in.
      await desk.getByTestId('preview-language').selectOption('fil');
      const phone = desk.getByTestId('phone');
      await expect.poll(() => phone.locator(`#root_${FIELD}`).count()).toBe(1);
      const missing = desk.locator(`[data-check][data-path="/texts/fil/${FIELD}"]`);
      await missing.waitFor();
      await desk.screenshot({ path: join(SHOTS, 'studio-editor-en.png') });
      await missing.getByRole('button', { name: en('studio.showCheck') }).click();
      await expect
        .poll(() =>
          desk.evaluate(
            () =>
              `${document.activeElement?.getAttribute('data-text-key')}/${document.activeElement?.getAttribute('data-lng')}`,
          ),
        )
        .toBe(`workInfo.${FIELD}/fil`);
      await desk.keyboard.type(TITLES.fil);
      await saved(desk);
      await expect.poll(() => missing.count()).toBe(0);
      await expect.poll(() => phone.textContent()).toContain(TITLES.fil);
      // The preview checks answers as a borrower's form would: the new field is required.
      await desk.getByTestId('preview-check').click();
      await expect.poll(() => desk.getByTestId('preview-result').textContent()).toContain(FIELD);
      // The JSON view shows the same content (CodeMirror, fetched now).
      await desk.locator('[data-tab=json]').click();
      // CodeMirror renders the lines in view only: scroll through the text looking for the field.
      const inJson = (word: string) =>
        desk.evaluate(async (w) => {
          // The editor is in a shadow root (json-editor.tsx).
          const root = document.querySelector('[data-testid=json-editor]')?.shadowRoot;
          const scroller = root?.querySelector('.cm-scroller');
          if (!scroller) return false;
          for (let top = 0; top <= scroller.scrollHeight; top += scroller.clientHeight / 2) {
            scroller.scrollTop = top;
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            if (root?.querySelector('.cm-content')?.textContent?.includes(w)) return true;
          }
          return false;
        }, word);
      await expect.poll(() => inJson(`"${FIELD}"`)).toBe(true);
      await desk.locator('[data-tab=outline]').click();
      await submitDraft(desk);
      // Four eyes: the author is not offered Approve, and the server refuses it.
      expect(await desk.getByTestId('approve').count()).toBe(0);
      const inReview = await staffCall(desk, 'GET', `/form-versions/${workInfoDraft}`);
      expect(
        await staffCall(desk, 'POST', `/form-versions/${workInfoDraft}/approve`, {
          updatedAt: inReview.version?.updatedAt,
        }),
      ).toMatchObject({ code: 'SAME_PERSON' });

      // 4. The step order: workInfo moves before the emergency contacts.
      const flowDraft = await openDraft(desk, 'flow/steps');
      await desk.locator('tr[data-step=workInfo] [data-action=up]').click();
      const order = await desk
        .locator('[data-step]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-step')));
      expect(order.indexOf('workInfo')).toBeLessThan(order.indexOf('contact'));
      await submitDraft(desk);

      // The studio in Chinese, for the screenshot.
      await desk.getByTestId('language').selectOption('zh-CN');
      await expect.poll(() => desk.getByRole('link', { name: zh('nav.forms') }).count()).toBe(1);
      await desk.goto(`${server.url}/staff/form-versions/${workInfoDraft}`);
      await editor(desk).waitFor();
      await desk.screenshot({ path: join(SHOTS, 'studio-editor-zh.png') });
      await desk.getByTestId('language').selectOption('en');
      await logout(desk);

      // 5. The second member approves both.
      await staffLogin(desk, server, reviewer);
      for (const id of [workInfoDraft, flowDraft]) {
        await desk.goto(`${server.url}/staff/form-versions/${id}`);
        await desk.getByTestId('approve').click();
        await expect.poll(() => desk.getByTestId('version-status').textContent()).toBe(en('studio.status.published'));
      }

      // 6. A borrower with the steps before workInfo on file opens /workInfo: the new order lets them, the field shows,
      //    the form and the server refuse the step without it, and it saves with it, going on to the contacts.
      const borrower = await suite.open(iPhone(3));
      borrower.setDefaultTimeout(20_000);
      await loginThroughUi(borrower, server.url, (p) => smsCode(server.outbox, p), newPhone());
      const { customerId, token } = await sessionOf(borrower);
      const { identityInfo, baseInfo, baseInfo2, addressInfo } = completeSections();
      await server.database.db.insert(profileSections).values(
        Object.entries({ identityInfo, baseInfo, baseInfo2, addressInfo }).map(([step, data]) => ({
          customerId,
          step,
          data: data!,
          schemaVersion: 'fixture',
        })),
      );
      const profilePut = (data: unknown) =>
        fetch(`${server.url}/api/v1/profile/workInfo`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${token}`,
            'x-customer-id': customerId,
            'content-type': 'application/json',
          },
          body: JSON.stringify(data),
        });
      // The server keeps a profile it read for a few seconds (PROFILE_CACHE_MS): wait until it reads the steps written.
      await expect
        .poll(async () => {
          const answer = await fetch(`${server.url}/api/v1/profile`, {
            headers: { authorization: `Bearer ${token}`, 'x-customer-id': customerId },
          });
          return ((await answer.json()) as { summary: { next: string } }).summary.next;
        })
        .toBe('/workInfo');
      const refused = await profilePut(STUDENT);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
      await borrower.goto(`${server.url}/workInfo`);
      await borrower.locator('.info-step[data-step="workInfo"] form').waitFor();
      await borrower.getByLabel(TITLES.en).waitFor();
      await borrower
        .getByRole('radio', { name: formText('en', 'workInfo.options.employmentType.student'), exact: true })
        .check();
      await borrower.fill('#root_schoolName', STUDENT.schoolName);
      await borrower.fill('#root_major', STUDENT.major);
      await borrower.fill('#root_admissionDate', STUDENT.admissionDate);
      await borrower.fill('#root_graduationDate', STUDENT.graduationDate);
      await borrower.getByRole('button', { name: formText('en', 'form.submit'), exact: true }).click();
      await expect
        .poll(() => borrower.locator(`#root_${FIELD}__error`).textContent())
        .toBe(formText('en', 'errors.required'));
      expect(new URL(borrower.url()).pathname).toBe('/workInfo');
      await borrower.fill(`#root_${FIELD}`, 'Nursing student');
      await borrower.getByRole('button', { name: formText('en', 'form.submit'), exact: true }).click();
      await borrower.waitForURL((url) => url.pathname === '/contact');

      // 7. An undo of workInfo to version 1 (the version just replaced: at once, with a reason) removes the field the
      //    borrower answered: refused until acknowledged.
      await desk.goto(`${server.url}/staff/forms/form/workInfo`);
      await desk.locator('tr[data-version="1"] [data-testid=rollback]').click();
      await desk.getByTestId('rollback-run').click();
      await expect
        .poll(() => desk.locator('[data-error-code=FORM_REASON_REQUIRED]').textContent())
        .toBe(en('studio.errors.FORM_REASON_REQUIRED'));
      await desk.getByTestId('rollback-confirm').locator('input[name=reason]').fill('The new field confused borrowers');
      await desk.getByTestId('rollback-run').click();
      const breaking = desk.locator(`[data-breaking="removed:${FIELD}"]`);
      await breaking.waitFor();
      expect(await desk.locator('[data-error-code=FORM_BREAKING_UNACKNOWLEDGED]').textContent()).toBe(
        en('studio.errors.FORM_BREAKING_UNACKNOWLEDGED'),
      );
      expect(await breaking.textContent()).toContain(en('studio.affected_one', { count: 1 }));
      expect(await desk.getByTestId('rollback-run').isDisabled()).toBe(true);
      await breaking.locator('input[type=checkbox]').check();
      await desk.getByTestId('rollback-run').click();
      await expect.poll(() => desk.locator('tr[data-status=published]').getAttribute('data-version')).toBe('3');
      const manifest = (await (await fetch(`${server.url}/api/v1/forms/manifest`)).json()) as {
        forms: Record<string, { version: number; form: string }>;
      };
      expect(manifest.forms['workInfo']?.version).toBe(3);
      const published = (await (await fetch(`${server.url}${manifest.forms['workInfo']!.form}`)).json()) as {
        schema: unknown;
      };
      expect(JSON.stringify(published.schema)).not.toContain(FIELD);
      // Version 2 withdrawn for cause: never brought back, its reason shown.
      await desk.locator('tr[data-version="2"] [data-testid=withdraw]').click();
      expect(await desk.getByTestId('withdraw-run').isDisabled()).toBe(true);
      await desk.getByTestId('withdraw-confirm').locator('input[name=reason]').fill('Asked students for a field twice');
      await desk.getByTestId('withdraw-run').click();
      await expect.poll(() => desk.locator('tr[data-version="2"]').getAttribute('data-status')).toBe('withdrawn');
      expect(await desk.locator('tr[data-version="2"] [data-testid=withdrawn-reason]').textContent()).toContain(
        'Asked students for a field twice',
      );
      expect(await desk.locator('tr[data-version="2"] [data-testid=rollback]').count()).toBe(0);
      await desk.screenshot({ path: join(SHOTS, 'studio-versions-en.png'), fullPage: true });
      // The diff of version 3 against version 2 lists the field as removed.
      await desk
        .getByTestId('compare')
        .locator('select')
        .first()
        .selectOption({ label: en('studio.versionNo', { version: 2 }) });
      await desk
        .getByTestId('compare')
        .locator('select')
        .nth(1)
        .selectOption({ label: en('studio.versionNo', { version: 3 }) });
      await desk
        .getByTestId('compare')
        .getByRole('button', { name: en('studio.compare') })
        .click();
      await expect.poll(() => desk.getByTestId('diff').locator('[data-change=removed]').count()).toBeGreaterThan(0);
      expect(violations).toEqual([]);
    },
  );
});
