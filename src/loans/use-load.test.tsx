// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './use-load.ts';

describe('useLoad', () => {
  it('keeps an answer set while a load was under way: the load that started before it does not overwrite it', async () => {
    let answer!: (value: string) => void;
    const { result } = renderHook(() => useLoad('limit', () => new Promise<string>((resolve) => (answer = resolve))));
    // A mutation's answer (the bound account and its raise) arrives before the screen's first load.
    act(() => result.current.setData('after the binding'));
    await act(async () => {
      answer('before the binding');
      await Promise.resolve();
    });
    expect(result.current.data).toBe('after the binding');
  });

  it('shows a load that finished after nothing else was set', async () => {
    const { result } = renderHook(() => useLoad('limit', () => Promise.resolve('loaded')));
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.data).toBe('loaded');
  });
});
