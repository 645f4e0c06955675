import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DialogEntry } from './dialog-store';
import { returnFocusTo } from './focus';
import { centeredPanelClass, overlayClass, primaryButtonClass, secondaryButtonClass } from './styles';

type MessageEntry = Extract<DialogEntry, { kind: 'ok' | 'confirm' }>;

/**
 * ok (확인) and confirm (확인/취소, or 예/아니오): an alertdialog with the focus on the primary button.
 * Escape answers like the secondary button (confirm → false); a click outside does nothing.
 */
export function MessageDialog({ entry }: { entry: MessageEntry }) {
  const { t } = useTranslation('dialog');
  const primary = useRef<HTMLButtonElement>(null);
  const { props } = entry;
  const isConfirm = entry.kind === 'confirm';
  const yesNo = entry.kind === 'confirm' && entry.props.yesNo === true;
  const cancelLabel = entry.kind === 'confirm' ? entry.props.cancelLabel : undefined;
  const dismiss = () => (entry.kind === 'confirm' ? entry.close(false) : entry.close());
  const accept = () => (entry.kind === 'confirm' ? entry.close(true) : entry.close());

  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismiss()}>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content
        role="alertdialog"
        className={`${centeredPanelClass} w-[min(92vw,24rem)] rounded-2xl p-6`}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          primary.current?.focus();
        }}
        onCloseAutoFocus={returnFocusTo(entry.returnFocus)}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <Dialog.Title className={props.title ? 'mb-3 text-lg font-bold' : 'sr-only'}>{props.title ?? t('title.notice')}</Dialog.Title>
        <Dialog.Description asChild>
          <div className="whitespace-pre-line break-words text-[15px] leading-relaxed text-neutral-800">{props.message}</div>
        </Dialog.Description>
        <div className="mt-6 flex gap-2">
          {isConfirm && (
            <button type="button" className={secondaryButtonClass} onClick={dismiss}>
              {cancelLabel ?? (yesNo ? t('button.no') : t('button.cancel'))}
            </button>
          )}
          <button ref={primary} type="button" className={primaryButtonClass} onClick={accept}>
            {props.confirmLabel ?? (yesNo ? t('button.yes') : t('button.confirm'))}
          </button>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
