/** Notes on a customer (newest first) and the form to add one, for those who may write notes. */
import { Suspense, useState } from 'react';
import { CanAccess, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { StaffForm } from '../forms/staff-form.tsx';
import type { NoteView } from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText } from '../ui.tsx';

export function Notes({
  customerId,
  orderId,
  notes,
  onAdded,
}: {
  customerId: string;
  orderId?: string;
  notes: readonly NoteView[];
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [round, setRound] = useState(0);
  const [error, setError] = useState<unknown>(undefined);
  const add = ({ text }: { text: string }) => {
    setError(undefined);
    mutate(
      {
        url: `/customers/${customerId}/notes`,
        method: 'post',
        values: { text, ...(orderId ? { orderId } : {}) },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setRound((n) => n + 1);
          onAdded();
        },
        onError: setError,
      },
    );
  };
  return (
    <div className="st-notes">
      {notes.length === 0 ? (
        <p className="st-empty">{t('notes.none')}</p>
      ) : (
        <ul className="st-list">
          {notes.map((note) => (
            <li key={note.id}>
              <p>{note.text}</p>
              <small>
                {note.staffName} · <DateTime value={note.createdAt} />
              </small>
            </li>
          ))}
        </ul>
      )}
      <CanAccess resource="notes" action="create">
        <Suspense fallback={null}>
          <StaffForm<{ text: string }>
            key={round}
            name="customerNote"
            onSubmit={add}
            disabled={mutation.isPending}
            submitText={t('notes.add')}
          />
        </Suspense>
        <ErrorText error={error} />
      </CanAccess>
    </div>
  );
}
