// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';
import { ToastHost } from './toast.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('copyText', () => {
  it('copies through the Clipboard API and shows the success toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<ToastHost />);
    await act(async () => {
      expect(await copyText('PESO-123', 'Copied')).toBe(true);
    });
    expect(writeText).toHaveBeenCalledWith('PESO-123');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });

  it('falls back to a hidden text area when the Clipboard API refuses, and says nothing when that fails too', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    const exec = vi.fn().mockReturnValue(false);
    document.execCommand = exec;
    render(<ToastHost />);
    await act(async () => {
      expect(await copyText('X', 'Copied by fallback')).toBe(false);
    });
    expect(exec).toHaveBeenCalledWith('copy');
    expect(screen.queryByText('Copied by fallback')).toBeNull();
    expect(document.querySelector('textarea')).toBeNull();
    exec.mockReturnValue(true);
    await act(async () => {
      expect(await copyText('X', 'Copied by fallback')).toBe(true);
    });
    expect(screen.getByText('Copied by fallback')).toBeTruthy();
  });
});
