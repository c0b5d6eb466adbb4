/**
 * The app's shared state (spec section 3), persisted in localStorage under one core key. It holds no cloud or
 * provider credentials: uploads go through the server (product-decisions.md).
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

type Bag = Record<string, unknown>;

/** One value per logged-in session (customer and token): what per-session caches and views are keyed by. */
export function sessionKeyOf(publicData: PublicData): string {
  return `${publicData.customerId ?? ''}:${publicData.token ?? ''}`;
}

/** The persisted fields and their spec defaults. */
export interface CoreData {
  routeName: string;
  fromRoute: string;
  publicData: PublicData;
  homeData: Bag;
  orderData: Bag;
  subProData: Bag;
  FAQData: Bag;
  loanTabType: number;
  isRefresh: boolean;
  refreshControl: boolean;
  prohibitSelect: boolean;
  proWebsite: string;
  subProTheme: number;
  showLoginPopup: boolean;
}

/** State plus the actions that change it. */
export interface CoreState extends CoreData {
  setRoute: (routeName: string) => void;
  setSession: (session: Required<Pick<PublicData, 'customerId' | 'token'>> & Pick<PublicData, 'phone_number'>) => void;
  /** Clears token, phone number and customer id, removes the user-info entry and the step drafts. Asks nothing: callers confirm first. */
  logout: () => void;
  patch: (data: Partial<CoreData>) => void;
}

/** Spec defaults; product settings come from config. */
export function coreDefaults(): CoreData {
  return {
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
    proWebsite: product.website,
    subProTheme: product.subProTheme,
    showLoginPopup: product.showLoginPopup,
  };
}

export const useCoreStore = create<CoreState>()(
  persistStored(
    (set, get) => ({
      ...coreDefaults(),
      setRoute: (routeName) => {
        const current = get().routeName;
        if (current !== routeName) set({ routeName, fromRoute: current });
      },
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
      partialize: ({ setRoute: _a, setSession: _b, logout: _c, patch: _d, ...data }) => data,
      version: 1,
      storage: browserStorage(),
    },
  ),
);
