// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmDialog, ConfirmHost } from './confirm-dialog.tsx';

const options = {
  title: 'Log out?',
  message: 'You will need an SMS code.',
  confirmText: 'Log out',
  cancelText: 'Stay',
};

describe('confirmDialog', () => {
  it('resolves true on confirm and closes', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog(options);
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Log out?' });
    expect(dialog.textContent).toContain('You will need an SMS code.');
    expect(document.activeElement?.textContent).toBe('Log out');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on cancel and on Escape', async () => {
    render(<ConfirmHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirmDialog(options);
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    await expect(first).resolves.toBe(false);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = confirmDialog({ ...options, danger: true });
    });
    expect(screen.getByRole('button', { name: 'Log out' }).className).toContain('ui-dialog-danger');
    act(() => fireEvent.keyDown(document, { key: 'Escape' }));
    await expect(second).resolves.toBe(false);
  });
});
