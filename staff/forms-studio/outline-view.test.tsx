// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormContent } from '#domain/form-content.ts';
import { useContentHistory } from './history.ts';
import { FormOutline, type Apply } from './outline-view.tsx';
import { Translations } from './translations.tsx';

const start: FormContent = {
  schema: {
    type: 'object',
    required: ['companyName'],
    properties: {
      companyName: { title: 'workInfo.companyName', type: 'string' },
      major: { title: 'workInfo.major', type: 'string' },
    },
  },
  uiSchema: { 'ui:order': ['companyName', 'major'] },
  texts: { en: { companyName: 'Company', major: 'Major' }, fil: { companyName: 'Kompanya' }, zh: {} },
};

/** The editor state's content as last rendered. */
const state: { latest: FormContent } = { latest: start };

/** The editor's state as the studio holds it: one content, two views over it, undo and redo. */
function Studio({ tab }: { tab: 'outline' | 'texts' }) {
  const history = useContentHistory<FormContent>(start);
  useEffect(() => {
    state.latest = history.present;
  });
  const apply = history.apply as Apply<FormContent>;
  return (
    <>
      <button type="button" onClick={history.undo} disabled={!history.canUndo}>
        undo
      </button>
      <button type="button" onClick={history.redo} disabled={!history.canRedo}>
        redo
      </button>
      {tab === 'outline' ? (
        <FormOutline content={history.present} form="workInfo" editable apply={apply} focus={undefined} />
      ) : (
        <Translations content={history.present} form="workInfo" editable apply={apply} focus={undefined} />
      )}
    </>
  );
}

const names = () => [...document.querySelectorAll('[data-field-row]')].map((row) => row.getAttribute('data-field-row'));

describe('the outline over the editor state', () => {
  it('adds a required field with its titles, moves it up, and undo/redo walk back and forth', () => {
    render(<Studio tab="outline" />);
    const add = screen.getByTestId('add-field');
    fireEvent.change(add.querySelector('input[name=fieldName]')!, { target: { value: 'employerTin' } });
    fireEvent.click(add.querySelector('input[name=fieldRequired]')!);
    fireEvent.change(add.querySelector('input[name=title-en]')!, { target: { value: 'TIN' } });
    fireEvent.change(add.querySelector('input[name=title-zh]')!, { target: { value: '税号' } });
    fireEvent.submit(add);
    expect(names()).toEqual(['companyName', 'major', 'employerTin']);
    expect(state.latest.schema['required']).toEqual(['companyName', 'employerTin']);
    expect(state.latest.texts.zh).toEqual({ employerTin: '税号' });

    fireEvent.click(
      within(document.querySelector('[data-field-row=employerTin]')!).getByRole('button', {
        name: /studio.moveUpNamed/u,
      }),
    );
    expect(names()).toEqual(['companyName', 'employerTin', 'major']);
    fireEvent.click(screen.getByText('undo'));
    expect(names()).toEqual(['companyName', 'major', 'employerTin']);
    fireEvent.click(screen.getByText('undo'));
    expect(names()).toEqual(['companyName', 'major']);
    expect(state.latest).toBe(start);
    fireEvent.click(screen.getByText('redo'));
    expect(names()).toEqual(['companyName', 'major', 'employerTin']);
  });

  it("offers a new text field the standard formats (date, date-time, time, email, uri, data-url) and the product's", () => {
    render(<Studio tab="outline" />);
    const add = screen.getByTestId('add-field');
    const formats = [...add.querySelectorAll('select[name=fieldFormat] option')].map((o) => o.getAttribute('value'));
    expect(formats).toEqual(
      expect.arrayContaining(['date', 'date-time', 'time', 'email', 'uri', 'data-url', 'ph-mobile']),
    );
  });

  it('refuses a field name already taken, and typing one text is one undo step', () => {
    render(<Studio tab="outline" />);
    const add = screen.getByTestId('add-field');
    fireEvent.change(add.querySelector('input[name=fieldName]')!, { target: { value: 'major' } });
    fireEvent.submit(add);
    expect(screen.getByRole('alert').textContent).toBe('studio.fieldNameProblems.taken');
    expect(names()).toEqual(['companyName', 'major']);

    fireEvent.click(screen.getByRole('button', { name: 'major' }));
    const fil = document.querySelector<HTMLInputElement>('[data-text-key="workInfo.major"][data-lng=fil]')!;
    expect(fil.className).toContain('st-missing');
    fireEvent.change(fil, { target: { value: 'K' } });
    fireEvent.change(fil, { target: { value: 'Kurso' } });
    expect(state.latest.texts.fil).toEqual({ companyName: 'Kompanya', major: 'Kurso' });
    fireEvent.click(screen.getByText('undo'));
    expect(state.latest).toBe(start);
  });
});

describe("a field's widget", () => {
  it("offers the registry's widgets by their display names and edits the chosen one's options from its schema", () => {
    render(<Studio tab="outline" />);
    fireEvent.click(screen.getByRole('button', { name: 'companyName' }));
    const select = document.querySelector<HTMLSelectElement>('[data-field-row=companyName] [data-testid=widget]')!;
    const offered = [...select.options].map((o) => o.textContent);
    expect(offered).toEqual(
      expect.arrayContaining(['studio.widgets.text', 'studio.widgets.photo', 'studio.widgets.chips']),
    );
    expect(offered).not.toContain('studio.widgets.address');
    fireEvent.change(select, { target: { value: 'photo' } });
    expect(state.latest.uiSchema['companyName']).toEqual({ 'ui:widget': 'photo' });
    const capture = within(document.querySelector('[data-field-row=companyName]')!)
      .getByText('capture')
      .parentElement!.querySelector('select')!;
    fireEvent.change(capture, { target: { value: 'user' } });
    expect(state.latest.uiSchema['companyName']).toEqual({ 'ui:widget': 'photo', 'ui:options': { capture: 'user' } });
    expect(
      [...document.querySelectorAll('[data-field-row=companyName] .st-badge')].map((b) => b.textContent),
    ).toContain('studio.widgets.photo');
  });
});

describe('the translations table', () => {
  it('imports a CSV as one undoable change, and refuses a file with an unknown key, changing nothing', async () => {
    render(<Studio tab="texts" />);
    const input = screen.getByTestId('csv-import') as HTMLInputElement;
    // jsdom's File has no text(): the chosen file answers it as a browser's does.
    const csv = (text: string) =>
      Object.assign(new File([text], 'texts.csv', { type: 'text/csv' }), { text: async () => text });
    fireEvent.change(input, { target: { files: [csv('key,en,fil,zh\nworkInfo.nothing,A,B,C\n')] } });
    await waitFor(() =>
      expect(screen.getByTestId('csv-problems').textContent).toContain('studio.csvProblems.unknownKey'),
    );
    expect(state.latest).toBe(start);

    fireEvent.change(input, {
      target: {
        files: [csv('key,en,fil,zh\nworkInfo.companyName,Company,Kompanya,公司\nworkInfo.major,Major,Kurso,专业\n')],
      },
    });
    await waitFor(() => expect(state.latest.texts.zh).toEqual({ companyName: '公司', major: '专业' }));
    expect(document.querySelector<HTMLInputElement>('[data-text-key="workInfo.major"][data-lng=fil]')!.value).toBe(
      'Kurso',
    );
    fireEvent.click(screen.getByText('undo'));
    expect(state.latest).toBe(start);
  });
});
