/**
 * A customer's photo (ID, face), fetched with the session's bearer token as a blob and shown from an object URL:
 * the token is never put into an image URL. The object URL is released when the photo leaves the screen.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob } from '../api.ts';
import type { DocumentView } from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText } from '../ui.tsx';

export function DocumentPhoto({ customerId, document }: { customerId: string; document: DocumentView }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    let objectUrl: string | undefined;
    let live = true;
    apiBlob(`/customers/${encodeURIComponent(customerId)}/documents/${encodeURIComponent(document.id)}`).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [customerId, document.id]);
  const label = t(`documents.kinds.${document.kind}`, { defaultValue: document.kind });
  return (
    <figure className="st-photo">
      {url ? (
        <img src={url} alt={label} />
      ) : error ? (
        <ErrorText error={error} />
      ) : (
        <div className="st-photo-wait" aria-busy="true" />
      )}
      <figcaption>
        {label} · <DateTime value={document.createdAt} />
      </figcaption>
    </figure>
  );
}

export function DocumentGallery({ customerId, documents }: { customerId: string; documents: readonly DocumentView[] }) {
  const { t } = useTranslation();
  const photos = documents.filter((d) => d.contentType.startsWith('image/'));
  if (photos.length === 0) return <p className="st-empty">{t('common.empty')}</p>;
  return (
    <div className="st-photos">
      {photos.map((d) => (
        <DocumentPhoto key={d.id} customerId={customerId} document={d} />
      ))}
    </div>
  );
}
