import { UI_TIMING } from '@byeol/contract';
import type { ReactNode } from 'react';
import type { CropOptions, CropResult } from './crop-types';
import type {
  AutoCloseOptions,
  ConfirmOptions,
  ContainerOptions,
  DialogRender,
  DialogStore,
  MessageOptions,
  ToastOptions,
} from './dialog-store';
import type { FormOptions, FormValues } from './form-validation';

/** What `useDialog()` returns. Every dialog renders inside the provider's host (inside `.wrap`). */
export interface DialogApi {
  /** A centred toast for 3000 ms (SPEC §9), announced politely; returns its id. */
  toast(message: ReactNode, opts?: ToastOptions): number;
  /** A centred message that closes itself after 2000 ms (SPEC §9); resolves when it has closed. */
  autoClose(message: ReactNode, opts?: AutoCloseOptions): Promise<void>;
  /** One button, 확인. Resolves when it is closed (button or Escape). */
  ok(message: ReactNode, opts?: MessageOptions): Promise<void>;
  /** 확인/취소 (or 예/아니오 with `yesNo`): true for 확인/예; false for 취소/아니오 or Escape. */
  confirm(message: ReactNode, opts?: ConfirmOptions): Promise<boolean>;
  /** A layer popup (a bottom sheet on phones): header with title and close button. */
  layer<R = unknown>(render: DialogRender<R>, opts?: ContainerOptions): Promise<R | undefined>;
  /** A full-screen dialog with a header. */
  full<R = unknown>(render: DialogRender<R>, opts?: ContainerOptions): Promise<R | undefined>;
  /** A centred dialog without chrome: the content draws its own box. */
  center<R = unknown>(render: DialogRender<R>, opts?: ContainerOptions): Promise<R | undefined>;
  /** A validated form; resolves the values by field name (email/url trimmed), or null when cancelled. */
  form(opts: FormOptions): Promise<FormValues | null>;
  /** The crop popup; resolves the cropped image, or null when cancelled. */
  crop(opts: CropOptions): Promise<Blob | null>;
  /** The crop popup with the selection and the hidden `fileInfo` read back (SPEC §5). */
  cropDetailed(opts: CropOptions): Promise<CropResult | null>;
  /** Closes every dialog (each resolves as if cancelled) and every toast. */
  closeAll(): void;
}

export function createDialogApi(store: DialogStore): DialogApi {
  const container =
    (kind: 'layer' | 'full' | 'center') =>
    <R>(render: DialogRender<R>, opts: ContainerOptions = {}): Promise<R | undefined> =>
      store.open(kind, { ...opts, render: render as DialogRender<unknown> }, undefined) as Promise<R | undefined>;

  return {
    toast: (message, opts) => store.toast(message, opts?.duration ?? UI_TIMING.toastMs),
    autoClose: (message, opts) => store.open('autoClose', { message }, undefined, opts?.duration ?? UI_TIMING.autoCloseMs),
    ok: (message, opts) => store.open('ok', { ...opts, message }, undefined),
    confirm: (message, opts) => store.open('confirm', { ...opts, message }, false),
    layer: container('layer'),
    full: container('full'),
    center: container('center'),
    form: (opts) => store.open('form', opts, null),
    crop: (opts) => store.open('crop', opts, null).then((result) => result?.blob ?? null),
    cropDetailed: (opts) => store.open('crop', opts, null),
    closeAll: () => store.closeAll(),
  };
}
