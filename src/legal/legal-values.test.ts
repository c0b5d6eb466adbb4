// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en/legal.json';
import fil from '#locales/fil/legal.json';
import zhCN from '#locales/zh-CN/legal.json';
import { product } from '../config.ts';
import { telHref } from '../contact/contact-links.ts';
import { initI18n } from '../i18n.ts';
import { loadFromDisk } from '../testing/render-screen.tsx';
import { formatClock, formatLegalDate, legalValues } from './legal-values.ts';

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}

const catalogs = { en, fil, 'zh-CN': zhCN };
// Placeholders the document fills in itself besides legalValues: the last-updated date.
const provided = new Set([...Object.keys(legalValues('en')), 'date']);

// The rates are written from the common catalog's pattern (src/loans/format.ts).
beforeAll(async () => {
  localStorage.clear();
  await initI18n(loadFromDisk);
});

describe('legal values', () => {
  it('formats the last-updated day as each language writes a date', () => {
    expect(formatLegalDate('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatLegalDate('2026-11-21', 'fil')).toBe('Nobyembre 21, 2026');
    expect(formatLegalDate('2026-11-21', 'zh-CN')).toBe('2026年11月21日');
  });

  it('reads a clock as Manila time and writes it the way the language does', () => {
    expect(formatClock('22:00', 'en')).toBe('10:00 PM');
    expect(formatClock('06:00', 'fil')).toBe('6:00 AM');
    expect(formatClock('18:00', 'zh-CN')).toBe('18:00');
  });

  it('quotes the ceilings of the regulation in force (domain/regulation.ts) and the configured extension', () => {
    expect(legalValues('en', '2026-11-24')).toMatchObject({
      capPrincipal: '₱10,000',
      capMonths: '4',
      capNominal: '6%',
      capEir: '12%',
      capPenalty: '5%',
      capTotal: '100%',
      extensionDays: '8',
    });
  });

  it('dials the configured numbers without spaces', () => {
    expect(telHref('+63 2 8888 7326')).toBe('tel:+63288887326');
    expect(legalValues('en')['hotline']).toBe(product.hotline);
  });

  it.each(Object.entries(catalogs))('%s: every placeholder in the legal texts has a value', (_lng, catalog) => {
    const used = strings(catalog).flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(0);
    expect([...new Set(used)].filter((name) => !provided.has(name))).toEqual([]);
  });

  it.each(Object.entries(catalogs))('%s: no product fact is written into the legal texts', (_lng, catalog) => {
    const { lender, grievanceOfficer: officer } = product;
    const facts = [
      product.displayName,
      lender.corporateName,
      lender.secRegistrationNumber,
      lender.certificateOfAuthorityNumber,
      lender.address,
      product.supportEmail,
      product.hotline,
      product.website,
      officer.name,
      officer.email,
      officer.phone,
      officer.address,
    ];
    const text = strings(catalog).join('\n');
    expect(facts.filter((fact) => text.includes(fact))).toEqual([]);
  });
});
