import { ContainerDialog } from './container-dialog';
import { CropDialog } from './crop-dialog';
import type { DialogEntry } from './dialog-store';
import { FormDialog } from './form-dialog';
import { MessageDialog } from './message-dialog';

/** One open dialog, drawn by its kind (the host draws toasts and auto-closing messages itself). */
export default function DialogView({ entry }: { entry: DialogEntry }) {
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
