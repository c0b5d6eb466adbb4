// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import { renderScreen } from './render-screen.tsx';

function Hello() {
  const { t } = useTranslation();
  return <p>{t('nav.myLoan')}</p>;
}

describe('renderScreen', () => {
  it('renders with real catalogs in the chosen language', async () => {
    await renderScreen(<Hello />, { language: 'zh-CN' });
    expect(await screen.findByText('我的借款')).toBeTruthy();
  });
});
