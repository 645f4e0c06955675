import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DialogEntry } from './dialog-store';
import { focusInitial, returnFocusTo } from './focus';
import { centeredPanelClass, closeButtonClass, overlayClass } from './styles';

type ContainerEntry = Extract<DialogEntry, { kind: 'layer' | 'full' | 'center' }>;

const panelClass: Record<ContainerEntry['kind'], string> = {
  // A bottom sheet on phones, a centred popup from the sm breakpoint.
  layer:
    'fixed inset-x-0 bottom-0 z-[1000] flex max-h-[90dvh] flex-col rounded-t-2xl bg-white text-neutral-900 shadow-xl outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[min(92vw,32rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
  full: 'fixed inset-0 z-[1000] flex flex-col bg-white text-neutral-900 outline-none',
  // No chrome: the content draws its own box.
  center: `${centeredPanelClass} max-h-[90dvh] max-w-[92vw] overflow-auto rounded-2xl`,
};

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/**
 * layer, full and center: modal containers for content the caller renders with `close(result?)`.
 * Focus goes to `[data-autofocus]` in the content, else its first focusable element.
 */
export function ContainerDialog({ entry }: { entry: ContainerEntry }) {
  const { t } = useTranslation('dialog');
  const body = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { kind, props } = entry;
  const dismissible = props.dismissible !== false;
  const chrome = kind !== 'center';
  const close = (result?: unknown) => entry.close(result);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismissible && entry.close()}>
      {kind !== 'full' && <Dialog.Overlay className={overlayClass} />}
      <Dialog.Content
        ref={content}
        aria-describedby={undefined}
        className={`${panelClass[kind]} ${props.className ?? ''}`}
        onOpenAutoFocus={(event) => focusInitial(body.current, closeButton.current ?? content.current)(event)}
        onCloseAutoFocus={returnFocusTo(entry.returnFocus)}
        onEscapeKeyDown={(event) => !dismissible && event.preventDefault()}
        onPointerDownOutside={(event) => !dismissible && event.preventDefault()}
      >
        {chrome ? (
          <div className="flex min-h-14 shrink-0 items-center gap-2 border-b border-neutral-200 py-2 pr-2 pl-5">
            <Dialog.Title className={props.title ? 'flex-1 truncate text-base font-bold' : 'sr-only'}>
              {props.title ?? t('title.dialog')}
            </Dialog.Title>
            {!props.title && <span className="flex-1" />}
            <button ref={closeButton} type="button" className={closeButtonClass} aria-label={t('button.close')} onClick={() => close()}>
              <CloseIcon />
            </button>
          </div>
        ) : (
          <Dialog.Title className="sr-only">{props.title ?? t('title.dialog')}</Dialog.Title>
        )}
        <div ref={body} className={chrome ? 'min-h-0 flex-1 overflow-y-auto' : undefined}>
          {props.render(close)}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
