/**
 * The information steps through the API: the profile is loaded once per session (the server says which steps are
 * complete, on any device), photos go up as documents before their step is saved (a step holds `doc:<id>`, never
 * an image), and each valid step is saved with PUT. The draft store keeps what is typed meanwhile.
 */
import type { UiSchema } from '@rjsf/utils';
import { dataUrlToBlob } from '#domain/data-url.ts';
import { documentIdOf } from '#domain/document-ref.ts';
import { ApiError } from '../api/client.ts';
import { loadProfile, saveProfileStep, type ProfileSummary } from '../api/profile.ts';
import { sessionHeaders, sessionRequest } from '../api/session.ts';
import { product } from '../config.ts';
import { sessionKeyOf, useCoreStore } from '../store/core-store.ts';
import { useDraftStore } from '../store/draft-store.ts';

let loaded: { key: string; promise: Promise<void> } | undefined;

/** Loads the profile into the draft store once per session (React's `use` suspends the step until it arrives). */
export function loadProfileOnce(): Promise<void> {
  const key = sessionKeyOf(useCoreStore.getState().publicData);
  if (loaded?.key !== key) {
    const promise = loadProfile().then((answer) => {
      const drafts = useDraftStore.getState();
      for (const [step, section] of Object.entries(answer.sections)) {
        // What the borrower typed since (not yet saved) wins over the saved step.
        if (drafts.completed.includes(step) || !drafts.sections[step]) drafts.setSection(step, section.data);
      }
      drafts.setCompleted(answer.summary.completed);
    });
    loaded = { key, promise };
    promise.catch(() => {
      if (loaded?.promise === promise) loaded = undefined;
    });
  }
  return loaded.promise;
}

/**
 * A photo that could not be used: which field, and the server's code (PHOTO_PROBLEM, FACE_CHECK_FAILED when it was
 * uploaded; ID_PHOTO_UNCLEAR, AUTH_INFO_PROBLEM, FACE_CHECK_FAILED when its step was saved), `reason` in the details.
 */
export class PhotoRefused extends Error {
  // Assigned in the constructor, not parameter properties: those compile to defineProperty helpers.
  declare readonly field: string;
  declare readonly cause: ApiError;

  constructor(field: string, cause: ApiError) {
    super(cause.code);
    this.field = field;
    this.cause = cause;
  }
}

/**
 * Uploads every photo of `data` still held as an image (fields whose uiSchema names a `documentKind`) and answers the
 * data with their document references. A refused photo rejects with PhotoRefused.
 */
export async function uploadPhotos(data: Record<string, unknown>, ui: UiSchema): Promise<Record<string, unknown>> {
  const out = { ...data };
  for (const [field, value] of Object.entries(data)) {
    const kind = (ui[field] as UiSchema | undefined)?.['ui:options']?.['documentKind'];
    if (typeof kind !== 'string' || typeof value !== 'string' || !value.startsWith('data:')) continue;
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', dataUrlToBlob(value), `${kind}.jpg`);
    try {
      const saved = await sessionRequest<{ ref: string }>('/documents', { method: 'POST', body: form });
      out[field] = saved.ref;
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401 && error.code !== 'NETWORK_ERROR')
        throw new PhotoRefused(field, error);
      throw error;
    }
  }
  return out;
}

/** The i18n keys (forms namespace) that explain a refused photo under its field: what failed, then what to change. */
export function photoRefusalKeys(error: ApiError, exists: (key: string) => boolean): string[] {
  const headline = `photoRefused.${error.code}`;
  const reason = error.details['reason'];
  const advice = typeof reason === 'string' ? `photoRefused.reason.${reason}` : undefined;
  return [
    exists(headline) ? headline : 'photoRefused.PHOTO_PROBLEM',
    ...(advice !== undefined && exists(advice) ? [advice] : []),
  ];
}

/** The server's answer to a step saved with a form version retired too long ago (the forms contract). */
export const FORM_VERSION_RETIRED = 'FORM_VERSION_RETIRED';

/** Whether `error` says the step's form version is retired: the app loads the published one and lets them resubmit. */
export function isFormVersionRetired(error: unknown): boolean {
  return error instanceof ApiError && error.code === FORM_VERSION_RETIRED;
}

/**
 * Saves one step, validated by the server with the form version the borrower filled in (`formVersion`; 0, a form
 * bundled with the app, sends none: the server uses the published one); answers the server's summary and records the
 * completed steps. The identity check refusing one of the step's photos (an answer naming a top-level `field`)
 * rejects with PhotoRefused; a retired version with an ApiError FORM_VERSION_RETIRED.
 */
export async function saveStep(step: string, data: Record<string, unknown>, formVersion = 0): Promise<ProfileSummary> {
  let summary: ProfileSummary;
  try {
    summary = await saveProfileStep(step, data, formVersion);
  } catch (error) {
    const field = error instanceof ApiError ? error.details['field'] : undefined;
    if (error instanceof ApiError && typeof field === 'string' && /^\/[^/]+$/u.test(field))
      throw new PhotoRefused(field.slice(1), error);
    throw error;
  }
  useDraftStore.getState().setCompleted(summary.completed);
  return summary;
}

/** An image of the borrower's (a stored document) as an object URL for an <img>; revoke it when done. */
async function sessionImageUrl(path: string): Promise<string> {
  const response = await fetch(product.apiBaseUrl + path, { headers: sessionHeaders(), cache: 'no-store' });
  if (!response.ok) throw new ApiError(response.status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND', response.status);
  return URL.createObjectURL(await response.blob());
}

const previews = new Map<string, Promise<string>>();

/** The image of a stored photo (`doc:<id>`), for the photo widget's `preview` option. */
export function documentPreview(ref: string): Promise<string> {
  const id = documentIdOf(ref);
  if (!id) return Promise.reject(new Error('not a document reference'));
  let url = previews.get(id);
  if (!url) {
    url = sessionImageUrl(`/documents/${id}`);
    previews.set(id, url);
    url.catch(() => previews.delete(id));
  }
  return url;
}
