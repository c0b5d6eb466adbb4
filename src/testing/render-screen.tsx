/**
 * Test helper for component tests (jsdom): starts the real i18n with the real catalogs, switches to `language`,
 * preloads the screen's namespaces and renders `ui` inside a router with the toast and dialog hosts.
 */
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import i18next from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter, useLocation } from '../router.ts';
import { ConfirmHost } from '#engine/ui/confirm-dialog.tsx';
import { ToastHost } from '#engine/ui/toast.tsx';
import type { Language } from '../config.ts';
import { initI18n } from '../i18n.ts';

const catalogs = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

/** Reads catalogs from locales/ (the browser fetches the same files from /locales/). */
export async function loadFromDisk(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = catalogs[`../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`no catalog ${language}/${namespace}`);
  return load();
}

let started: Promise<unknown> | undefined;

/** Where the rendered screen navigated to; read it with `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderScreenOptions {
  language?: Language;
  namespaces?: string[];
  /** Initial URL, e.g. '/guildDetail?browser=safari'. */
  path?: string;
}

export async function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}): Promise<RenderResult> {
  started ??= initI18n(loadFromDisk);
  await started;
  await i18next.changeLanguage(options.language ?? 'en');
  await i18next.loadNamespaces(options.namespaces ?? []);
  const path = options.path ?? '/';
  return render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
      <LocationProbe />
      <ToastHost />
      <ConfirmHost />
    </MemoryRouter>,
  );
}

/**
 * The hooks of a signed-in screen's suite: before each test, storage cleared and a session stored; after it, the
 * screen unmounted, stubbed globals (fetch) restored and the language back to English.
 */
export function signedInScreenSuite(logIn: () => void): void {
  beforeEach(() => {
    localStorage.clear();
    logIn();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    if (i18next.isInitialized) await i18next.changeLanguage('en');
  });
}
