import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ContainerDialog } from './container-dialog';
import { CropDialog } from './crop-dialog';
import type { DialogEntry, DialogStore } from './dialog-store';
import { FormDialog } from './form-dialog';
import { MessageDialog } from './message-dialog';

function DialogView({ entry }: { entry: DialogEntry }) {
  switch (entry.kind) {
    case 'ok':
    case 'confirm':
      return <MessageDialog entry={entry} />;
    case 'layer':
    case 'full':
    case 'center':
      return <ContainerDialog entry={entry} />;
    case 'form':
      return <FormDialog entry={entry} />;
    case 'crop':
      return <CropDialog entry={entry} />;
    case 'autoClose':
      return null; // drawn in the message stack below
  }
}

const EMPTY = { dialogs: [], toasts: [] } as const;

/**
 * Where every dialog renders. The toast region is always present, so screen readers already watch it
 * when a toast arrives. Toasts and auto-closing messages sit in the middle of the viewport (SPEC §9).
 */
export function DialogHost({ store }: { store: DialogStore }) {
  const { t } = useTranslation('dialog');
  const { dialogs, toasts } = useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY);
  const messages = dialogs.filter((d) => d.kind === 'autoClose');

  return (
    <div data-dialog-host="">
      {dialogs.map((entry) => (
        <DialogView key={entry.id} entry={entry} />
      ))}
      <div className="pointer-events-none fixed inset-0 z-[1050] flex flex-col items-center justify-center gap-3 p-6">
        {messages.map((entry) => (
          <div
            key={entry.id}
            role="alert"
            className="max-w-[min(90vw,24rem)] rounded-2xl bg-white px-6 py-5 text-center text-[15px] whitespace-pre-line break-words text-neutral-900 shadow-2xl ring-1 ring-black/5"
          >
            {entry.props.message}
          </div>
        ))}
      </div>
      <div
        role="status"
        aria-live="polite"
        aria-label={t('toast.region')}
        className="pointer-events-none fixed inset-0 z-[1100] flex flex-col items-center justify-center gap-2 p-6"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className="max-w-[90vw] rounded-full bg-neutral-900/85 px-5 py-3 text-center text-sm break-words text-white shadow-lg"
          >
            {toast.message}
          </div>
        ))}
      </div>
    </div>
  );
}
