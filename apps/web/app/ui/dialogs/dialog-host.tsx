import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DialogStore } from './dialog-store';

/**
 * The dialogs themselves (Radix, the form and crop dialogs: ≈20 KB gzip) load apart from the page (issue
 * 20, lean pages): on the first dialog, or once the browser is idle after the page started, whichever comes
 * first, so a dialog rarely waits for them.
 */
const loadDialogView = () => import('./dialog-view');
const DialogView = lazy(loadDialogView);

const EMPTY = { dialogs: [], toasts: [] } as const;

/**
 * Where every dialog renders. The toast region is always present, so screen readers already watch it
 * when a toast arrives. Toasts and auto-closing messages sit in the middle of the viewport (SPEC §9).
 */
export function DialogHost({ store }: { store: DialogStore }) {
  const { t } = useTranslation('dialog');
  const { dialogs, toasts } = useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY);
  const messages = dialogs.filter((d) => d.kind === 'autoClose');
  useEffect(() => {
    const warm = () => void loadDialogView();
    if (typeof requestIdleCallback !== 'function') return void setTimeout(warm, 1000);
    const id = requestIdleCallback(warm, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, []);

  return (
    <div data-dialog-host="">
      <Suspense fallback={null}>
        {dialogs.map((entry) => (
          <DialogView key={entry.id} entry={entry} />
        ))}
      </Suspense>
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
