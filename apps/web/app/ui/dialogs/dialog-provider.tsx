import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { createDialogApi, type DialogApi } from './dialog-api';
import { DialogHost } from './dialog-host';
import { DialogStore } from './dialog-store';

const DialogContext = createContext<DialogApi | null>(null);

/**
 * Renders the page and, after it, the dialog host. Mount it inside `<div className="wrap">` (SPEC §2:
 * dialogs are mounted inside the element with class wrap). Content of layer/full/center renders inside
 * this provider, so it sees the contexts above it (router, i18n), not those of the caller.
 */
export function DialogProvider({ children }: { children?: ReactNode }) {
  const [store] = useState(() => new DialogStore());
  const api = useMemo(() => createDialogApi(store), [store]);
  // Nothing waits forever: dialogs still open when the host goes away resolve as cancelled.
  useEffect(() => () => store.closeAll(), [store]);
  return (
    <DialogContext value={api}>
      {children}
      <DialogHost store={store} />
    </DialogContext>
  );
}

/** The dialog API of the nearest DialogProvider. Its identity is stable, so it is safe in effect deps. */
export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog() must be used inside <DialogProvider>');
  return api;
}
