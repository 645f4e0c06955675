/** Focus helpers for dialogs opened without a trigger element. */

/** Radix's onCloseAutoFocus: give focus back to what had it when the dialog opened. */
export function returnFocusTo(element: Element | null) {
  return (event: Event) => {
    if (element instanceof HTMLElement && element.isConnected) {
      event.preventDefault();
      element.focus({ preventScroll: true });
    }
  };
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Radix's onOpenAutoFocus: focus `[data-autofocus]`, else the first tabbable element in `within`, else `fallback`. */
export function focusInitial(within: HTMLElement | null, fallback: HTMLElement | null) {
  return (event: Event) => {
    const target = within?.querySelector<HTMLElement>('[data-autofocus]') ?? within?.querySelector<HTMLElement>(TABBABLE) ?? fallback;
    if (target) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  };
}
