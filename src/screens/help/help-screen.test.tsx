// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import faq from '#config/faq.json';
import { logIn } from '#src/testing/api-mock.ts';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import HelpScreen from './help-screen.tsx';

const catalogs = readCatalogs('help');
const en = catalogs.en;
const fil = catalogs.fil;

beforeEach(() => {
  localStorage.clear();
  logIn();
});
afterEach(async () => {
  cleanup();
  if (i18next.isInitialized) await i18next.changeLanguage('en');
});

describe('help catalogs', () => {
  it('have the same keys and placeholders in every language and no product facts typed in', () => {
    expect(catalogProblems('help')).toEqual([]);
  });

  it('have a title for every group and a question and an answer for every question of config/faq.json, in every language', () => {
    for (const [lng, catalog] of Object.entries(catalogs)) {
      for (const group of faq.groups) {
        expect(catalog[`groups.${group.id}`], `${lng} groups.${group.id}`).toBeTruthy();
        for (const id of group.questions) {
          expect(catalog[`faq.${id}.q`], `${lng} faq.${id}.q`).toBeTruthy();
          expect(catalog[`faq.${id}.a`], `${lng} faq.${id}.a`).toBeTruthy();
        }
      }
    }
  });
});

describe('the help screen', () => {
  const questions = () =>
    screen.queryAllByText((_, el) => el?.classList.contains('help-q') ?? false).map((el) => el.textContent);

  it('lists every question by group, with the figures from config', async () => {
    await renderScreen(<HelpScreen />, { namespaces: ['help'] });
    expect(questions()).toHaveLength(faq.groups.flatMap((g) => g.questions).length);
    for (const group of faq.groups)
      expect(screen.getByRole('heading', { name: en[`groups.${group.id}`] })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\{\{/u);
    expect(screen.getByRole('link', { name: new RegExp(en['feedback.link']!, 'u') }).getAttribute('href')).toBe(
      '/feedback',
    );
    expect(screen.getByText(en['service.title']!)).toBeTruthy();
  });

  it('finds a question by a word of its question or answer, ignoring case and accents, and says when nothing matches', async () => {
    await renderScreen(<HelpScreen />, { namespaces: ['help'] });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'EXTEND' } });
    expect(questions()).toEqual([en['faq.extend.q']]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'payout account' } });
    expect(questions()).toContain(en['faq.changeBank.q']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'qwertyuiop' } });
    expect(questions()).toEqual([]);
    expect(screen.getByText(en['noMatch']!)).toBeTruthy();
  });

  it('searches in the language shown', async () => {
    await renderScreen(<HelpScreen />, { language: 'fil', namespaces: ['help'] });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'magbayad' } });
    expect(questions()).toContain(fil['faq.howToRepay.q']);
  });
});
