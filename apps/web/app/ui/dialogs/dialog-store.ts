import type { ReactNode } from 'react';
import type { CropOptions, CropResult } from './crop-types';
import type { FormOptions, FormValues } from './form-validation';

/**
 * The state behind the dialog host, kept out of React so it can be driven from anywhere (event
 * handlers, effects, other dialogs) and tested without a DOM. Each open dialog is an entry with a
 * promise resolver; closing resolves it once, with the value or the dialog's fallback.
 */

export interface MessageOptions {
  /** A visible title; without one the dialog is labelled by a screen-reader-only 알림. */
  title?: string;
  /** Replaces the translated 확인. */
  confirmLabel?: string;
}

export interface ConfirmOptions extends MessageOptions {
  /** 예/아니오 instead of 확인/취소. */
  yesNo?: boolean;
  /** Replaces the translated 취소 (or 아니오). */
  cancelLabel?: string;
}

export interface ContainerOptions {
  /** Shown in the header (layer, full) or read by screen readers only (center, or when absent). */
  title?: string;
  /** Escape and a click outside close the dialog (default true). */
  dismissible?: boolean;
  /** Extra classes for the panel. */
  className?: string;
}

/** The content of layer/full/center: call `close(result)` to resolve the dialog's promise. */
export type DialogRender<R> = (close: (result?: R) => void) => ReactNode;

export interface AutoCloseOptions {
  /** Milliseconds before it closes (default SPEC §9: 2000). */
  duration?: number;
}

export interface ToastOptions {
  /** Milliseconds before it goes (default SPEC §9: 3000). */
  duration?: number;
}

interface Base<K extends string, P> {
  id: number;
  kind: K;
  props: P;
  /** What had focus when the dialog opened; focus returns there when it closes. */
  returnFocus: Element | null;
}

export type DialogEntry =
  | (Base<'ok', MessageOptions & { message: ReactNode }> & { close: (result?: undefined) => void })
  | (Base<'confirm', ConfirmOptions & { message: ReactNode }> & { close: (result: boolean) => void })
  | (Base<'layer' | 'full' | 'center', ContainerOptions & { render: DialogRender<unknown> }> & { close: (result?: unknown) => void })
  | (Base<'form', FormOptions> & { close: (result: FormValues | null) => void })
  | (Base<'crop', CropOptions> & { close: (result: CropResult | null) => void })
  | (Base<'autoClose', { message: ReactNode }> & { close: (result?: undefined) => void });

export type DialogKind = DialogEntry['kind'];
type EntryOf<K extends DialogKind> = Extract<DialogEntry, { kind: K }>;
type ResultOf<K extends DialogKind> = Parameters<EntryOf<K>['close']>[0];

export interface ToastEntry {
  id: number;
  message: ReactNode;
}

export interface DialogSnapshot {
  dialogs: readonly DialogEntry[];
  toasts: readonly ToastEntry[];
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function activeElement(): Element | null {
  return typeof document === 'undefined' ? null : document.activeElement;
}

export class DialogStore {
  private snapshot: DialogSnapshot = { dialogs: [], toasts: [] };
  private readonly listeners = new Set<() => void>();
  private readonly fallbacks = new Map<number, () => void>();
  private readonly timers = new Map<string, unknown>();
  private nextId = 1;

  constructor(private readonly clock: Timers = realTimers) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DialogSnapshot => this.snapshot;

  private update(next: Partial<DialogSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  /**
   * Opens a dialog; the promise resolves when it closes. `fallback` is the result when it is closed
   * without one (Escape, a click outside, `closeAll`).
   */
  open<K extends DialogKind>(kind: K, props: EntryOf<K>['props'], fallback: ResultOf<K>, autoCloseMs?: number): Promise<ResultOf<K>> {
    const id = this.nextId++;
    return new Promise<ResultOf<K>>((resolve) => {
      let done = false;
      const close = (result?: ResultOf<K>) => {
        if (done) return;
        done = true;
        this.fallbacks.delete(id);
        this.clearTimer(`d${id}`);
        this.update({ dialogs: this.snapshot.dialogs.filter((d) => d.id !== id) });
        resolve(result === undefined ? fallback : result);
      };
      const entry = { id, kind, props, returnFocus: activeElement(), close } as unknown as DialogEntry;
      this.fallbacks.set(id, () => close());
      this.update({ dialogs: [...this.snapshot.dialogs, entry] });
      if (autoCloseMs !== undefined)
        this.timers.set(
          `d${id}`,
          this.clock.set(() => close(), autoCloseMs),
        );
    });
  }

  /** Shows a toast for `durationMs`; returns its id (for `dismissToast`). */
  toast(message: ReactNode, durationMs: number): number {
    const id = this.nextId++;
    this.update({ toasts: [...this.snapshot.toasts, { id, message }] });
    this.timers.set(
      `t${id}`,
      this.clock.set(() => this.dismissToast(id), durationMs),
    );
    return id;
  }

  dismissToast(id: number): void {
    this.clearTimer(`t${id}`);
    if (this.snapshot.toasts.some((t) => t.id === id)) this.update({ toasts: this.snapshot.toasts.filter((t) => t.id !== id) });
  }

  /** Closes every dialog (each resolves with its fallback) and every toast, e.g. when the host unmounts. */
  closeAll(): void {
    for (const close of [...this.fallbacks.values()].reverse()) close();
    for (const toast of this.snapshot.toasts) this.dismissToast(toast.id);
  }

  private clearTimer(key: string) {
    const handle = this.timers.get(key);
    if (handle !== undefined) {
      this.clock.clear(handle);
      this.timers.delete(key);
    }
  }
}
