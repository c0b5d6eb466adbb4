// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { useCoreStore } from './core-store.ts';
import { useDraftStore, withoutImages } from './draft-store.ts';

const PHOTO = 'data:image/jpeg;base64,/9j/AAAA';

describe('draft store', () => {
  beforeEach(() => {
    localStorage.clear();
    useDraftStore.getState().clear();
  });

  it('keeps what was typed and the completed steps in localStorage, never a photo', () => {
    useDraftStore
      .getState()
      .setSection('identityInfo', { name: 'Juan', idPhotoFront: PHOTO, nested: [{ face: PHOTO, ok: 1 }] });
    useDraftStore.getState().setCompleted(['baseInfo']);
    const stored = localStorage.getItem('drafts') ?? '';
    expect(JSON.parse(stored)).toMatchObject({
      state: { sections: { identityInfo: { name: 'Juan', nested: [{ ok: 1 }] } }, completed: ['baseInfo'] },
    });
    expect(stored).not.toContain('data:image');
    // In memory the photo stays for the session.
    expect(useDraftStore.getState().sections['identityInfo']?.['idPhotoFront']).toBe(PHOTO);
  });

  it('records the completed steps the server reports, replacing the earlier list', () => {
    useDraftStore.getState().setCompleted(['baseInfo', 'contact']);
    useDraftStore.getState().setCompleted(['baseInfo']);
    expect(useDraftStore.getState().completed).toEqual(['baseInfo']);
  });

  it('is forgotten at logout, in storage and in memory', () => {
    useCoreStore.getState().setSession({ customerId: '1', token: 't' });
    useDraftStore.getState().setSection('contact', { email: 'a@b.ph' });
    useCoreStore.getState().logout();
    expect(useDraftStore.getState().sections).toEqual({});
    expect(localStorage.getItem('drafts') ?? '').not.toContain('a@b.ph');
  });

  it('strips images at any depth, and nothing else', () => {
    expect(withoutImages({ a: 'x', b: PHOTO, c: [PHOTO, 'y', { d: PHOTO }] })).toEqual({ a: 'x', c: [PHOTO, 'y', {}] });
  });
});
