/** Tailwind classes shared by the dialogs. Panels are light on every layout (the play pages are dark). */
export const overlayClass = 'fixed inset-0 z-[1000] bg-black/50';
export const centeredPanelClass =
  'fixed left-1/2 top-1/2 z-[1000] -translate-x-1/2 -translate-y-1/2 bg-white text-neutral-900 shadow-xl outline-none';
export const primaryButtonClass =
  'min-h-11 flex-1 rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50';
export const secondaryButtonClass =
  'min-h-11 flex-1 rounded-lg border border-neutral-300 bg-white px-4 py-2.5 text-sm font-semibold text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
export const closeButtonClass =
  'inline-flex size-10 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-brand';
