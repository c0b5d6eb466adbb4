// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { coreDefaults, useCoreStore } from './core-store.ts';

beforeEach(() => {
  localStorage.clear();
  useCoreStore.setState({ ...coreDefaults() });
});

describe('core store', () => {
  it('starts from the spec defaults and holds no cloud credentials', () => {
    const state = useCoreStore.getState();
    expect(state).toMatchObject({
      routeName: '',
      fromRoute: '',
      publicData: {},
      homeData: {},
      orderData: {},
      subProData: {},
      FAQData: {},
      loanTabType: 2,
      isRefresh: false,
      refreshControl: true,
      prohibitSelect: false,
      proWebsite: 'https://pesoagad.ph',
      subProTheme: 1,
      showLoginPopup: false,
    });
    expect(state).not.toHaveProperty('awsData');
  });

  it('persists its data under the one core key', () => {
    useCoreStore.getState().setSession({ token: 't', customerId: '7', phone_number: '9171234567' });
    const saved = JSON.parse(localStorage.getItem('core') ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state['publicData']).toEqual({ token: 't', customerId: '7', phone_number: '9171234567' });
    expect(saved.state['loanTabType']).toBe(2);
    expect(Object.keys(saved.state).some((k) => typeof saved.state[k] === 'function')).toBe(false);
    expect(Object.keys(localStorage)).toEqual(['core']);
  });

  it('remembers where the user came from', () => {
    useCoreStore.getState().setRoute('privacy');
    useCoreStore.getState().setRoute('setup');
    useCoreStore.getState().setRoute('setup');
    expect(useCoreStore.getState()).toMatchObject({ routeName: 'setup', fromRoute: 'privacy' });
  });

  it('logout clears token, phone number and customer id and removes the user-info entry', () => {
    useCoreStore.getState().setSession({ token: 't', customerId: '7', phone_number: '9171234567' });
    useCoreStore.getState().patch({ homeData: { limit: 1 } });
    localStorage.setItem('userInfo', '{"name":"Juan"}');
    useCoreStore.getState().logout();
    expect(useCoreStore.getState().publicData).toEqual({});
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(useCoreStore.getState().homeData).toEqual({ limit: 1 });
  });
});
