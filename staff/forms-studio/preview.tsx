/**
 * The live preview of a form draft in a phone-sized frame (390×844 of the borrower's layout: 10.4rem × 22.5rem at
 * the engine's 37.5px rem), rendered by the real engine — SchemaForm with the draft's schema and uiSchema, the
 * engine's widgets, and the validator the server built for the last saved draft (`validator`, an ES module with no
 * imports: no ajv compiler reaches the console). Texts come from a separate i18next instance holding the shared
 * forms catalog (locales/<lng>/forms.json) with the draft's own texts over it, in the language picked here.
 * Personas fill the form with saved answers; "Check" shows the errors a borrower would see on saving.
 *
 * A 60-field draft stays responsive: the preview takes the content after a pause and as a deferred value, so typing
 * in the outline never waits for the form to render.
 */
import { use, useDeferredValue, useEffect, useMemo, useState } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import { prefixedOptionKey } from '#engine/form/form-text.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { FORM_LANGUAGES, LOCALE_OF, type FormContent, type FormLanguage } from '#domain/form-content.ts';
import { formErrorKey, formT, FORMS_NS, typingFilters, withWidgetOptions } from '#forms/form-text.ts';
import { StudioError, studioApi } from './studio-api.tsx';
import type { Persona } from './types.ts';

/** How long after the last edit the preview takes the draft's schema. */
const PREVIEW_AFTER_MS = 300;

declare const __LOCALES_VERSION__: string | undefined;

let catalogs: Promise<I18n> | undefined;

/** The preview's own i18next with the shared forms catalog of the three languages (fetched once). */
function previewI18n(): Promise<I18n> {
  catalogs ??= (async () => {
    const version = typeof __LOCALES_VERSION__ === 'string' ? __LOCALES_VERSION__ : 'dev';
    const instance = i18next.createInstance();
    const resources = Object.fromEntries(
      await Promise.all(
        FORM_LANGUAGES.map(async (lng) => {
          const response = await fetch(`/locales/${LOCALE_OF[lng]}/${FORMS_NS}.json?v=${version}`);
          if (!response.ok) throw new Error(`catalog ${LOCALE_OF[lng]}/${FORMS_NS}: HTTP ${response.status}`);
          return [LOCALE_OF[lng], { [FORMS_NS]: (await response.json()) as Record<string, unknown> }] as const;
        }),
      ),
    );
    await instance.init({
      resources,
      lng: 'en',
      fallbackLng: false,
      ns: [FORMS_NS],
      defaultNS: FORMS_NS,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return instance;
  })();
  catalogs.catch(() => {
    catalogs = undefined;
  });
  return catalogs;
}

const validators = new Map<string, Promise<CompiledValidator>>();

/** The server's preview validator module (immutable by its hash: fetched once per URL). */
function loadValidator(url: string): Promise<CompiledValidator> {
  let promise = validators.get(url);
  if (!promise) {
    promise = import(/* @vite-ignore */ url).then((m: { default: CompiledValidator }) => m.default);
    promise.catch(() => validators.delete(url));
    validators.set(url, promise);
  }
  return promise;
}

/** Before the server built a validator (the schema does not compile yet): everything passes, and the preview says so. */
const passAll: CompiledValidator = () => true;

/**
 * The preview's validator: the last saved draft's, while the schema shown is the draft being edited, a step ahead of it.
 * A branch RJSF asks about that it has no compiled test of yet (a field just added under a condition) is taken as not
 * matching until the next save builds the draft's own validator, instead of failing the whole preview. The borrower's
 * forms get the module built from the very schema they render, where a missing test is an error
 * (engine/form/precompiled-validator.ts).
 */
function lagging(fn: CompiledValidator): CompiledValidator {
  const known = fn.asked ?? {};
  const asked = new Proxy(known, {
    get: (target, key) => (typeof key === 'string' && Object.hasOwn(target, key) ? target[key] : () => false),
  });
  return new Proxy(fn, {
    get: (target, prop, receiver) => (prop === 'asked' ? asked : Reflect.get(target, prop, receiver)),
  });
}

/** `value` a pause after it last changed. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Data = Record<string, unknown>;

export default function Preview({
  form,
  content,
  validator,
}: {
  form: string;
  content: FormContent;
  validator: string | null;
}) {
  const { t } = useTranslation();
  const i18n = use(previewI18n());
  const [lng, setLng] = useState<FormLanguage>('en');
  const settled = useDeferredValue(useSettled(content, PREVIEW_AFTER_MS));
  const [validate, setValidate] = useState<{ url: string | null; fn: CompiledValidator }>({ url: null, fn: passAll });
  const [validatorError, setValidatorError] = useState<unknown>(undefined);
  useEffect(() => {
    if (!validator) return;
    let live = true;
    loadValidator(validator).then(
      (fn) => live && setValidate({ url: validator, fn }),
      (error: unknown) => live && setValidatorError(error),
    );
    return () => {
      live = false;
    };
  }, [validator]);

  // The draft's texts over the shared catalog, at the form's name (replaced whole, so removed texts go too).
  const translate = useMemo(() => {
    for (const l of FORM_LANGUAGES)
      i18n.addResourceBundle(LOCALE_OF[l], FORMS_NS, { [form]: settled.texts[l] }, false, true);
    const fixed = i18n.getFixedT(LOCALE_OF[lng], FORMS_NS);
    return formT({
      t: (key, options) => fixed(key, options),
      exists: (key) => i18n.exists(key, { lng: LOCALE_OF[lng], ns: FORMS_NS }),
    });
  }, [i18n, form, settled.texts, lng]);
  const errorKey = useMemo(
    () => formErrorKey({ exists: (key) => i18n.exists(key, { lng: LOCALE_OF[lng], ns: FORMS_NS }) }),
    [i18n, lng],
  );
  // Option labels are the form's own texts, as the borrower's step keys them (whatever the schema's `$id`).
  const optionKey = useMemo(() => prefixedOptionKey(form), [form]);
  const uiSchema = useMemo(() => withWidgetOptions(settled.uiSchema as UiSchema), [settled.uiSchema]);
  const laggingValidate = useMemo(() => lagging(validate.fn), [validate.fn]);

  const [data, setData] = useState<Data | undefined>(undefined);
  // A persona picked (or a schema change) starts the form again from its data.
  const [revision, setRevision] = useState(0);
  const [result, setResult] = useState<readonly string[] | undefined>(undefined);
  const fill = (next: Data | undefined) => {
    setData(next);
    setResult(undefined);
    setRevision((n) => n + 1);
  };
  const onError = (errors: RJSFValidationError[]) =>
    setResult(errors.map((e) => `${e.property?.replace(/^\./u, '') ?? ''}: ${translate(e.message ?? '')}`));

  return (
    <div className="st-preview" data-testid="preview">
      <div className="st-actions st-inline">
        <label className="st-field">
          <span>{t('studio.preview.language')}</span>
          <select value={lng} onChange={(e) => setLng(e.target.value as FormLanguage)} data-testid="preview-language">
            {FORM_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`studio.languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <Personas form={form} data={data} onPick={fill} />
      </div>
      {!validator && (
        <p className="st-hint" data-testid="no-validator">
          {t('studio.preview.noValidator')}
        </p>
      )}
      <StudioError error={validatorError} />
      <div className="st-phone" lang={LOCALE_OF[lng]} data-testid="phone">
        <SchemaForm<Data>
          key={`${revision}:${validate.url ?? ''}`}
          schema={settled.schema as RJSFSchema}
          uiSchema={uiSchema}
          validate={laggingValidate}
          errorKey={errorKey}
          t={translate}
          optionKey={optionKey}
          typing={typingFilters}
          formData={data}
          onChange={setData}
          onSubmit={() => setResult([])}
          onError={onError}
        >
          <button type="submit" className="st-button" data-testid="preview-check">
            {t('studio.preview.check')}
          </button>
        </SchemaForm>
      </div>
      {result && (
        <div className={result.length === 0 ? 'st-notice' : 'st-error'} role="status" data-testid="preview-result">
          {result.length === 0 ? (
            t('studio.preview.valid')
          ) : (
            <>
              <p>{t('studio.preview.invalid', { count: result.length })}</p>
              <ul>
                {result.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The form's saved personas: pick one to fill the preview, save what the preview holds as a new one, delete one. */
function Personas({
  form,
  data,
  onPick,
}: {
  form: string;
  data: Data | undefined;
  onPick: (data: Data | undefined) => void;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<readonly Persona[]>([]);
  const [label, setLabel] = useState('');
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const reload = useMemo(
    () => () => studioApi.personas(form).then((answer) => setItems(answer.items), setError),
    [form],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const save = async () => {
    setError(undefined);
    try {
      await studioApi.addPersona(form, label.trim(), data ?? {});
      setLabel('');
      await reload();
    } catch (failure) {
      setError(failure);
    }
  };
  const remove = async () => {
    setError(undefined);
    try {
      await studioApi.deletePersona(picked);
      setPicked('');
      await reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <div className="st-personas" data-testid="personas">
      <label className="st-field">
        <span>{t('studio.preview.persona')}</span>
        <select
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            onPick(items.find((p) => p.id === e.target.value)?.data);
          }}
        >
          <option value="">{t('studio.preview.noPersona')}</option>
          {items.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {picked && (
        <button type="button" className="st-link" onClick={() => void remove()}>
          {t('studio.preview.deletePersona')}
        </button>
      )}
      <input
        className="st-cell"
        value={label}
        placeholder={t('studio.preview.personaLabel')}
        aria-label={t('studio.preview.personaLabel')}
        onChange={(e) => setLabel(e.target.value)}
      />
      <button
        type="button"
        className="st-button st-secondary"
        disabled={label.trim() === ''}
        onClick={() => void save()}
      >
        {t('studio.preview.savePersona')}
      </button>
      <StudioError error={error} />
    </div>
  );
}
