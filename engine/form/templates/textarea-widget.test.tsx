// @vitest-environment jsdom
import { Profiler, useState } from 'react';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import addressSchema from '#forms/addressInfo.schema.json' with { type: 'json' };
import validateAddress from '#forms/compiled/addressInfo.js';
import { typingFilters, typingFiltersReady } from '#forms/form-text.ts';
import type { TypingFilter } from '../form-text.ts';
import { preloadWidgets } from '#engine/widgets/registry.ts';
import { SchemaForm } from '../schema-form.tsx';

describe('the textarea widget owns its text like the inputs', () => {
  const schema = addressSchema as RJSFSchema;
  // The address object as its plain fields: this test is about the textarea.
  const uiSchema = { detailedAddress: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } } };
  const address = {
    provinceCode: '1380000000',
    provinceName: 'NCR',
    cityCode: '1380601000',
    cityName: 'Tondo I/II',
    barangayCode: '1380601001',
    barangayName: 'Barangay 1',
  };
  const t = (key: string) => `[${key}]`;
  // The textarea is fetched when a form uses it; a step's form preloads its widgets (src/forms/step-modules.ts).
  beforeAll(() => preloadWidgets(uiSchema));

  function Screen({
    onDraft,
    onSubmit,
    onRender,
    typing,
  }: {
    onDraft: (data: unknown) => void;
    onSubmit: (data: unknown) => void;
    onRender: () => void;
    typing?: Readonly<Record<string, TypingFilter>>;
  }) {
    const [draft, setDraft] = useState<unknown>({ address, detailedAddress: 'Blk 5', postalCode: '1012' });
    return (
      <Profiler id="form" onRender={onRender}>
        <SchemaForm
          schema={schema}
          uiSchema={uiSchema}
          validate={validateAddress}
          errorKey={() => 'errors.any'}
          t={t}
          typing={typing}
          formData={draft}
          onSubmit={onSubmit}
          onChange={(data) => {
            onDraft(data);
            setDraft(data);
          }}
        />
      </Profiler>
    );
  }
  const renderScreen = (typing?: Readonly<Record<string, TypingFilter>>) => {
    const onDraft = vi.fn();
    const onSubmit = vi.fn();
    const onRender = vi.fn();
    render(<Screen onDraft={onDraft} onSubmit={onSubmit} onRender={onRender} typing={typing} />);
    return {
      onDraft,
      onSubmit,
      onRender,
      area: document.getElementById('root_detailedAddress') as HTMLTextAreaElement,
      form: document.querySelector('form') as HTMLFormElement,
    };
  };

  it('is a textarea with its rows, showing the draft', () => {
    const { area } = renderScreen();
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.rows).toBe(3);
    expect(area.value).toBe('Blk 5');
  });

  it('renders nothing for a keystroke and gives the draft the text after the frame', async () => {
    const { area, onDraft, onRender } = renderScreen();
    onRender.mockClear();
    fireEvent.change(area, { target: { value: 'Blk 5 Lot 12' } });
    expect(onRender).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ detailedAddress: 'Blk 5 Lot 12' })),
    );
    expect(area.value).toBe('Blk 5 Lot 12');
  });

  it('submits the last keystroke typed just before the submit, and keeps the caret where the borrower types', async () => {
    const { area, form, onSubmit } = renderScreen();
    await userEvent.setup().type(area, ',', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(area.value).toBe('Blk, 5');
    expect(area.selectionStart).toBe(4);
    act(() => {
      fireEvent.change(area, { target: { value: 'Blk 5 Lot 12, Mabini Street' } });
      fireEvent.submit(form);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]?.[0] as { detailedAddress: string }).detailedAddress).toBe(
      'Blk 5 Lot 12, Mabini Street',
    );
  });

  it('drops Chinese as it is typed where the address refuses it (noChinese), keeping the caret and one space', async () => {
    await typingFiltersReady;
    const { area, onDraft } = renderScreen(typingFilters);
    const user = userEvent.setup();
    await user.type(area, ' 马尼拉 Mabini');
    expect(area.value).toBe('Blk 5 Mabini');
    await user.type(area, '街', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(area.value).toBe('Blk 5 Mabini');
    expect(area.selectionStart).toBe(6);
    await waitFor(() =>
      expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ detailedAddress: 'Blk 5 Mabini' })),
    );
  });
});
