// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '#locales/en/legal.json';
import fil from '#locales/fil/legal.json';
import zhCN from '#locales/zh-CN/legal.json';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import PrivacyScreen from './privacy-screen.tsx';

const cases: [Language, typeof en, string][] = [
  ['en', en, 'November 21, 2026'],
  ['fil', fil, 'Nobyembre 21, 2026'],
  ['zh-CN', zhCN, '2026年11月21日'],
];
const dial = (phone: string) => `tel:${phone.replace(/\s/g, '')}`;

async function renderPrivacy(language: Language) {
  await renderScreen(<PrivacyScreen />, { language, namespaces: ['legal'], path: '/privacy' });
  const sections = await screen.findAllByRole('region');
  const toc = screen.getByRole('navigation');
  return { sections, toc, article: screen.getByRole('article') };
}

// jsdom has no scrollIntoView; the tests that tap the table of contents install a mock and this puts jsdom back.
const originalScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = originalScrollIntoView;
});

describe('privacy screen', () => {
  it.each(cases)(
    '%s: renders every section of the policy with the lender facts from config',
    async (language, catalog, updated) => {
      const { sections, article } = await renderPrivacy(language);
      const headings = sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent);
      expect(headings).toEqual(Object.values(catalog.privacy.sections).map((section) => section.title));

      const text = article.textContent ?? '';
      expect(text).toContain(updated);
      expect(text).toContain(product.lender.corporateName);
      expect(text).toContain(product.lender.secRegistrationNumber);
      expect(text).toContain(product.lender.certificateOfAuthorityNumber);
      expect(text).toContain(product.lender.address);
      expect(text).toContain(product.grievanceOfficer.name);
      // The opening of "Who we are" names the lender with both SEC numbers.
      const whoWeAre = within(sections[0]!).getAllByRole('paragraph')[0]!.textContent ?? '';
      expect(whoWeAre).toContain(product.lender.corporateName);
      expect(whoWeAre).toContain(product.lender.secRegistrationNumber);
      expect(whoWeAre).toContain(product.lender.certificateOfAuthorityNumber);
      // Nothing left uninterpolated, and no raw key shown instead of a text.
      expect(document.body.textContent).not.toContain('{{');
      expect(document.body.textContent).not.toMatch(/privacy\.(sections|intro)|common\.contact/);
    },
  );

  it.each(cases)('%s: renders the bulleted lists, including what is collected', async (language, catalog) => {
    const { sections } = await renderPrivacy(language);
    const collect = sections[1]!;
    const expected = catalog.privacy.sections.collect.body.find((block) => Array.isArray(block));
    expect(within(collect).getAllByRole('listitem')).toHaveLength(expected?.length ?? -1);
  });

  it.each(cases)('%s: the table of contents lists the section headings and links to each section', async (language) => {
    const { sections, toc } = await renderPrivacy(language);
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent),
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual(sections.map((section) => `#${section.id}`));
  });

  it('scrolls to a section in place when its table-of-contents entry is tapped, leaving the URL to the router', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { sections, toc } = await renderPrivacy('en');
    const target = sections[8]!;
    const link = within(toc).getByRole('link', { name: en.privacy.sections.rights.title });

    const notPrevented = fireEvent.click(link);

    expect(notPrevented).toBe(false);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(target);
    expect(document.activeElement).toBe(within(target).getByRole('heading', { level: 2 }));
    expect(screen.getByTestId('location').textContent).toBe('/privacy');
  });

  it('ends with the contact block: e-mails as mailto links and phone numbers as tel links from config', async () => {
    const { sections } = await renderPrivacy('en');
    const contact = sections.at(-1)!;
    expect(within(contact).getByRole('heading', { level: 2 }).textContent).toBe(en.privacy.sections.contact.title);

    const support = within(contact).getByRole('link', { name: product.supportEmail });
    expect(support.getAttribute('href')).toBe(`mailto:${product.supportEmail}`);
    const officer = within(contact).getByRole('link', { name: product.grievanceOfficer.email });
    expect(officer.getAttribute('href')).toBe(`mailto:${product.grievanceOfficer.email}`);
    const hotline = within(contact).getByRole('link', { name: product.hotline });
    expect(hotline.getAttribute('href')).toBe(dial(product.hotline));
    const officerPhone = within(contact).getByRole('link', { name: product.grievanceOfficer.phone });
    expect(officerPhone.getAttribute('href')).toBe(dial(product.grievanceOfficer.phone));
    expect(within(contact).getByRole('link', { name: product.website }).getAttribute('href')).toBe(product.website);
  });
});
