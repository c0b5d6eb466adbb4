// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { coreDefaults, useCoreStore } from './core-store.ts';

beforeEach(() => {
  localStorage.clear();
  useCoreStore.setState({ ...coreDefaults() });
});

describe('core store', () => {
  it('starts from the spec defaults of what the app reads, and holds no cloud credentials', () => {
    const state = useCoreStore.getState();
    expect(coreDefaults()).toEqual({ publicData: {}, loanTabType: 2, subProTheme: 1 });
    expect(state).toMatchObject(coreDefaults());
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

  it('logout clears token, phone number and customer id and removes the user-info entry', () => {
    useCoreStore.getState().setSession({ token: 't', customerId: '7', phone_number: '9171234567' });
    useCoreStore.getState().patch({ loanTabType: 3 });
    localStorage.setItem('userInfo', '{"name":"Juan"}');
    useCoreStore.getState().logout();
    expect(useCoreStore.getState().publicData).toEqual({});
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(useCoreStore.getState().loanTabType).toBe(3);
  });
});
