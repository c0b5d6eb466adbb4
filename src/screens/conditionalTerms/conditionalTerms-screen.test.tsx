// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '#locales/en/legal.json';
import fil from '#locales/fil/legal.json';
import zhCN from '#locales/zh-CN/legal.json';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import ConditionalTermsScreen from './conditionalTerms-screen.tsx';

const cases: [Language, typeof en, string][] = [
  ['en', en, 'November 21, 2026'],
  ['fil', fil, 'Nobyembre 21, 2026'],
  ['zh-CN', zhCN, '2026年11月21日'],
];
const dial = (phone: string) => `tel:${phone.replace(/\s/g, '')}`;
const headingOf = (section: HTMLElement) => within(section).getByRole('heading', { level: 2 }).textContent;

async function renderTerms(language: Language) {
  await renderScreen(<ConditionalTermsScreen />, { language, namespaces: ['legal'], path: '/conditionalTerms' });
  const sections = await screen.findAllByRole('region');
  return { sections, toc: screen.getByRole('navigation'), article: screen.getByRole('article') };
}

// jsdom has no scrollIntoView; the test that taps the table of contents installs a mock and this puts jsdom back.
const originalScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = originalScrollIntoView;
});

describe('terms and conditions screen', () => {
  it.each(cases)('%s: renders every section with the lender facts from config', async (language, catalog, updated) => {
    const { sections, article } = await renderTerms(language);
    expect(sections.map(headingOf)).toEqual(Object.values(catalog.terms.sections).map((section) => section.title));

    const text = article.textContent ?? '';
    expect(text).toContain(updated);
    // The opening paragraph names the lender with its SEC registration and certificate of authority numbers.
    const opening = within(article).getAllByRole('paragraph')[1]!.textContent ?? '';
    expect(opening).toContain(product.lender.corporateName);
    expect(opening).toContain(product.lender.secRegistrationNumber);
    expect(opening).toContain(product.lender.certificateOfAuthorityNumber);
    expect(opening).toContain(product.lender.address);
    expect(document.body.textContent).not.toContain('{{');
    expect(document.body.textContent).not.toMatch(/terms\.(sections|intro)|common\.contact/);
  });

  it('states the SEC MC 14 s.2025 ceilings, the extension and the collection hours', async () => {
    const { sections } = await renderTerms('en');
    const section = (title: string) => sections.find((s) => headingOf(s) === title)?.textContent ?? '';

    const pricing = section(en.terms.sections.pricing.title);
    expect(pricing).toContain('up to ₱10,000 with a term of up to 4 months');
    for (const cap of [
      'at most 6% a month',
      'at most 12% a month',
      'at most 5% a month of the amount due',
      'at most 100% of the principal',
    ]) {
      expect(pricing).toContain(cap);
    }
    expect(section(en.terms.sections.extension.title)).toContain('8 days later');
    expect(section(en.terms.sections.collection.title)).toContain('before 6:00 AM or after 10:00 PM');
    expect(section(en.terms.sections.disbursement.title)).toContain(`within ${product.timings.fundsHours} hours`);
  });

  it.each(cases)('%s: the table of contents lists the section headings and links to each section', async (language) => {
    const { sections, toc } = await renderTerms(language);
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(sections.map(headingOf));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(sections.map((section) => `#${section.id}`));
  });

  it('scrolls to a section in place when its table-of-contents entry is tapped, leaving the URL to the router', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { sections, toc } = await renderTerms('zh-CN');
    const target = sections.find((s) => headingOf(s) === zhCN.terms.sections.collection.title)!;

    const notPrevented = fireEvent.click(within(toc).getByRole('link', { name: zhCN.terms.sections.collection.title }));

    expect(notPrevented).toBe(false);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(target);
    expect(document.activeElement).toBe(within(target).getByRole('heading', { level: 2 }));
    expect(screen.getByTestId('location').textContent).toBe('/conditionalTerms');
  });

  it.each(cases)(
    '%s: ends with the contact block, e-mails as mailto links and phones as tel links from config',
    async (language, catalog) => {
      const { sections } = await renderTerms(language);
      const contact = sections.at(-1)!;
      expect(headingOf(contact)).toBe(catalog.terms.sections.contact.title);

      const link = (name: string) => within(contact).getByRole('link', { name }).getAttribute('href');
      expect(link(product.supportEmail)).toBe(`mailto:${product.supportEmail}`);
      expect(link(product.grievanceOfficer.email)).toBe(`mailto:${product.grievanceOfficer.email}`);
      expect(link(product.hotline)).toBe(dial(product.hotline));
      expect(link(product.grievanceOfficer.phone)).toBe(dial(product.grievanceOfficer.phone));
      expect(within(contact).getByText(product.grievanceOfficer.name)).toBeTruthy();
    },
  );
});
