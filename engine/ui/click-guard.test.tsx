// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_GUARD_MS, useClickGuard } from './click-guard.ts';

function Pay({ onPay, ms }: { onPay: () => void; ms?: number }) {
  const guard = useClickGuard(ms);
  return (
    <button type="button" onClick={guard(onPay)}>
      Pay
    </button>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useClickGuard', () => {
  it('turns pointer events off for 1000 ms by default, ignoring repeat clicks', () => {
    const onPay = vi.fn();
    render(<Pay onPay={onPay} />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onPay).toHaveBeenCalledTimes(1);
    expect(button.style.pointerEvents).toBe('none');
    vi.advanceTimersByTime(CLICK_GUARD_MS - 1);
    expect(button.style.pointerEvents).toBe('none');
    vi.advanceTimersByTime(1);
    expect(button.style.pointerEvents).toBe('');
    fireEvent.click(button);
    expect(onPay).toHaveBeenCalledTimes(2);
    expect(CLICK_GUARD_MS).toBe(1000);
  });

  it('takes a given duration', () => {
    const onPay = vi.fn();
    render(<Pay onPay={onPay} ms={3000} />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    vi.advanceTimersByTime(2000);
    fireEvent.click(button);
    expect(onPay).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    fireEvent.click(button);
    expect(onPay).toHaveBeenCalledTimes(2);
  });
});
