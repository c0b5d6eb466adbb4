/**
 * The studio's view of the staff forms API (api-contract/staff-forms.ts): documents, versions, the server's
 * checks, breaking changes and diffs (their shapes are engine/studio's).
 */
import type { DocumentList, PersonaAnswer, VersionView } from '#api-contract/staff-forms.ts';
import type { FlowContent, FormContent, ThemeContent } from '#domain/form-content.ts';

/** One document of GET /staff/forms (the contract's `documentList` item). */
export type FormDocument = DocumentList['items'][number];

/** One version (the contract's `versionView`; a version without an author is the seed's). */
export type FormVersion = VersionView;

/** The server's findings (engine/studio: a check's `code` is a staff i18n key, `path` a JSON pointer in the content). */
export type { Breaking, Change, Check } from '#engine/studio/types.ts';
import type { Breaking, Check } from '#engine/studio/types.ts';

export type Content = FormContent | FlowContent | ThemeContent;

/** GET /staff/form-versions/:id (and the answer of every action on one version). */
export interface VersionDetail {
  readonly version: FormVersion;
  readonly content: Content;
  readonly checks: readonly Check[];
  readonly breaking: readonly Breaking[];
  /** The preview validator module of a form whose schema compiles (`/forms/<vhash>.js`). */
  readonly validator: string | null;
}

/** A test persona (the contract's `personaAnswer`). */
export type Persona = PersonaAnswer;
