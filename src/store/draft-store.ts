/**
 * What the borrower typed into the information steps, per step, and which steps they completed (submitted valid):
 * kept in localStorage so what is typed but not yet saved survives navigation and reloads (the server holds each step
 * once it is saved, src/forms/profile-sync.ts), and cleared at logout so the next person on a shared phone finds
 * nothing.
 *
 * Photos are never written to storage: an ID or a face is an identity document (RA 10173), and localStorage is
 * readable by anyone holding the phone. They stay in memory for the session; after a reload the identity step keeps
 * its completion, and the borrower retakes the photos only if they change that step.
 */
import { create } from 'zustand';
import { STORAGE } from '../storage.ts';
import { useCoreStore } from './core-store.ts';
import { browserStorage, persistStored } from './persist.ts';

type Section = Record<string, unknown>;

/** The persisted part. */
export interface DraftData {
  /** The data of each step, by step name, as typed (not yet normalised). */
  sections: Record<string, Section>;
  /** The steps submitted valid, by step name. */
  completed: string[];
}

export interface DraftState extends DraftData {
  /** Keeps what was typed in a step. */
  setSection: (step: string, data: Section) => void;
  /** Records the steps the server says are complete. */
  setCompleted: (steps: string[]) => void;
  /** Forgets every step (logout). */
  clear: () => void;
}

/** Whether a value is an image held as a data URL (a photo or a signature). */
function isImage(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('data:');
}

/** A copy of `value` without images, at any depth. */
export function withoutImages(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutImages);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => !isImage(v))
      .map(([k, v]) => [k, withoutImages(v)]),
  );
}

export const useDraftStore = create<DraftState>()(
  persistStored(
    (set, get) => ({
      sections: {},
      completed: [],
      setSection: (step, data) => set({ sections: { ...get().sections, [step]: data } }),
      setCompleted: (steps) => set({ completed: steps }),
      clear: () => set({ sections: {}, completed: [] }),
    }),
    {
      name: STORAGE.drafts,
      partialize: ({ sections, completed }) => ({
        sections: withoutImages(sections) as DraftData['sections'],
        completed,
      }),
      // Rehydration replaces sections wholesale: photos taken in this page's life are not in storage to merge.
      version: 1,
      storage: browserStorage(),
    },
  ),
);

// Logout removes the persisted drafts (core-store); this forgets the ones in memory too.
useCoreStore.subscribe((state, previous) => {
  if (previous.publicData.token !== undefined && state.publicData.token === undefined) useDraftStore.getState().clear();
});
