/**
 * The outline view of a draft: a form's fields in the order borrowers see them (add, remove, move, widget and its
 * options, and the title/help/placeholder texts in the three languages side by side), the flow's steps (move), a
 * theme's colours. Every change is one `apply` on the editor's single content state (so the JSON view shows it and
 * undo takes it back); typing in one text is one undo step.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import product from '#config/product.json' with { type: 'json' };
import type { ProductConfig } from '#config/types/product.ts';
import {
  FORM_LANGUAGES,
  type FlowContent,
  type FormContent,
  type FormLanguage,
  type ThemeContent,
} from '#domain/form-content.ts';
import { STANDARD_FORMATS } from '#engine/validation/vocabulary.ts';
import { vocabularyFor } from '#forms/vocabulary.ts';
import type { FocusTarget } from './checks.tsx';
import {
  addField,
  fieldNameProblem,
  fieldsOf,
  moveField,
  moveStep,
  prefixOf,
  removeField,
  setFieldText,
  setThemeProperty,
  setWidget,
  textAt,
  TEXT_KINDS,
  VALUE_TYPES,
  type OutlineField,
  type TextKind,
  type ValueType,
} from './outline.ts';
import { optionFields, widgetInfo, widgetsFor, widgetsForField, type StudioWidget } from './widgets.ts';

/** An edit of the editor's content state, as a view of one kind of content makes it. */
export type Apply<T> = (next: T | ((present: T) => T), group?: string) => void;

/** The standard string formats and the product's (forms/vocabulary.ts), which a new field may take. */
const FORMATS = [
  ...new Set([...STANDARD_FORMATS, ...Object.keys(vocabularyFor(product as ProductConfig).formats)]),
].sort();

const SUFFIX: Readonly<Record<TextKind, string>> = { title: '', help: 'Help', placeholder: 'Placeholder' };

/** A widget's name for staff (its metadata's display-name key); a name the engine does not know shows as written. */
const widgetName = (t: TFunction, name: string): string => {
  const info = widgetInfo(name);
  return info ? t(info.displayName) : name;
};

export function FormOutline({
  content,
  form,
  editable,
  apply,
  focus,
}: {
  content: FormContent;
  form: string;
  editable: boolean;
  apply: Apply<FormContent>;
  focus: FocusTarget | undefined;
}) {
  const { t } = useTranslation();
  const fields = fieldsOf(content);
  const [open, setOpen] = useState<string | undefined>(undefined);
  // A check's "Show" opens its field (state adjusted while rendering: no effect round trip).
  const [seen, setSeen] = useState<number | undefined>(undefined);
  if (focus?.nonce !== seen) {
    setSeen(focus?.nonce);
    if (focus?.field) setOpen(focus.field);
  }
  useEffect(() => {
    if (!focus?.field) return;
    const selector =
      focus.key && focus.lng
        ? `[data-text-key="${focus.key}"][data-lng="${focus.lng}"]`
        : `[data-field-row="${focus.field}"] button`;
    const element = document.querySelector<HTMLElement>(selector);
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [focus]);

  return (
    <div className="st-outline" data-testid="outline">
      <ol className="st-fields">
        {fields.map((field, index) => (
          <li
            key={field.name}
            data-field-row={field.name}
            className={open === field.name ? 'st-field-open' : undefined}
          >
            <div className="st-field-head">
              <button
                type="button"
                className="st-link"
                aria-expanded={open === field.name}
                onClick={() => setOpen(open === field.name ? undefined : field.name)}
              >
                <strong>{field.name}</strong>
              </button>
              <span className="st-hint">
                {(field.keys.title && textAt(content.texts.en, field.keys.title.slice(prefixOf(form).length))) ?? ''}
              </span>
              <span className="st-badge">
                {field.type}
                {field.format ? ` · ${field.format}` : ''}
              </span>
              {field.widget && <span className="st-badge">{widgetName(t, field.widget)}</span>}
              {field.required && <span className="st-badge st-required">{t('studio.required')}</span>}
              {editable && (
                <span className="st-actions st-push">
                  <button
                    type="button"
                    className="st-link"
                    disabled={index === 0}
                    onClick={() => apply((c) => moveField(c, field.name, -1))}
                    aria-label={t('studio.moveUpNamed', { name: field.name })}
                    data-action="up"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="st-link"
                    disabled={index === fields.length - 1}
                    onClick={() => apply((c) => moveField(c, field.name, 1))}
                    aria-label={t('studio.moveDownNamed', { name: field.name })}
                    data-action="down"
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="st-link st-danger-link"
                    onClick={() => apply((c) => removeField(c, form, field.name))}
                    data-action="remove"
                  >
                    {t('studio.remove')}
                  </button>
                </span>
              )}
            </div>
            {open === field.name && (
              <FieldDetail content={content} form={form} field={field} editable={editable} apply={apply} />
            )}
          </li>
        ))}
      </ol>
      {editable && <AddField content={content} form={form} apply={apply} />}
    </div>
  );
}

function FieldDetail({
  content,
  form,
  field,
  editable,
  apply,
}: {
  content: FormContent;
  form: string;
  field: OutlineField;
  editable: boolean;
  apply: Apply<FormContent>;
}) {
  const { t } = useTranslation();
  const fits = widgetsForField(field.type);
  const options = (content.uiSchema[field.name] as Record<string, unknown> | undefined)?.['ui:options'] as
    Record<string, unknown> | undefined;
  return (
    <div className="st-field-detail">
      <table className="st-table st-texts">
        <thead>
          <tr>
            <th />
            {FORM_LANGUAGES.map((lng) => (
              <th key={lng}>{t(`studio.languages.${lng}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TEXT_KINDS.map((kind) => {
            const key = field.keys[kind] ?? `${prefixOf(form)}${field.name}${SUFFIX[kind]}`;
            return (
              <tr key={kind}>
                <th>{t(`studio.textKinds.${kind}`)}</th>
                {FORM_LANGUAGES.map((lng) => (
                  <td key={lng}>
                    <TextCell
                      content={content}
                      form={form}
                      textKey={key}
                      lng={lng}
                      editable={editable}
                      label={`${field.name} ${t(`studio.textKinds.${kind}`)} ${t(`studio.languages.${lng}`)}`}
                      onChange={(value) =>
                        apply((c) => setFieldText(c, form, field.name, kind, lng, value), `text:${key}:${lng}`)
                      }
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {field.keys.title && !field.keys.title.startsWith(prefixOf(form)) && (
        <p className="st-hint">{t('studio.sharedText', { key: field.keys.title })}</p>
      )}
      <WidgetChoice
        widgets={fits}
        widget={field.widget}
        options={options}
        disabled={!editable}
        onChange={(widget, opts) => apply((c) => setWidget(c, field.name, widget, opts))}
      />
    </div>
  );
}

/** One text of the form in one language; an empty cell is marked missing. */
export function TextCell({
  content,
  form,
  textKey,
  lng,
  editable,
  label,
  onChange,
}: {
  content: FormContent;
  form: string;
  textKey: string;
  lng: FormLanguage;
  editable: boolean;
  label: string;
  onChange: (value: string) => void;
}) {
  const own = textKey.startsWith(prefixOf(form));
  const value = own ? (textAt(content.texts[lng], textKey.slice(prefixOf(form).length)) ?? '') : '';
  return (
    <input
      className={`st-cell${value === '' && own ? ' st-missing' : ''}`}
      value={value}
      disabled={!editable || !own}
      aria-label={label}
      data-text-key={textKey}
      data-lng={lng}
      lang={lng === 'zh' ? 'zh-CN' : lng}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A widget and its options: a small form from the widget's options schema, with the options as JSON beside it. */
function WidgetChoice({
  widgets,
  widget,
  options,
  disabled,
  onChange,
}: {
  widgets: readonly StudioWidget[];
  widget: string | undefined;
  options: Record<string, unknown> | undefined;
  disabled: boolean;
  onChange: (widget: string | undefined, options: Record<string, unknown> | undefined) => void;
}) {
  const { t } = useTranslation();
  const info = widgetInfo(widget);
  return (
    <div className="st-filters st-widget">
      <label className="st-field">
        <span>{t('studio.widget')}</span>
        <select
          value={widget ?? ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value || undefined, undefined)}
          data-testid="widget"
        >
          <option value="">{t('studio.widgetDefault')}</option>
          {widgets.map((w) => (
            <option key={w.name} value={w.name}>
              {t(w.displayName)}
            </option>
          ))}
        </select>
      </label>
      {info && (
        <OptionsForm
          info={info}
          options={options ?? {}}
          disabled={disabled}
          onChange={(opts) => onChange(widget, opts)}
        />
      )}
    </div>
  );
}

function OptionsForm({
  info,
  options,
  disabled,
  onChange,
}: {
  info: StudioWidget;
  options: Record<string, unknown>;
  disabled: boolean;
  onChange: (options: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const [json, setJson] = useState(() => JSON.stringify(options));
  const [bad, setBad] = useState(false);
  const set = (name: string, value: unknown) => {
    const next = { ...options };
    if (value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value))) delete next[name];
    else next[name] = value;
    setJson(JSON.stringify(next));
    onChange(next);
  };
  return (
    <>
      {optionFields(info).map(({ name, kind, values }) => (
        <label key={name} className="st-field">
          <span>{name}</span>
          {kind === 'choice' ? (
            <select value={String(options[name] ?? '')} disabled={disabled} onChange={(e) => set(name, e.target.value)}>
              <option value="" />
              {values?.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          ) : kind === 'boolean' ? (
            <input
              type="checkbox"
              checked={options[name] === true}
              disabled={disabled}
              onChange={(e) => set(name, e.target.checked || undefined)}
            />
          ) : kind === 'string' ? (
            <input
              value={String(options[name] ?? '')}
              disabled={disabled}
              onChange={(e) => set(name, e.target.value)}
            />
          ) : (
            <input
              type="number"
              value={typeof options[name] === 'number' ? String(options[name]) : ''}
              disabled={disabled}
              onChange={(e) => set(name, e.target.value === '' ? '' : Number(e.target.value))}
            />
          )}
        </label>
      ))}
      <label className="st-field st-grow">
        <span>{t('studio.optionsJson')}</span>
        <textarea
          className={bad ? 'st-missing' : undefined}
          rows={2}
          value={json}
          disabled={disabled}
          onChange={(e) => {
            setJson(e.target.value);
            try {
              const parsed: unknown = JSON.parse(e.target.value || '{}');
              const ok = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
              setBad(!ok);
              if (ok) onChange(parsed as Record<string, unknown>);
            } catch {
              setBad(true);
            }
          }}
        />
        {bad && <small>{t('studio.optionsJsonInvalid')}</small>}
      </label>
    </>
  );
}

function AddField({ content, form, apply }: { content: FormContent; form: string; apply: Apply<FormContent> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [type, setType] = useState<ValueType>('string');
  const [required, setRequired] = useState(false);
  const [format, setFormat] = useState('');
  const [widget, setWidgetName] = useState<string | undefined>(undefined);
  const [options, setOptions] = useState<Record<string, unknown> | undefined>(undefined);
  const [titles, setTitles] = useState<Record<FormLanguage, string>>({ en: '', fil: '', zh: '' });
  const [tried, setTried] = useState(false);
  const problem = fieldNameProblem(content, name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    apply((c) =>
      addField(c, form, {
        name,
        type,
        required,
        ...(format && type === 'string' ? { format } : {}),
        ...(widget ? { widget } : {}),
        ...(options ? { options } : {}),
        titles,
      }),
    );
    setName('');
    setFormat('');
    setWidgetName(undefined);
    setOptions(undefined);
    setRequired(false);
    setTitles({ en: '', fil: '', zh: '' });
    setTried(false);
  };
  return (
    <form className="st-card st-add-field" onSubmit={submit} data-testid="add-field">
      <h3>{t('studio.addField')}</h3>
      <div className="st-filters">
        <label className="st-field">
          <span>{t('studio.fieldName')}</span>
          <input
            name="fieldName"
            value={name}
            onChange={(e) => setName(e.target.value.trim())}
            aria-invalid={tried && problem !== undefined}
          />
          {tried && problem && (
            <small className="st-error-text" role="alert">
              {t(`studio.fieldNameProblems.${problem}`)}
            </small>
          )}
        </label>
        <label className="st-field">
          <span>{t('studio.fieldType')}</span>
          <select
            name="fieldType"
            value={type}
            onChange={(e) => {
              setType(e.target.value as ValueType);
              setWidgetName(undefined);
              setOptions(undefined);
            }}
          >
            {VALUE_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`studio.types.${v}`)}
              </option>
            ))}
          </select>
        </label>
        {type === 'string' && (
          <label className="st-field">
            <span>{t('studio.format')}</span>
            <select name="fieldFormat" value={format} onChange={(e) => setFormat(e.target.value)}>
              <option value="">{t('studio.noFormat')}</option>
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="st-field st-check">
          <span>{t('studio.required')}</span>
          <input
            type="checkbox"
            name="fieldRequired"
            checked={required}
            onChange={(e) => setRequired(e.target.checked)}
          />
        </label>
      </div>
      <WidgetChoice
        widgets={widgetsFor(type)}
        widget={widget}
        options={options}
        disabled={false}
        onChange={(w, o) => {
          setWidgetName(w);
          setOptions(o);
        }}
      />
      <div className="st-filters">
        {FORM_LANGUAGES.map((lng) => (
          <label key={lng} className="st-field st-grow">
            <span>{t('studio.titleIn', { language: t(`studio.languages.${lng}`) })}</span>
            <input
              name={`title-${lng}`}
              lang={lng === 'zh' ? 'zh-CN' : lng}
              value={titles[lng]}
              onChange={(e) => setTitles({ ...titles, [lng]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <button type="submit" className="st-button">
        {t('studio.addFieldSubmit')}
      </button>
    </form>
  );
}

export function FlowOutline({
  content,
  editable,
  apply,
}: {
  content: FlowContent;
  editable: boolean;
  apply: Apply<FlowContent>;
}) {
  const { t } = useTranslation();
  return (
    <table className="st-table" data-testid="flow-outline">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('studio.step')}</th>
          <th>{t('studio.stepForm')}</th>
          <th>{t('studio.stepRoute')}</th>
          <th>{t('studio.stepNext')}</th>
          {editable && <th>{t('common.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {content.steps.map((s, index) => (
          <tr key={s.step} data-step={s.step}>
            <td>{index + 1}</td>
            <td>
              <strong>{t(`steps.${s.schema}`, { defaultValue: s.step })}</strong> <code>{s.step}</code>
            </td>
            <td>
              <code>{s.schema}</code>
            </td>
            <td>
              <code>{s.route}</code>
            </td>
            <td>
              <code>{s.next}</code>
            </td>
            {editable && (
              <td className="st-actions">
                <button
                  type="button"
                  className="st-link"
                  disabled={index === 0}
                  onClick={() => apply((c) => moveStep(c, index, -1))}
                  aria-label={t('studio.moveUpNamed', { name: s.step })}
                  data-action="up"
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="st-link"
                  disabled={index === content.steps.length - 1}
                  onClick={() => apply((c) => moveStep(c, index, 1))}
                  aria-label={t('studio.moveDownNamed', { name: s.step })}
                  data-action="down"
                >
                  ↓
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const COLOUR = /^#[0-9a-f]{6}$/iu;

export function ThemeOutline({
  content,
  editable,
  apply,
}: {
  content: ThemeContent;
  editable: boolean;
  apply: Apply<ThemeContent>;
}) {
  const { t } = useTranslation();
  return (
    <table className="st-table" data-testid="theme-outline">
      <thead>
        <tr>
          <th>{t('studio.property')}</th>
          <th>{t('studio.value')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(content.properties).map(([property, value]) => (
          <tr key={property} data-property={property}>
            <td>
              <code>{property}</code>
            </td>
            <td className="st-actions">
              {COLOUR.test(value) && (
                <input
                  type="color"
                  value={value.toLowerCase()}
                  disabled={!editable}
                  aria-label={property}
                  onChange={(e) => apply((c) => setThemeProperty(c, property, e.target.value), `theme:${property}`)}
                />
              )}
              <input
                className="st-cell"
                value={value}
                disabled={!editable}
                aria-label={`${property} ${t('studio.value')}`}
                onChange={(e) => apply((c) => setThemeProperty(c, property, e.target.value), `theme:${property}`)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
