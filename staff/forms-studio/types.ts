/**
 * The studio's view of the staff forms API (api-schema/staff-forms.ts, issue 15): documents, versions, the server's
 * checks, breaking changes and diffs (their shapes are engine/studio's).
 */
import type { ContentKind, FlowContent, FormContent, ThemeContent, VersionStatus } from '../../domain/form-content.ts';

export interface StaffRef {
  readonly id: string;
  readonly name: string;
}

export interface FormDocument {
  readonly kind: ContentKind;
  readonly name: string;
  readonly published: { readonly version: number; readonly publishedAt: string } | null;
  readonly open: { readonly id: string; readonly version: number; readonly status: VersionStatus } | null;
}

export interface FormVersion {
  readonly id: string;
  readonly kind: ContentKind;
  readonly name: string;
  readonly version: number;
  readonly status: VersionStatus;
  readonly basedOn: number | null;
  /** Null when the staff account is gone (the seed's version 1 has no author). */
  readonly author: StaffRef | null;
  readonly approver: StaffRef | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly submittedAt: string | null;
  readonly publishedAt: string | null;
  readonly retiredAt: string | null;
  readonly note: string | null;
}

/** The server's findings (engine/studio: a check's `code` is a staff i18n key, `path` a JSON pointer in the content). */
export type { Breaking, Change, Check } from '../../engine/studio/types.ts';
import type { Breaking, Check } from '../../engine/studio/types.ts';

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

export interface Persona {
  readonly id: string;
  readonly label: string;
  readonly data: Record<string, unknown>;
}
