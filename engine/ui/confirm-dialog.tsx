import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createListStore } from './external-store.ts';

/** What a confirm dialog says; every text is already translated by the caller. */
export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText: string;
  cancelText: string;
  /** Marks the confirm action as destructive (styled as a warning). */
  danger?: boolean;
}

interface OpenDialog extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const store = createListStore<OpenDialog>();
let nextId = 1;

/** Opens a confirm dialog; resolves true on confirm, false on cancel or Escape. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    store.add({
      ...options,
      id,
      resolve: (ok) => {
        store.remove((d) => d.id === id);
        resolve(ok);
      },
    });
  });
}

/** Renders the top open dialog; mount once near the root. */
export function ConfirmHost() {
  const dialogs = useSyncExternalStore(store.subscribe, store.get, store.get);
  const top = dialogs[dialogs.length - 1];
  return top ? <Dialog key={top.id} dialog={top} /> : null;
}

function Dialog({ dialog }: { dialog: OpenDialog }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dialog.resolve(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialog]);
  const titleId = `ui-dialog-title-${dialog.id}`;
  return (
    <div className="ui-dialog-backdrop">
      <div
        className="ui-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={dialog.title ? titleId : undefined}
        aria-describedby={`${titleId}-msg`}
      >
        {dialog.title && (
          <h2 id={titleId} className="ui-dialog-title">
            {dialog.title}
          </h2>
        )}
        <p id={`${titleId}-msg`} className="ui-dialog-message">
          {dialog.message}
        </p>
        <div className="ui-dialog-actions">
          <button type="button" className="ui-dialog-cancel" onClick={() => dialog.resolve(false)}>
            {dialog.cancelText}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={dialog.danger ? 'ui-dialog-confirm ui-dialog-danger' : 'ui-dialog-confirm'}
            onClick={() => dialog.resolve(true)}
          >
            {dialog.confirmText}
          </button>
        </div>
      </div>
    </div>
  );
}
