import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { renderCrop } from './crop-canvas';
import {
  areaForZoom,
  type CropArea,
  centerAreaAt,
  containsPoint,
  keyStep,
  maxZoomFor,
  moveArea,
  outputSize,
  type Point,
  roundArea,
  type Size,
  toNatural,
  toPercent,
  zoomArea,
  zoomOf,
} from './crop-geometry';
import type { DialogEntry } from './dialog-store';
import { FILE_INFO_FIELD, readFileInfo } from './file-info';
import { returnFocusTo } from './focus';
import { centeredPanelClass, overlayClass, primaryButtonClass, secondaryButtonClass } from './styles';

type CropEntry = Extract<DialogEntry, { kind: 'crop' }>;

interface Drag {
  pointerId: number;
  start: Point;
  area: CropArea;
  box: DOMRect;
}

/** The image URL to show: the given URL, or an object URL for a File/Blob (revoked on close). */
function useImageUrl(src: string | Blob): string | null {
  const [url, setUrl] = useState<string | null>(typeof src === 'string' ? src : null);
  useEffect(() => {
    if (typeof src === 'string') {
      setUrl(src);
      return;
    }
    const objectUrl = URL.createObjectURL(src);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [src]);
  return url;
}

/**
 * The crop popup: the image with a frame of the given aspect that is dragged (pointer or arrow keys)
 * and zoomed (slider, or + and -). 확인 draws the selection to a canvas and resolves the Blob, the
 * selection and the hidden `fileInfo` field read back per SPEC §5.
 */
export function CropDialog({ entry }: { entry: CropEntry }) {
  const { t } = useTranslation('dialog');
  const id = useId();
  const { props } = entry;
  const url = useImageUrl(props.src);
  const image = useRef<HTMLImageElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const drag = useRef<Drag | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [area, setArea] = useState<CropArea | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const ready = natural !== null && area !== null && !busy;
  const maxZoom = natural ? maxZoomFor(natural, props.aspect) : 1;
  const zoom = natural && area ? zoomOf(area, natural, props.aspect) : 1;

  const onLoad = () => {
    const img = image.current;
    if (!img || img.naturalWidth === 0) return;
    const size = { width: img.naturalWidth, height: img.naturalHeight };
    setNatural(size);
    setArea(areaForZoom(size, props.aspect, 1));
  };

  const setZoom = (value: number) => {
    if (natural && area) setArea(zoomArea(area, natural, props.aspect, value));
  };

  const pointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const img = image.current;
    if (!img || !natural || !area || event.button !== 0) return;
    const box = img.getBoundingClientRect();
    const point = toNatural({ x: event.clientX, y: event.clientY }, box, natural);
    // A press outside the frame brings the frame there first, then drags it.
    const start = containsPoint(area, point) ? area : centerAreaAt(area, point, natural);
    setArea(start);
    drag.current = { pointerId: event.pointerId, start: point, area: start, box };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const pointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !natural) return;
    const point = toNatural({ x: event.clientX, y: event.clientY }, current.box, natural);
    setArea(moveArea(current.area, point.x - current.start.x, point.y - current.start.y, natural));
  };

  const pointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const frameKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!natural || !area) return;
    const step = keyStep(natural, event.shiftKey);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) setArea(moveArea(area, move[0], move[1], natural));
    else if (event.key === '+' || event.key === '=') setZoom(zoom * 1.1);
    else if (event.key === '-') setZoom(zoom / 1.1);
    else return;
    event.preventDefault();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read the hidden field before any await: React's event is not usable afterwards.
    const fileInfo = readFileInfo(new FormData(event.currentTarget));
    const img = image.current;
    if (!ready || !img) return;
    const selection = roundArea(area, natural);
    const out = outputSize(selection, { outputWidth: props.outputWidth, maxSize: props.maxOutputSize });
    setBusy(true);
    setFailed(false);
    try {
      const blob = await renderCrop(img, selection, out, props.type ?? 'image/png', props.quality ?? 0.92);
      entry.close({ blob, area: selection, fileInfo });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const frame = natural && area ? toPercent(area, natural) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && entry.close(null)}>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content
        className={`${centeredPanelClass} flex max-h-[94dvh] w-[min(94vw,40rem)] flex-col rounded-2xl`}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          confirmButton.current?.focus();
        }}
        onCloseAutoFocus={returnFocusTo(entry.returnFocus)}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <form onSubmit={submit} className="flex min-h-0 flex-col">
          <input type="hidden" name={FILE_INFO_FIELD} defaultValue={props.fileInfo ?? ''} />
          <div className="px-6 pt-5">
            <Dialog.Title className="text-lg font-bold">{props.title ?? t('crop.title')}</Dialog.Title>
            <Dialog.Description id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
              {t('crop.hint')}
            </Dialog.Description>
          </div>

          <div className="mt-4 flex min-h-48 items-center justify-center bg-neutral-900 p-3">
            {loadFailed ? (
              <p role="alert" className="text-sm text-white">
                {t('crop.loadFailed')}
              </p>
            ) : (
              <div
                className="relative touch-none overflow-hidden select-none"
                onPointerDown={pointerDown}
                onPointerMove={pointerMove}
                onPointerUp={pointerEnd}
                onPointerCancel={pointerEnd}
              >
                {url && (
                  <img
                    ref={image}
                    src={url}
                    alt=""
                    crossOrigin="anonymous"
                    draggable={false}
                    className="block max-h-[55dvh] max-w-full"
                    onLoad={onLoad}
                    onError={() => setLoadFailed(true)}
                  />
                )}
                {frame ? (
                  <button
                    type="button"
                    aria-label={t('crop.area')}
                    aria-describedby={`${id}-hint`}
                    onKeyDown={frameKey}
                    className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.55)] outline-none focus-visible:border-brand"
                    style={{ left: `${frame.left}%`, top: `${frame.top}%`, width: `${frame.width}%`, height: `${frame.height}%` }}
                  >
                    {/* Rule-of-thirds guides. */}
                    <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-1/3 w-1/3 border-x border-white/40" />
                    <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-1/3 h-1/3 border-y border-white/40" />
                  </button>
                ) : null}
              </div>
            )}
            {!frame && !loadFailed && <p className="text-sm text-white">{t('crop.loading')}</p>}
          </div>

          <div className="flex items-center gap-3 px-6 pt-4">
            <label htmlFor={`${id}-zoom`} className="shrink-0 text-sm font-semibold text-neutral-700">
              {t('crop.zoom')}
            </label>
            <input
              id={`${id}-zoom`}
              type="range"
              min={1}
              max={maxZoom}
              step={0.01}
              value={Math.min(zoom, maxZoom)}
              disabled={!ready || maxZoom <= 1}
              aria-valuetext={`${Math.round(zoom * 100)}%`}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="w-full accent-brand"
            />
          </div>
          {failed && (
            <p role="alert" className="px-6 pt-3 text-sm text-red-600">
              {t('crop.failed')}
            </p>
          )}

          <div className="flex gap-2 p-6">
            <button type="button" className={secondaryButtonClass} onClick={() => entry.close(null)}>
              {t('button.cancel')}
            </button>
            {/* aria-disabled rather than disabled, so the button can take the focus while the image loads. */}
            <button ref={confirmButton} type="submit" aria-disabled={!ready} className={`${primaryButtonClass} aria-disabled:opacity-50`}>
              {t('button.confirm')}
            </button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
