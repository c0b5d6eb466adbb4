// @vitest-environment jsdom
/**
 * The stores persist through zustand's own middleware, and what the app wrote before (its home-made persist, the same
 * `{"state", "version": 1}` JSON under the same keys) loads unchanged on upgrade: a borrower loses no session, draft
 * or completed step. Each case loads the stores afresh over what localStorage holds, as a page load does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Exactly what the home-made persist (src/store/persist.ts before zustand's) wrote for a signed-in borrower. */
const OLD_CORE =
  '{"state":{"routeName":"contact","fromRoute":"baseInfo","publicData":{"customerId":"7","token":"tok","phone_number":"9171234567"},"homeData":{"limit":5000},"orderData":{},"subProData":{},"FAQData":{},"loanTabType":1,"isRefresh":false,"refreshControl":true,"prohibitSelect":false,"proWebsite":"https://pesoagad.ph","subProTheme":2,"showLoginPopup":false},"version":1}';
const OLD_DRAFTS =
  '{"state":{"sections":{"baseInfo":{"fullName":"Juan Dela Cruz","children":[{"age":3}]}},"completed":["baseInfo"]},"version":1}';

async function loadStores() {
  vi.resetModules();
  const core = await import('./core-store.ts');
  const drafts = await import('./draft-store.ts');
  return { core: core.useCoreStore, drafts: drafts.useDraftStore };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('persisted stores', () => {
  it("are zustand's persist middleware, under the same keys and version", async () => {
    const { core, drafts } = await loadStores();
    expect(core.persist.getOptions()).toMatchObject({ name: 'core', version: 1 });
    expect(drafts.persist.getOptions()).toMatchObject({ name: 'drafts', version: 1 });
    expect(core.persist.hasHydrated()).toBe(true);
  });

  it('load what the previous release stored: what the app reads, unchanged, and none of the rest', async () => {
    localStorage.setItem('core', OLD_CORE);
    localStorage.setItem('drafts', OLD_DRAFTS);
    const { core, drafts } = await loadStores();
    const old = JSON.parse(OLD_CORE) as { state: Record<string, unknown> };
    const { publicData, loanTabType, subProTheme } = old.state;
    expect(core.getState()).toMatchObject({ publicData, loanTabType, subProTheme });
    expect(core.getState()).not.toHaveProperty('homeData');
    expect(core.getState()).not.toHaveProperty('routeName');
    expect(drafts.getState().sections).toEqual({ baseInfo: { fullName: 'Juan Dela Cruz', children: [{ age: 3 }] } });
    expect(drafts.getState().completed).toEqual(['baseInfo']);
    // React hydrates the prerendered page with the state the store starts from: the stored one, signed in.
    expect(core.getInitialState().publicData).toEqual(old.state['publicData']);
    // Nothing was rewritten on load; the next write keeps only what the app reads.
    expect(localStorage.getItem('core')).toBe(OLD_CORE);
    core.getState().patch({ loanTabType: 3 });
    expect(JSON.parse(localStorage.getItem('core') ?? '')).toEqual({
      state: { publicData, loanTabType: 3, subProTheme },
      version: 1,
    });
  });

  it('write the format the previous release reads: {state, version} JSON, data only', async () => {
    const { core, drafts } = await loadStores();
    core.getState().setSession({ customerId: '8', token: 't2' });
    drafts.getState().setSection('contact', { email: 'a@b.ph', photo: 'data:image/png;base64,AA' });
    const saved = JSON.parse(localStorage.getItem('core') ?? '') as { state: Record<string, unknown>; version: number };
    expect(saved.version).toBe(1);
    expect(saved.state['publicData']).toEqual({ customerId: '8', token: 't2' });
    expect(Object.values(saved.state).some((v) => typeof v === 'function')).toBe(false);
    expect(JSON.parse(localStorage.getItem('drafts') ?? '')).toEqual({
      state: { sections: { contact: { email: 'a@b.ph' } }, completed: [] },
      version: 1,
    });
  });

  it('start from the defaults over unreadable JSON, quietly', async () => {
    localStorage.setItem('core', '{not json');
    const warn = vi.spyOn(console, 'warn');
    const { core } = await loadStores();
    expect(core.getState().publicData).toEqual({});
    core.getState().patch({ loanTabType: 3 });
    expect(JSON.parse(localStorage.getItem('core') ?? '')).toMatchObject({ state: { loanTabType: 3 }, version: 1 });
    expect(warn).not.toHaveBeenCalled();
  });
});
