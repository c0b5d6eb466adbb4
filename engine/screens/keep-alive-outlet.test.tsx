// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet, type OutletView } from './keep-alive-outlet.tsx';

function Field({ name }: { name: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={name} value={value} onChange={(e) => setValue(e.target.value)} />;
}

const views: Record<string, OutletView> = {
  form: { name: 'form', keepAlive: true },
  plain: { name: 'plain', keepAlive: false },
  other: { name: 'other', keepAlive: false },
};
const show = (view: OutletView) => <KeepAliveOutlet current={view} render={(name) => <Field name={name} />} />;

describe('KeepAliveOutlet', () => {
  it('keeps a keep-alive view mounted and hidden, with its input, while another view shows', () => {
    const { rerender } = render(show(views.form!));
    fireEvent.change(screen.getByLabelText('form'), { target: { value: 'typed' } });
    rerender(show(views.plain!));
    expect(screen.getByLabelText('plain')).toBeTruthy();
    const hidden = screen.getByLabelText('form', { selector: 'input' }) as HTMLInputElement;
    expect(hidden.value).toBe('typed');
    expect(hidden.style.display).toBe('none');
    rerender(show(views.form!));
    expect((screen.getByLabelText('form') as HTMLInputElement).value).toBe('typed');
    expect(screen.queryByLabelText('plain')).toBeNull();
  });

  it('re-creates other views each time they are entered', () => {
    const { rerender } = render(show(views.plain!));
    fireEvent.change(screen.getByLabelText('plain'), { target: { value: 'gone' } });
    rerender(show(views.other!));
    rerender(show(views.plain!));
    expect((screen.getByLabelText('plain') as HTMLInputElement).value).toBe('');
  });
});
