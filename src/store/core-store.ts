/**
 * The app's shared state (spec section 3), persisted in localStorage under one core key. It holds no cloud or
 * provider credentials: uploads go through the server (docs/product-rules.md).
 */
import { create } from 'zustand';
import { product } from '../config.ts';
import { removeStorage, STORAGE } from '../storage.ts';
import { browserStorage, persistStored } from './persist.ts';

/** Logged-in state: a token plus a customer id, and the phone number once set. */
export interface PublicData {
  customerId?: string;
  token?: string;
  phone_number?: string;
}

/** One value per logged-in session (customer and token): what per-session caches and views are keyed by. */
export function sessionKeyOf(publicData: PublicData): string {
  return `${publicData.customerId ?? ''}:${publicData.token ?? ''}`;
}

/**
 * The persisted fields the app reads, with their spec defaults. The spec's other section-3 fields are not stored:
 * the route (react-router holds it in the URL), the home, order and product data and the FAQ (the API and config
 * answer them fresh), the refresh and selection flags, the website and the login popup (product config).
 */
export interface CoreData {
  publicData: PublicData;
  loanTabType: number;
  subProTheme: number;
}

/** State plus the actions that change it. */
export interface CoreState extends CoreData {
  setSession: (session: Required<Pick<PublicData, 'customerId' | 'token'>> & Pick<PublicData, 'phone_number'>) => void;
  /** Clears token, phone number and customer id, removes the user-info entry and the step drafts. Asks nothing: callers confirm first. */
  logout: () => void;
  patch: (data: Partial<CoreData>) => void;
}

/** Spec defaults; product settings come from config. */
export function coreDefaults(): CoreData {
  return { publicData: {}, loanTabType: 2, subProTheme: product.subProTheme };
}

/** The persisted fields of a state: what the app reads, nothing else. */
const dataOf = ({ publicData, loanTabType, subProTheme }: CoreData): CoreData => ({
  publicData,
  loanTabType,
  subProTheme,
});

export const useCoreStore = create<CoreState>()(
  persistStored(
    (set, get) => ({
      ...coreDefaults(),
      setSession: (session) => set({ publicData: { ...get().publicData, ...session } }),
      logout: () => {
        const { token: _token, customerId: _customerId, phone_number: _phone, ...rest } = get().publicData;
        set({ publicData: rest });
        removeStorage('local', STORAGE.userInfo);
        // The step drafts: their store (loaded with the steps) also clears itself in memory when the token goes.
        removeStorage('local', STORAGE.drafts);
      },
      patch: (data) => set(data),
    }),
    {
      name: STORAGE.core,
      // Only what the app reads: a phone that stored version 1 keeps its session, tab and theme, and drops the rest.
      partialize: (state) => dataOf(state),
      merge: (stored, current) => ({ ...current, ...dataOf({ ...current, ...(stored as Partial<CoreData>) }) }),
      version: 1,
      storage: browserStorage(),
    },
  ),
);
