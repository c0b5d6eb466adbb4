/**
 * The feedback form (forms/feedback.schema.json and its uiSchema), rendered by the engine's SchemaForm and
 * validated by its compiled validator, as the server validates it. Fetched after the feedback screen's first render,
 * so the screen (and the list of what was sent) does not wait for the form engine.
 */
import { use, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import { toast } from '#engine/ui/toast.tsx';
import { sendFeedback, type FeedbackView } from '#src/api/me.ts';
import { errorMessage } from '#src/api/error-message.ts';
import { formErrorKey, formT, typingFilters, withWidgetOptions } from '#forms/form-text.ts';
import { documentPreview, PhotoRefused, uploadPhotos } from '#src/forms/profile-sync.ts';
import { loadStepForm } from '#src/forms/step-modules.ts';

type Data = Record<string, unknown>;

/** The form's schema name (forms/<name>.schema.json). */
export const FEEDBACK_FORM = 'feedback';

export default function FeedbackForm({ onSent }: { onSent: (item: FeedbackView) => void }) {
  const form = use(loadStepForm(FEEDBACK_FORM));
  const { t, i18n } = useTranslation(['forms', 'help']);
  const [formData, setFormData] = useState<Data | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  // A new key after a send: the form starts empty, its errors and touched fields forgotten.
  const [round, setRound] = useState(0);
  const translate = useMemo(
    () => formT({ t: (key, options) => t(key, options), exists: (key, options) => i18n.exists(key, options) }),
    [t, i18n],
  );
  const errorKey = useMemo(() => formErrorKey(i18n), [i18n]);
  const uiSchema = useMemo(
    () => ({
      ...withWidgetOptions(form.uiSchema, { photo: { preview: documentPreview } }),
      'ui:submitButtonOptions': { submitText: 'help:feedback.submit' },
    }),
    [form.uiSchema],
  );

  const submit = useCallback(
    (data: Data) => {
      setSaving(true);
      void (async () => {
        try {
          const saved = await uploadPhotos(data, form.uiSchema);
          setFormData(saved);
          const item = await sendFeedback(saved);
          toast(t('help:feedback.sent'));
          setFormData(undefined);
          setRound((n) => n + 1);
          onSent(item);
        } catch (error) {
          if (error instanceof PhotoRefused) {
            const { [error.field]: _refused, ...rest } = data;
            setFormData(rest);
            toast(await errorMessage(error.cause), 4000);
          } else {
            toast(await errorMessage(error), 4000);
          }
        } finally {
          setSaving(false);
        }
      })();
    },
    [form.uiSchema, onSent, t],
  );

  return (
    <SchemaForm<Data>
      key={round}
      schema={form.schema}
      uiSchema={uiSchema}
      validate={form.validate}
      errorKey={errorKey}
      t={translate}
      typing={typingFilters}
      formData={formData}
      onChange={(data) => setFormData(data)}
      onSubmit={submit}
      disabled={saving}
    />
  );
}
