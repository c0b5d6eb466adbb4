/**
 * One information step (identity, personal, address, contact, work, payout), for every route of the published flow
 * (src/forms/manifest.ts; product staff reorder steps in the studio): the step's published form
 * (src/forms/step-modules.ts) rendered by the engine's SchemaForm,
 * with the step's progress, what was typed kept in the draft store (survives navigation and reloads), and a valid
 * submit leading to the next incomplete step. Opening a step while an earlier one is incomplete resumes at that one.
 * Nothing here knows a field: product staff change steps, order and fields in configuration and schemas.
 */
import { memo, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from '#src/router.ts';
import { firstIncomplete, nextRoute, progressOf, stepAt, type FlowStepEntry } from '#engine/flow/flow.ts';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import { prefixedOptionKey } from '#engine/form/form-text.ts';
import { toast } from '#engine/ui/toast.tsx';
import { errorMessage } from '#src/api/error-message.ts';
import { reportStepVisit } from '#src/api/profile.ts';
import { StepProgress } from '#engine/form/step-progress.tsx';
import { product, routesConfig } from '#src/config.ts';
import { formErrorKey, formT, typingFilters, withWidgetOptions } from '#forms/form-text.ts';
import { loadPsgcLevel } from '#src/forms/psgc.ts';
import { checkContext, stepCheck } from '#domain/step-checks.ts';
import { upgradeSection } from '#domain/legacy-values.ts';
import { loadManifest, onManifest, reloadManifest } from '#src/forms/manifest.ts';
import {
  documentPreview,
  isFormVersionRetired,
  loadProfileOnce,
  PhotoRefused,
  photoRefusalKeys,
  saveStep,
  uploadPhotos,
} from '#src/forms/profile-sync.ts';
import { loadStepForm } from '#src/forms/step-modules.ts';
import { stepUi } from '#src/forms/step-ui.ts';
import type { ScreenProps } from '#src/shell/screens.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import { useDraftStore } from '#src/store/draft-store.ts';
import { sameValues, useHydratedSlice } from '#src/store/hydrated.ts';

const widgetOptions = { address: { loadLevel: loadPsgcLevel }, photo: { preview: documentPreview } };
/** The screens that choose a `picker` field's value, by field: they write it into this step's draft and come back. */
const CHOOSERS: Readonly<Record<string, string>> = { bankCode: '/bankName' };

type Data = Record<string, unknown>;

/**
 * The fields of a refused submit's errors as the funnel names them: property names, no list index (`.contacts.1.phone`
 * is `contacts.phone`), once each. Where, never what: no value leaves with them.
 */
export const fieldsInError = (errors: readonly { property?: string }[]): string[] => [
  ...new Set(
    errors
      .map((e) =>
        (e.property ?? '')
          .split('.')
          .filter((s) => s !== '' && !/^\d+$/u.test(s))
          .join('.'),
      )
      .filter(Boolean),
  ),
];

/** The step a route shows, from the route table and the published flow. */
function stepOfRoute(steps: readonly FlowStepEntry[], routeName: string): FlowStepEntry | undefined {
  const path = routesConfig.routes.find((r) => r.name === routeName)?.path;
  return path === undefined ? undefined : stepAt(steps, path);
}

export const earlyGets = ['/profile'];

/**
 * Opened directly: the profile and the step's form travel beside the page's scripts (src/shell/screens.ts); the
 * screen's `use` finds them on their way (`loadProfileOnce`, `loadStepForm` keep one promise each).
 */
export function early(path: string): void {
  loadProfileOnce().catch(() => undefined);
  loadManifest().then(
    (manifest) => {
      const step = stepAt(manifest.flow.steps, path);
      if (step) loadStepForm(step.schema).catch(() => undefined);
    },
    () => undefined,
  );
}

export default function InfoStepScreen({ routeName }: ScreenProps) {
  useManifestUpdates();
  const { steps } = use(loadManifest()).flow;
  const step = stepOfRoute(steps, routeName);
  if (!step) throw new Error(`route ${routeName} is not a step of the published flow`);
  // The server's profile first: which steps are complete, and what they hold (on any device).
  use(loadProfileOnce());
  const completed = useDraftStore((s) => s.completed);
  const sessionKey = useSessionKey();
  const resume = firstIncomplete(steps, completed);
  const position = steps.indexOf(step);
  // A step after the first incomplete one (a typed URL, an old bookmark) resumes at that one.
  if (resume && steps.indexOf(resume) < position) return <Navigate to={resume.route} replace />;
  return <StepForm key={sessionKey} step={step} steps={steps} />;
}

/** Renders again when a new manifest arrives (a version was retired): the flow and the form are read anew. */
function useManifestUpdates(): void {
  const [, setManifests] = useState(0);
  useEffect(() => onManifest(() => setManifests((n) => n + 1)), []);
}

/** The keep-alive view of a step outlives a session: a new login (another borrower, maybe) starts from the store. */
function useSessionKey(): string {
  return useCoreStore((s) => sessionKeyOf(s.publicData));
}

/** Renders again for its step and what it reads, not for the screen's: the engine's whole form renders with it. */
const StepForm = memo(function StepForm({ step, steps }: { step: FlowStepEntry; steps: readonly FlowStepEntry[] }) {
  const form = use(loadStepForm(step.schema));
  const { t, i18n } = useTranslation('forms');
  const navigate = useNavigate();
  const phone = useCoreStore((s) => s.publicData.phone_number);
  // A draft typed before a form changed may hold old values (marital status): read as today's.
  const draft = useHydratedSlice(useDraftStore, (s) => s.sections[step.step]);
  const formData = useMemo(() => upgradeSection(step.step, draft), [step.step, draft]);
  const setSection = useDraftStore((s) => s.setSection);
  const [saving, setSaving] = useState(false);
  // A photo the server refused: its field, the value refused and the keys explaining it, shown under the photo until
  // it is retaken (the photo stays, so the borrower sees which one and what to change).
  const [refused, setRefused] = useState<{ field: string; value: unknown; keys: string[] }>();

  // i18next's t changes identity with the language, so the form re-renders its text when the language changes.
  const translate = useMemo(
    () => formT({ t: (key, options) => t(key, options), exists: (key, options) => i18n.exists(key, options) }),
    [t, i18n],
  );
  const errorKey = useMemo(() => formErrorKey(i18n), [i18n]);
  // Option labels are the form's own texts (`<form>.options.<field>.<value>`), whatever its schema's `$id`.
  const optionKey = useMemo(() => prefixedOptionKey(step.schema), [step.schema]);
  const context = useMemo(() => checkContext(phone, product.borrowerAge), [phone]);
  const check = useMemo(() => stepCheck(step.schema, context), [step.schema, context]);
  const baseUi = useMemo(
    () =>
      withWidgetOptions(form.uiSchema, {
        ...widgetOptions,
        picker: { open: (field: string) => CHOOSERS[field] && void navigate(CHOOSERS[field]) },
      }),
    [form.uiSchema, navigate],
  );
  const uiSchema = useMemo(
    () => stepUi(step.schema, baseUi, formData, context.today),
    [step.schema, baseUi, formData, context.today],
  );
  const progress = progressOf(steps, step.step);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step.step]);

  // The onboarding funnel: this step reached with this version, and the fields a refused submit showed in error.
  useEffect(() => reportStepVisit(step.step, form.version), [step.step, form.version]);
  const handleError = useCallback(
    (errors: readonly { property?: string }[]) => reportStepVisit(step.step, form.version, fieldsInError(errors)),
    [step.step, form.version],
  );

  // What this form last wrote to the draft: a chooser screen (/bankName) writes the draft while this keep-alive view
  // is hidden, and a hidden form does not take new data, so the form starts again from the draft when it shows.
  const written = useRef(formData);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    if (useDraftStore.getState().sections[step.step] !== written.current) setRevision((n) => n + 1);
  }, [step.step]);

  const handleChange = useCallback(
    (data: Data | undefined) => {
      const stored = useDraftStore.getState().sections[step.step];
      // The form reports its first render's data (its defaults: empty objects and lists) as a change; nothing the
      // step holds changes, and writing it would render the whole form again.
      if (sameValues(data ?? {}, stored)) written.current = stored;
      else {
        written.current = data ?? {};
        setSection(step.step, written.current);
      }
      setRefused((now) => (now && data?.[now.field] !== now.value ? undefined : now));
    },
    [setSection, step.step],
  );
  const extraErrors = useMemo(() => (refused ? { [refused.field]: { __errors: refused.keys } } : undefined), [refused]);
  const handleSubmit = useCallback(
    (data: Data) => {
      setSaving(true);
      void (async () => {
        try {
          // Photos first (the step holds their document ids), then the step itself, validated again by the server.
          const saved = await uploadPhotos(data, form.uiSchema);
          written.current = saved;
          setSection(step.step, saved);
          const summary = await saveStep(step.step, saved, form.version);
          const to = nextRoute(steps, summary.completed, step.step);
          if (to !== undefined) void navigate(to);
        } catch (error) {
          if (isFormVersionRetired(error)) {
            // Staff published a new version of this form since it was loaded: the new one is loaded and shown with
            // everything typed (the draft store kept it), and the borrower submits again.
            const message = errorMessage(error);
            await reloadManifest()
              .then(() => loadStepForm(step.schema))
              .catch(() => undefined);
            setRevision((n) => n + 1);
            toast(await message, 4000);
          } else if (error instanceof PhotoRefused) {
            // The spec's action for an unusable photo: take it again, told under the photo what to change.
            const value = useDraftStore.getState().sections[step.step]?.[error.field];
            setRefused({
              field: error.field,
              value,
              keys: photoRefusalKeys(error.cause, (key) => i18n.exists(key, { ns: 'forms' })),
            });
            document.getElementById(`root_${error.field}`)?.scrollIntoView?.({ block: 'center' });
          } else {
            toast(await errorMessage(error), 4000);
          }
        } finally {
          setSaving(false);
        }
      })();
    },
    [form.uiSchema, form.version, navigate, setSection, step.step, step.schema, steps, i18n],
  );

  return (
    <div className="page info-step" data-step={step.step}>
      {progress && <StepProgress step={progress.index} total={progress.total} label={t('flow.stepOf', progress)} />}
      <SchemaForm<Data>
        key={revision}
        schema={form.schema}
        uiSchema={uiSchema}
        validate={form.validate}
        errorKey={errorKey}
        check={check}
        t={translate}
        optionKey={optionKey}
        typing={typingFilters}
        formData={formData}
        onChange={handleChange}
        onSubmit={handleSubmit}
        onError={handleError}
        extraErrors={extraErrors}
        disabled={saving}
      />
    </div>
  );
});
