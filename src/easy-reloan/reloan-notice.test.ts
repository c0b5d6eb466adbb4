/**
 * The Easy Re-loan notice (the `reloanNotice` Notify message, written by server/services/loans/easy-reloan.ts) as the
 * borrower reads it: its key figures, no tax line (one text for every loan cannot leave out a tax that is not
 * charged), every later charge named, and a button to the full Truth in Lending disclosure on /appointLoanList.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { readCatalogs } from '../testing/catalog-check.ts';
import { messageText } from '../messages/message-text.ts';

const catalogs = readCatalogs('messages');

/** The parameters the server writes (server/routes/easy-reloan.test.ts checks it writes exactly these). */
const params = {
  orderNo: 'PA2611250001AB',
  amountCentavos: 600000,
  financeChargeCentavos: 53000,
  receivedCentavos: 565000,
  amountDueCentavos: 618000,
  periods: 1,
  firstDueDate: '2026-12-25',
  dueDate: '2026-12-25',
  termDays: 30,
  eirMonthly: '9.00',
  eirAnnual: '109.50',
  payoutDate: '2026-11-25',
  payoutTime: '14:00',
};

async function noticeIn(language: 'en' | 'fil' | 'zh-CN') {
  const files = import.meta.glob<Record<string, unknown>>('../../locales/*/messages.json', {
    eager: true,
    import: 'default',
  });
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: ['messages'],
    defaultNS: 'messages',
    interpolation: { escapeValue: false },
    resources: { [language]: { messages: files[`../../locales/${language}/messages.json`]! } },
  });
  return messageText(
    i18n.getFixedT(language, 'messages'),
    { tab: 'notify', template: 'reloanNotice', params },
    language,
  );
}

describe('the Easy Re-loan notice', () => {
  it.each(['en', 'fil', 'zh-CN'] as const)(
    'fills every placeholder from what the server sends, with no tax line, in %s',
    async (language) => {
      const { title, body } = await noticeIn(language);
      expect(`${title} ${body}`).not.toMatch(/\{\{|\}\}/u);
      for (const amount of [600000, 53000, 565000, 618000]) expect(body).toContain(formatPeso(amount));
      // No "tax ₱0.00" (nor buwis, 税费): the tax line, when a tax is configured, is the full disclosure's.
      expect(body).not.toMatch(/\btax\b|buwis|税/iu);
      expect(body).not.toContain(formatPeso(0));
      expect(body).toContain(language === 'zh-CN' ? '借贷真实信息披露' : 'Truth in Lending disclosure');
      // The message opens /appointLoanList under a button that says it is the full disclosure.
      expect(catalogs[language]['center.go.appointLoanList']).toBeTruthy();
    },
  );

  it('names every charge that can arise later and sends the borrower to the full disclosure', async () => {
    const { body } = await noticeIn('en');
    for (const charge of ['late fine', 'overdue damages and their limit', 'extension fee', 'every finance charge'])
      expect(body).toContain(charge);
    expect(body).toContain('full Truth in Lending disclosure');
  });
});
