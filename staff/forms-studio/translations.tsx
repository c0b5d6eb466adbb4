/**
 * The translations tab: every text of the form (key × en, fil, zh) as editable cells, empty ones highlighted; the
 * table as CSV for translators, and a CSV read back as ONE undoable change — or, when any row is wrong (unknown
 * key, malformed row, wrong columns), nothing changes and each problem is listed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LANGUAGES, type FormContent } from '#domain/form-content.ts';
import type { FocusTarget } from './checks.tsx';
import { TextCell, type Apply as ApplyOf } from './outline-view.tsx';
import { setText } from './outline.ts';
import { importTextsCsv, textRows, textsCsv, type ImportProblem } from './texts-table.ts';

type Apply = ApplyOf<FormContent>;

export function Translations({
  content,
  form,
  editable,
  apply,
  focus,
}: {
  content: FormContent;
  form: string;
  editable: boolean;
  apply: Apply;
  focus: FocusTarget | undefined;
}) {
  const { t } = useTranslation();
  const rows = textRows(content, form);
  const [problems, setProblems] = useState<readonly ImportProblem[]>([]);
  const [imported, setImported] = useState<number | undefined>(undefined);
  const file = useRef<HTMLInputElement>(null);
  const missing = rows.reduce((n, row) => n + FORM_LANGUAGES.filter((lng) => row.texts[lng] === '').length, 0);

  useEffect(() => {
    if (!focus?.key || !focus.lng) return;
    const cell = document.querySelector<HTMLElement>(`[data-text-key="${focus.key}"][data-lng="${focus.lng}"]`);
    cell?.scrollIntoView?.({ block: 'center' });
    cell?.focus();
  }, [focus]);

  const download = () => {
    const blob = new Blob([`\uFEFF${textsCsv(content, form)}`], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${form}-texts.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  const read = async (chosen: File | undefined) => {
    if (!chosen) return;
    const result = importTextsCsv(content, form, await chosen.text());
    if (file.current) file.current.value = '';
    if (result.ok) {
      setProblems([]);
      setImported(result.changed);
      apply(result.content);
    } else {
      setImported(undefined);
      setProblems(result.problems);
    }
  };

  return (
    <div data-testid="translations">
      <div className="st-actions st-inline">
        <button type="button" className="st-button st-secondary" onClick={download} data-testid="csv-export">
          {t('studio.csvExport')}
        </button>
        {editable && (
          <label className="st-button st-secondary">
            {t('studio.csvImport')}
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(e) => void read(e.target.files?.[0])}
              data-testid="csv-import"
            />
          </label>
        )}
        <span className="st-hint">{t('studio.missingCount', { count: missing })}</span>
      </div>
      {imported !== undefined && (
        <p className="st-notice" role="status">
          {t('studio.csvImported', { count: imported })}
        </p>
      )}
      {problems.length > 0 && (
        <div className="st-error" role="alert" data-testid="csv-problems">
          <p>{t('studio.csvRefused')}</p>
          <ul>
            {problems.map((p) => (
              <li key={`${p.row}:${p.problem}:${p.key ?? ''}`}>
                {t(`studio.csvProblems.${p.problem}`, { row: p.row, key: p.key ?? '' })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <table className="st-table st-texts">
        <thead>
          <tr>
            <th>{t('studio.textKey')}</th>
            {FORM_LANGUAGES.map((lng) => (
              <th key={lng}>{t(`studio.languages.${lng}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-text-row={row.key}>
              <td>
                <code>{row.key}</code>
              </td>
              {FORM_LANGUAGES.map((lng) => (
                <td key={lng}>
                  <TextCell
                    content={content}
                    form={form}
                    textKey={row.key}
                    lng={lng}
                    editable={editable}
                    label={`${row.key} ${t(`studio.languages.${lng}`)}`}
                    onChange={(value) => apply((c) => setText(c, form, row.key, lng, value), `text:${row.key}:${lng}`)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
