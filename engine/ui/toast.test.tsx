// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, ToastHost, TOAST_DURATION_MS } from './toast.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('shows a message and closes it by itself after 2000 ms', () => {
    render(<ToastHost />);
    act(() => void toast('Saved'));
    expect(screen.getByRole('status').textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(2000);
  });

  it('takes another duration, and can be closed early', () => {
    render(<ToastHost />);
    let close = () => {};
    act(() => void toast('Long', 5000));
    act(() => {
      close = toast('Short');
    });
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.queryByText('Long')).not.toBeNull();
    expect(screen.queryByText('Short')).toBeNull();
    act(() => close());
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.queryByText('Long')).toBeNull();
  });
});
