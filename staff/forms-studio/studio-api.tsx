/**
 * The studio's calls of the staff forms API (/api/v1/staff/forms..., /form-versions/...): reads through Refine's
 * useCustom (cached, refetched after actions), actions as plain calls whose refusals the screens translate
 * (`useStudioErrorText`): the studio's own codes under `studio.errors.<CODE>`, the rest from the shared errors.
 */
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ContentKind } from '#domain/form-content.ts';
import { api, StaffApiError } from '../api.ts';
import { useErrorText } from '../ui.tsx';
import type { Change, Content, FormDocument, FormVersion, Persona, VersionDetail } from './types.ts';

const seg = encodeURIComponent;

export const documentPath = (kind: ContentKind, name: string) => `/forms/${seg(kind)}/${seg(name)}`;

export function useDocuments() {
  return useCustom<{ items: FormDocument[] }>({ url: '/forms', method: 'get' });
}

export function useVersions(kind: ContentKind, name: string) {
  return useCustom<{ items: FormVersion[] }>({ url: `${documentPath(kind, name)}/versions`, method: 'get' });
}

export function useVersion(id: string) {
  return useCustom<VersionDetail>({ url: `/form-versions/${seg(id)}`, method: 'get', queryOptions: { gcTime: 0 } });
}

export const studioApi = {
  version: (id: string) => api<VersionDetail>('GET', `/form-versions/${seg(id)}`),
  createDraft: (kind: ContentKind, name: string, from?: number) =>
    api<VersionDetail>('POST', `${documentPath(kind, name)}/drafts`, from === undefined ? {} : { from }),
  save: (id: string, content: Content, updatedAt: string) =>
    api<VersionDetail>('PUT', `/form-versions/${seg(id)}`, { content, updatedAt }),
  submit: (id: string, acknowledge: readonly string[]) =>
    api<VersionDetail>('POST', `/form-versions/${seg(id)}/submit`, { acknowledge }),
  /** Approves the state the reviewer read (`updatedAt`): the server refuses FORM_STALE when it changed since. */
  approve: (id: string, updatedAt: string) =>
    api<VersionDetail>('POST', `/form-versions/${seg(id)}/approve`, { updatedAt }),
  reject: (id: string, note: string) => api<VersionDetail>('POST', `/form-versions/${seg(id)}/reject`, { note }),
  rollback: (kind: ContentKind, name: string, version: number, acknowledge: readonly string[], reason: string) =>
    api<VersionDetail>('POST', `${documentPath(kind, name)}/rollback`, {
      version,
      acknowledge,
      ...(reason ? { reason } : {}),
    }),
  discard: (id: string) => api<void>('POST', `/form-versions/${seg(id)}/discard`),
  withdraw: (id: string, reason: string) =>
    api<VersionDetail>('POST', `/form-versions/${seg(id)}/withdraw`, { reason }),
  diff: (id: string, against: string) =>
    api<{ changes: Change[] }>('GET', `/form-versions/${seg(id)}/diff?against=${seg(against)}`),
  personas: (form: string) => api<{ items: Persona[] }>('GET', `/forms/form/${seg(form)}/personas`),
  addPersona: (form: string, label: string, data: unknown) =>
    api<Persona>('POST', `/forms/form/${seg(form)}/personas`, { label, data }),
  deletePersona: (id: string) => api<void>('DELETE', `/form-personas/${seg(id)}`),
};

/** An API refusal's code, if it is one. */
export const codeOf = (error: unknown): string | undefined => (error instanceof StaffApiError ? error.code : undefined);

/** A refusal's text: the studio's own codes (FORM_*, FOUR_EYES) from `studio.errors`, the rest as every screen does. */
export function useStudioErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const shared = useErrorText();
  return (error) => {
    const code = codeOf(error);
    if (code && i18n.exists(`studio.errors.${code}`))
      return t(`studio.errors.${code}`, { ...(error as StaffApiError).details });
    return shared(error);
  };
}

export function StudioError({ error }: { error: unknown }) {
  const text = useStudioErrorText();
  if (!error) return null;
  return (
    <p className="st-error" role="alert" data-error-code={codeOf(error) ?? ''}>
      {text(error)}
    </p>
  );
}
