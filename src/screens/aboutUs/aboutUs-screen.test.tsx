// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { product, type Language } from '#src/config.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import AboutUsScreen from './aboutUs-screen.tsx';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { mailtoHref, telHref, whatsappHref } from '#src/contact/contact-links.ts';
import { channelHref } from '#src/contact/service-channels.tsx';

const languages = product.languages as readonly Language[];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderAbout(language: Language) {
  const view = await renderScreen(<AboutUsScreen />, { language, namespaces: ['about'], path: '/aboutUs' });
  await screen.findByTestId('lender');
  return view;
}

describe('about catalogs', () => {
  it('have the same keys and placeholders in every language and no product facts typed in', () => {
    expect(catalogProblems('about')).toEqual([]);
  });
});

describe('channel links', () => {
  it('builds mailto, wa.me and tel links from config values', () => {
    expect(mailtoHref('a@b.ph')).toBe('mailto:a@b.ph');
    expect(mailtoHref('a@b.ph', { subject: 'Hi there', body: 'Tel +63 9' })).toBe(
      'mailto:a@b.ph?subject=Hi%20there&body=Tel%20%2B63%209',
    );
    expect(whatsappHref('+63 917 888 7326')).toBe('https://wa.me/639178887326');
    expect(whatsappHref('0917-888-7326')).toBe('https://wa.me/639178887326');
    expect(telHref('+63 2 8888 7326')).toBe('tel:+63288887326');
    expect(channelHref({ type: 'email', value: 'x@y.ph' }, { subject: 'S' })).toBe('mailto:x@y.ph?subject=S');
  });
});

describe.each(languages)('AboutUsScreen in %s', (language) => {
  it('shows the lender disclosures and the grievance officer from config, with nothing left uninterpolated', async () => {
    const { container } = await renderAbout(language);
    const lender = within(screen.getByTestId('lender'));
    for (const value of Object.values(product.lender)) expect(lender.getByText(value)).toBeTruthy();

    const officer = within(screen.getByTestId('grievance'));
    expect(officer.getByText(product.grievanceOfficer.name)).toBeTruthy();
    expect(officer.getByText(product.grievanceOfficer.address)).toBeTruthy();
    expect(officer.getByText(product.grievanceOfficer.email).getAttribute('href')).toBe(
      `mailto:${product.grievanceOfficer.email}`,
    );
    expect(officer.getByText(product.grievanceOfficer.phone).getAttribute('href')).toBe(
      `tel:${product.grievanceOfficer.phone.replace(/[^\d+]/g, '')}`,
    );

    const text = container.textContent ?? '';
    expect(text).toContain(product.displayName);
    expect(text).toContain(`${product.customerService.opens}–${product.customerService.closes}`);
    for (const n of Object.values(product.timings)) expect(text).toContain(String(n));
    expect(container.innerHTML).not.toContain('{{');
    expect(screen.getByText(product.website).getAttribute('href')).toBe(product.website);

    // the texts really are this language's (a missing catalog would fall back to English)
    const catalog = readCatalogs('about')[language];
    expect(screen.getByText(catalog['grievance.title'] ?? '-')).toBeTruthy();
    expect(screen.getByText(catalog['lender.title'] ?? '-')).toBeTruthy();
  });

  it('links every service channel correctly', async () => {
    const { container } = await renderAbout(language);
    const href = (type: string) => container.querySelector(`a[data-channel="${type}"]`)?.getAttribute('href');
    expect(href('email')).toBe('mailto:support@pesoagad.ph');
    expect(href('whatsapp')).toBe('https://wa.me/639178887326');
    expect(href('phone')).toBe('tel:+63288887326');
    expect(container.querySelectorAll('a[data-channel]')).toHaveLength(product.customerService.channels.length);
  });
});

describe('AboutUsScreen behaviour', () => {
  it('says open during Manila office hours and closed outside them', async () => {
    const catalog = readCatalogs('about').en;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00+08:00'));
    await renderAbout('en');
    expect(screen.getByTestId('service-status').textContent).toBe(catalog['service.openNow']);
    cleanup();

    // 20:00 in Manila is 12:00 UTC: a device-zone or UTC reading would say open
    vi.setSystemTime(new Date('2026-03-02T20:00:00+08:00'));
    await renderAbout('en');
    expect(screen.getByTestId('service-status').textContent).toBe(catalog['service.closedNow']);
    expect(screen.getByText(catalog['service.closedHint'] ?? '-')).toBeTruthy();
  });

  it('copies a channel and confirms with the common toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderAbout('zh-CN');
    const whatsapp = product.customerService.channels.find((c) => c.type === 'whatsapp');
    fireEvent.click(screen.getByRole('button', { name: `复制WhatsApp：${whatsapp?.value ?? ''}` }));
    expect(writeText).toHaveBeenCalledWith(whatsapp?.value);
    expect(await screen.findByText('复制成功')).toBeTruthy();
  });
});
