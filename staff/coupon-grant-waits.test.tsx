// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/staff.json' with { type: 'json' };
import fil from '#locales/fil/staff.json' with { type: 'json' };
import zh from '#locales/zh-CN/staff.json' with { type: 'json' };
import { GrantCaps, GrantWaits } from './coupon-grant-waits.tsx';
import type { GrantWait } from '#api-contract/staff-ops.ts';

async function inLanguage(lng: string) {
  const i18n = i18next.createInstance().use(initReactI18next);
  await i18n.init({
    lng,
    resources: { en: { staff: en }, fil: { staff: fil }, 'zh-CN': { staff: zh } },
    ns: ['staff'],
    defaultNS: 'staff',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

const waits: GrantWait[] = [
  { cap: 'amount', limit: 10000, periodDays: null },
  { cap: 'customerGrants', limit: 2, periodDays: 30 },
  { cap: 'customerCentavos', limit: 10000, periodDays: 30 },
  { cap: 'agentGrants', limit: 1, periodDays: 1 },
  { cap: 'agentCentavos', limit: 50000, periodDays: 1 },
];

describe('why a coupon grant waits, as the agent and the supervisor read it', () => {
  it('says each cap with its limit and period in English', async () => {
    const i18n = await inLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <GrantWaits waits={waits} />
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Worth more than ₱100, the most one grant may be without a supervisor.',
      'More than 2 grants to this customer within 30 days.',
      'More than ₱100 granted to this customer within 30 days.',
      'More than 1 grant by the same staff member within 1 day.',
      'More than ₱500 granted by the same staff member within 1 day.',
    ]);
  });

  it.each(['fil', 'zh-CN'])('says them in %s, never a key, with the same numbers', async (lng) => {
    const i18n = await inLanguage(lng);
    render(
      <I18nextProvider i18n={i18n}>
        <GrantWaits waits={waits} />
        <GrantCaps
          caps={{
            perCustomer: { periodDays: 30, maxGrants: 2, maxCentavos: 10000 },
            perAgent: { periodDays: 1, maxGrants: 20, maxCentavos: 50000 },
          }}
        />
      </I18nextProvider>,
    );
    const texts = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(texts).toHaveLength(7);
    for (const text of texts) expect(text).not.toMatch(/couponGrant|common\.|\{\{/u);
    expect(texts[1]).toMatch(/\b2\b.*\b30\b|\b30\b.*\b2\b/u);
    expect(texts[6]).toContain('₱500');
  });

  it('shows nothing for a grant issued at once', async () => {
    const i18n = await inLanguage('en');
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <GrantWaits waits={[]} />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
