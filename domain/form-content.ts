/**
 * Forms, the step order and the sub-product themes as versioned content: what one version holds. The
 * repository's files (forms/, config/flow.json, config/themes/) are the seed, imported as version 1 on the first
 * start; product staff edit, review and publish later versions in the studio (/staff/forms).
 */

/** The languages every form text must be in. */
export const FORM_LANGUAGES = ['en', 'fil', 'zh'] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

/** The i18next language code of a form language (Chinese is `zh-CN` in locales/). */
export const LOCALE_OF: Readonly<Record<FormLanguage, string>> = { en: 'en', fil: 'fil', zh: 'zh-CN' };

/** One step form: the JSON Schema, the uiSchema and the form's own texts per language. */
export interface FormContent {
  readonly schema: Record<string, unknown>;
  readonly uiSchema: Record<string, unknown>;
  /**
   * The subtree of locales/<lng>/forms.json at the form's name: a key `workInfo.companyName` in the schema reads
   * `texts[lng].companyName`. Keys under other names (`errors.*`, `notice.*`, `widgets.*`) are the shared catalog.
   */
  readonly texts: Readonly<Record<FormLanguage, Record<string, unknown>>>;
}

/** One step of the flow, as config/flow.json lists it. */
export interface FlowStepContent {
  readonly step: string;
  readonly schema: string;
  readonly route: string;
  readonly next: string;
}

/** The step order. */
export interface FlowContent {
  readonly steps: readonly FlowStepContent[];
}

/** A sub-product theme: its number and CSS custom properties. */
export interface ThemeContent {
  readonly id: number;
  readonly properties: Readonly<Record<string, string>>;
}

export const CONTENT_KINDS = ['form', 'flow', 'theme'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** What a version of each kind holds. */
export interface ContentOf {
  form: FormContent;
  flow: FlowContent;
  theme: ThemeContent;
}

export const VERSION_STATUSES = ['draft', 'review', 'published', 'archived', 'withdrawn'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** The name of the one flow document. */
export const FLOW_NAME = 'steps';

/** The largest body of one step's save (`PUT /profile/<step>`, server/routes/profile.ts). */
export const STEP_BODY_BYTES = 64 * 1024;
/**
 * What the files a step keeps inline (data URLs) may take of that body, the rest left to its other fields: the form
 * studio refuses a file field that may take more (engine/studio/check-form.ts `fileBytes`).
 */
export const STEP_FILE_BYTES = 56 * 1024;
