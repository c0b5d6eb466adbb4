// @vitest-environment jsdom
import { act, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { DrawnForAnotherState, useHydratedSlice } from './hydrated.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type State = { section?: Record<string, unknown> };

function Step({ store }: { store: UseBoundStore<StoreApi<State>> }) {
  const section = useHydratedSlice(store, (s) => s.section);
  return <input readOnly value={String(section?.['name'] ?? '')} />;
}

/** Draws the page as the prerender does (the store as it started), moves the store on, then hydrates. */
async function hydrateAfter(start: State, now: State) {
  const store = create<State>()(() => start);
  const app = (
    <Suspense fallback={null}>
      <Step store={store} />
    </Suspense>
  );
  const root = document.createElement('div');
  root.innerHTML = renderToString(app);
  const drawn = root.querySelector('input');
  store.setState(now, true);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(root, app, { onRecoverableError: (error) => errors.push(error) });
  });
  return { drawn, input: root.querySelector('input')!, errors };
}

describe('a slice the page was drawn without', () => {
  it('hydrates the markup when the store holds what the page drew: the empty defaults a form adds included', async () => {
    const { drawn, input, errors } = await hydrateAfter({}, { section: { address: {}, contacts: [{}, {}], note: '' } });
    expect(errors).toEqual([]);
    expect(input).toBe(drawn);
  });

  it('draws the screen again, not hydrated, when the store holds more than the page drew', async () => {
    const { drawn, input, errors } = await hydrateAfter({}, { section: { name: 'Juan dela Cruz' } });
    expect(errors.map((error) => (error as Error).cause ?? error)).toEqual([expect.any(DrawnForAnotherState)]);
    expect(input).not.toBe(drawn);
    expect(input.value).toBe('Juan dela Cruz');
  });

  it('hydrates a snapshot that holds more than the page drew, with its values in the drawn inputs', async () => {
    const start = { section: { name: 'Maria Santos' } };
    // The page was drawn by another store: nothing in the step.
    const root = document.createElement('div');
    root.innerHTML = renderToString(
      <Suspense fallback={null}>
        <Step store={create<State>()(() => ({}))} />
      </Suspense>,
    );
    const drawn = root.querySelector('input');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        root,
        <Suspense fallback={null}>
          <Step store={create<State>()(() => start)} />
        </Suspense>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('input')).toBe(drawn);
    expect(drawn!.value).toBe('Maria Santos');
  });

  it('reads the store as any hook does outside hydration', async () => {
    const store = create<State>()(() => ({ section: { name: 'Juan' } }));
    const root = document.createElement('div');
    await act(async () => createRoot(root).render(<Step store={store} />));
    await act(async () => store.setState({ section: { name: 'Juan dela Cruz' } }));
    expect(root.querySelector('input')!.value).toBe('Juan dela Cruz');
  });
});
