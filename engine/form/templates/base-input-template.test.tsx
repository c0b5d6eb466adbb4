// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BaseInputTemplateProps, RJSFSchema } from '@rjsf/utils';
import contactSchema from '#forms/contact.schema.json' with { type: 'json' };
import validateContact from '#forms/compiled/contact.js';
import { typingFilters, typingFiltersReady } from '#forms/form-text.ts';
import type { TypingFilter } from '../form-text.ts';
import { SchemaForm } from '../schema-form.tsx';
import { BaseInputTemplate } from './base-input-template.tsx';

/** The template alone, as RJSF renders it for a string field, with the `value` its form passes down. */
function renderInput(value: unknown, onChange = vi.fn(), onBlur = vi.fn()) {
  const props = (v: unknown) =>
    ({
      id: 'root_name',
      value: v,
      onChange,
      onBlur,
      onFocus: vi.fn(),
      options: {},
      schema: { type: 'string' },
      rawErrors: [],
      label: 'name',
    }) as unknown as BaseInputTemplateProps;
  const view = render(<BaseInputTemplate {...props(value)} />);
  return {
    input: screen.getByRole('textbox') as HTMLInputElement,
    rerender: (v: unknown) => view.rerender(<BaseInputTemplate {...props(v)} />),
    onChange,
    onBlur,
  };
}

describe('BaseInputTemplate owns the text it shows', () => {
  it('shows each keystroke although the form has not passed the value back, and reports the text after the frame', async () => {
    const { input, onChange } = renderInput(undefined);
    await userEvent.setup().type(input, 'abc');
    expect(input.value).toBe('abc');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('abc'));
    // Keys typed before a hand-over go in one report: never more reports than keys.
    expect(onChange.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('commits nothing for a keystroke: the browser shows the character, the form hears of it in a transition', async () => {
    const onRender = vi.fn();
    const onChange = vi.fn();
    const props = {
      id: 'root_name',
      value: 'Ana',
      onChange,
      onBlur: vi.fn(),
      onFocus: vi.fn(),
      options: {},
      schema: { type: 'string' },
      rawErrors: [],
      label: 'name',
    } as unknown as BaseInputTemplateProps;
    render(
      <Profiler id="input" onRender={onRender}>
        <BaseInputTemplate {...props} />
      </Profiler>,
    );
    const input = screen.getByRole('textbox') as HTMLInputElement;
    onRender.mockClear();
    fireEvent.change(input, { target: { value: 'Anan' } });
    expect(input.value).toBe('Anan');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('Anan'));
    expect(onRender).not.toHaveBeenCalled();
  });

  it('reports an emptied field as its empty value (undefined)', async () => {
    const { input, onChange } = renderInput('a');
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(undefined));
    expect(input.value).toBe('');
  });

  it('shows a value changed from outside (a chooser, a reset), and ignores a late echo of an earlier keystroke', async () => {
    const { input, rerender, onChange } = renderInput(undefined);
    const user = userEvent.setup();
    await user.type(input, 'a');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('a'));
    await user.type(input, 'b');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('ab'));
    rerender('a');
    expect(input.value).toBe('ab');
    rerender('ab');
    expect(input.value).toBe('ab');
    rerender('Maria');
    expect(input.value).toBe('Maria');
    rerender(undefined);
    expect(input.value).toBe('');
  });

  it('keeps the caret where the borrower types in the middle of the text', async () => {
    const { input } = renderInput('Mria');
    await userEvent.setup().type(input, 'a', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input.value).toBe('Maria');
    expect(input.selectionStart).toBe(2);
  });

  it('reports the text again on blur when the form has not caught up, before its own blur', () => {
    const { input, onChange, onBlur } = renderInput(undefined);
    fireEvent.change(input, { target: { value: 'Ana' } });
    onChange.mockClear();
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('Ana');
    expect(onBlur).toHaveBeenCalledWith('root_name', 'Ana');
    expect(onChange.mock.invocationCallOrder[0]).toBeLessThan(onBlur.mock.invocationCallOrder[0] ?? 0);
  });

  it('reports on blur a text typed back to the value the form holds while a later one is still on its way', async () => {
    const { input, onChange, onBlur } = renderInput('Ana');
    fireEvent.change(input, { target: { value: 'Anan' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('Anan'));
    // The form has not passed 'Anan' back yet; the borrower deletes the key and leaves at once.
    fireEvent.change(input, { target: { value: 'Ana' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('Ana');
    expect(onBlur).toHaveBeenCalledWith('root_name', 'Ana');
  });

  it('does not report again on blur what the form already holds', () => {
    const { input, onChange, rerender } = renderInput(undefined);
    fireEvent.change(input, { target: { value: 'Ana' } });
    rerender('Ana');
    onChange.mockClear();
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('BaseInputTemplate in SchemaForm', () => {
  const schema = contactSchema as RJSFSchema;
  const t = (key: string) => `[${key}]`;
  const errorKey = () => 'errors.any';
  const uiSchema = { emergencyContacts: { 'ui:options': { orderable: false, removable: false, addable: false } } };
  const contacts = [
    { name: 'Maria Santos', phone: '09181112222', relation: 'parents' },
    { name: 'Jose Reyes', phone: '09181112223', relation: 'siblings' },
    { name: 'Ana Cruz', phone: '09181112224', relation: 'friends' },
  ];
  const full = { email: 'a@b.ph', whatsApp: '09171234567', emergencyContacts: contacts };

  /** A screen holding the draft in state, with a button that writes it from outside (a chooser screen, a reset). */
  function Screen({
    onSubmit,
    onDraft,
    written,
    typing,
  }: {
    onSubmit: (data: unknown) => void;
    onDraft: (data: unknown) => void;
    written: unknown;
    typing?: Readonly<Record<string, TypingFilter>>;
  }) {
    const [draft, setDraft] = useState<unknown>(full);
    return (
      <>
        <button type="button" onClick={() => setDraft(written)}>
          write
        </button>
        <SchemaForm
          schema={schema}
          uiSchema={uiSchema}
          validate={validateContact}
          errorKey={errorKey}
          t={t}
          typing={typing}
          formData={draft}
          onSubmit={onSubmit}
          onChange={(data) => {
            onDraft(data);
            setDraft(data);
          }}
        />
      </>
    );
  }
  const renderScreen = (written: unknown = full, typing?: Readonly<Record<string, TypingFilter>>) => {
    const onSubmit = vi.fn();
    const onDraft = vi.fn();
    render(<Screen onSubmit={onSubmit} onDraft={onDraft} written={written} typing={typing} />);
    const form = document.querySelector('form') as HTMLFormElement;
    return { onSubmit, onDraft, form, whatsApp: document.getElementById('root_whatsApp') as HTMLInputElement };
  };

  it('submits the last keystroke when the submit comes before the form took it in (same event batch)', async () => {
    const { onSubmit, form, whatsApp } = renderScreen();
    act(() => {
      fireEvent.change(whatsApp, { target: { value: '0917 123 4568' } });
      fireEvent.submit(form);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Normalised by the compiled validator, as every submit.
    expect((onSubmit.mock.calls[0]?.[0] as { whatsApp: string }).whatsApp).toBe('09171234568');
  });

  it('hands the draft what was typed when the page goes (a reload right after typing), synchronously', () => {
    const { onDraft, whatsApp } = renderScreen();
    act(() => {
      fireEvent.change(whatsApp, { target: { value: '0917 123 4569' } });
      window.dispatchEvent(new Event('pagehide'));
      // Before React's own work of the batch: the transition has not run, the flush on pagehide has.
      expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ whatsApp: '0917 123 4569' }));
    });
  });

  it('gives the draft each typed value', async () => {
    const { onDraft, whatsApp } = renderScreen();
    const user = userEvent.setup();
    await user.clear(whatsApp);
    await user.type(whatsApp, '0918');
    await waitFor(() => expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ whatsApp: '0918' })));
  });

  it('shows data written from outside the form in its input', async () => {
    const { whatsApp, onDraft } = renderScreen({ ...full, whatsApp: '09990001111' });
    await userEvent.setup().type(whatsApp, '9');
    expect(whatsApp.value).toBe('091712345679');
    // The key handed over first: a write from outside in the very frame of a keystroke races RJSF's late report of
    // the key (a busy machine saw the key's report land after the write and win).
    await waitFor(() =>
      expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ whatsApp: '091712345679' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'write' }));
    await waitFor(() => expect(whatsApp.value).toBe('09990001111'));
  });

  it("still shows a field's error once it is left", async () => {
    const { whatsApp } = renderScreen();
    const user = userEvent.setup();
    await user.clear(whatsApp);
    await user.type(whatsApp, '12');
    await user.tab();
    await waitFor(() => expect(document.getElementById('root_whatsApp__error')?.textContent).toBe('[errors.any]'));
  });

  describe('a field that refuses Chinese (normalize: noChinese), with the product typing filters', () => {
    // The emergency contact's name is `["noChinese", "personName"]`; WhatsApp's normaliser has no typing filter.
    const open = async () => {
      await typingFiltersReady;
      const view = renderScreen(full, typingFilters);
      return { ...view, name: document.getElementById('root_emergencyContacts_0_name') as HTMLInputElement };
    };
    const names = (onDraft: ReturnType<typeof vi.fn>) =>
      onDraft.mock.calls.map(
        ([data]) => (data as { emergencyContacts: { name: string }[] }).emergencyContacts[0]?.name,
      );

    it('drops the characters as they are typed, and the space before them, so the next word has one', async () => {
      const { name, onDraft } = await open();
      const user = userEvent.setup();
      await user.clear(name);
      await user.type(name, 'Juan 张');
      expect(name.value).toBe('Juan');
      await user.type(name, ' Cruz');
      expect(name.value).toBe('Juan Cruz');
      await waitFor(() => expect(names(onDraft).at(-1)).toBe('Juan Cruz'));
      // The form never held a Chinese character, nor a double space.
      expect(names(onDraft).filter((n) => /张|\s\s/u.test(n ?? ''))).toEqual([]);
    });

    it('keeps the caret where the characters went when they are typed in the middle', async () => {
      const { name } = await open();
      const user = userEvent.setup();
      await user.clear(name);
      await user.type(name, 'Juan Cruz');
      await user.type(name, '张伟', { initialSelectionStart: 5, initialSelectionEnd: 5 });
      expect(name.value).toBe('Juan Cruz');
      expect([name.selectionStart, name.selectionEnd]).toEqual([5, 5]);
      await user.keyboard('M. ');
      expect(name.value).toBe('Juan M. Cruz');
    });

    it('collapses the space a pasted run between two words leaves', async () => {
      const { name } = await open();
      const user = userEvent.setup();
      await user.clear(name);
      await user.paste('Juan 张伟 Cruz');
      expect(name.value).toBe('Juan Cruz');
    });

    it('lets an input method compose, and filters what it commits', async () => {
      const { name, onDraft } = await open();
      const user = userEvent.setup();
      await user.clear(name);
      await user.type(name, 'Ana Cruz ');
      fireEvent.compositionStart(name);
      fireEvent.input(name, { target: { value: 'Ana Cruz zhang' }, isComposing: true });
      fireEvent.input(name, { target: { value: 'Ana Cruz 张' }, isComposing: true });
      // The candidates are the input method's while it composes.
      expect(name.value).toBe('Ana Cruz 张');
      fireEvent.compositionEnd(name);
      expect(name.value).toBe('Ana Cruz');
      await waitFor(() => expect(names(onDraft).at(-1)).toBe('Ana Cruz'));
      expect(names(onDraft).filter((n) => /张/u.test(n ?? ''))).toEqual([]);
    });

    it('leaves a field without the rule as it is typed (its own normaliser and format judge it)', async () => {
      const { whatsApp } = await open();
      await userEvent.setup().type(whatsApp, '张');
      expect(whatsApp.value).toBe('09171234567张');
    });

    it('filters nothing in a form given no typing filters', async () => {
      renderScreen();
      const name = document.getElementById('root_emergencyContacts_0_name') as HTMLInputElement;
      await userEvent.setup().type(name, ' 张');
      expect(name.value).toBe('Maria Santos 张');
    });
  });
});
