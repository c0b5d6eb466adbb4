// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BottomNav } from './bottom-nav.tsx';

const items = [
  { id: 'home', label: 'Home', href: '/homeIndex', icon: 'M1 1', active: true },
  { id: 'myLoan', label: 'My Loan', href: '/billIndex', icon: 'M2 2', active: false },
  { id: 'profile', label: 'Profile', href: '/my', icon: 'M3 3', active: false },
];

describe('BottomNav', () => {
  it('shows the tabs in order, marks the current one and navigates to the others', () => {
    const onNavigate = vi.fn();
    render(<BottomNav items={items} onNavigate={onNavigate} />);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'My Loan', 'Profile']);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'My Loan' }));
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(onNavigate.mock.calls).toEqual([['/billIndex']]);
  });
});
