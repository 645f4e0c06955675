import { type ChannelImageKind, type ChannelImagesSet, ResultCode, UPLOAD_SIZES, type UploadedFileInfo } from '@byeol/contract';
import { type ChangeEvent, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { IMAGE_TYPES, uploadImage } from '../../lib/upload';
import { useLoginRequired } from '../../lib/use-login-required';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, primaryButton, secondaryButton } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import { setChannelImage } from './channels-api';

const PURPOSE = { banner: 'channel_banner', main: 'channel_main' } as const satisfies Record<ChannelImageKind, string>;
const FIELD = { banner: 'banner_image', main: 'main_image' } as const satisfies Record<ChannelImageKind, keyof ChannelImagesSet>;
/** The frame of each picture, as the channel shows it (the banner 4:1, the main image 16:9). */
const FRAME = { banner: 'aspect-[4/1] w-full', main: 'aspect-video w-full max-w-md' } as const;

/** The channel's banner across the top of the channel head (4:1; a little taller and cropped to its middle on a phone). */
export function ChannelBanner({ src, nick }: { src: string; nick: string }) {
  const { t } = useTranslation('channels');
  if (!src) return null;
  return (
    <div className="-mx-4 -mt-6 mb-5 overflow-hidden bg-neutral-100 sm:mx-0 sm:mt-0 sm:rounded-2xl" data-channel-banner>
      <img src={src} alt={t('images.bannerAlt', { nick })} className="aspect-[3/1] w-full object-cover object-center sm:aspect-[4/1]" />
    </div>
  );
}

/** The channel's main image (its representative picture, 16:9); nothing when there is none. */
export function ChannelMainImage({ src, nick, className = '' }: { src: string; nick: string; className?: string }) {
  const { t } = useTranslation('channels');
  if (!src) return null;
  return (
    <img
      src={src}
      alt={t('images.mainAlt', { nick })}
      className={`aspect-video w-full rounded-xl bg-neutral-100 object-cover ${className}`}
      data-channel-main-image
    />
  );
}

/**
 * The owner's pictures in the profile tab's edit mode: the banner and the main image, each chosen, cropped
 * to its frame, uploaded with its progress, previewed, then saved on its own (POST /mypage/channel_image_proc),
 * or removed. Independent of the profile form's save.
 */
export function ChannelImagesEditor({ images, nick }: { images: ChannelImagesSet; nick: string }) {
  const { t } = useTranslation('channels');
  return (
    <section
      aria-labelledby="channel-images-title"
      className="mt-4 space-y-6 rounded-2xl border border-neutral-200 p-4"
      data-channel-images
    >
      <div>
        <h3 id="channel-images-title" className="font-bold">
          {t('images.title')}
        </h3>
        <p className="mt-1 text-sm text-neutral-600">{t('images.note')}</p>
      </div>
      <ImagePicker kind="banner" current={images.banner_image} nick={nick} />
      <ImagePicker kind="main" current={images.main_image} nick={nick} />
    </section>
  );
}

function ImagePicker({ kind, current, nick }: { kind: ChannelImageKind; current: string; nick: string }) {
  const { t } = useTranslation('channels');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const loginRequired = useLoginRequired();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<UploadedFileInfo | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // What this picker saved last, until the channel head (revalidated) says the same or more.
  const [saved, setSaved] = useState<{ of: string; url: string } | null>(null);
  const shownNow = saved?.of === current ? saved.url : current;
  const preview = file?.temp_file_path_nm ?? shownNow;
  const size = UPLOAD_SIZES[PURPOSE[kind]];
  const id = `channel-${kind}`;
  const label = kind === 'banner' ? t('images.banner') : t('images.main');

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setError('');
    const cropped = await dialog.cropDetailed({
      src: chosen,
      aspect: size.width / size.height,
      type: 'image/webp',
      quality: 0.9,
      outputWidth: size.width,
      title: kind === 'banner' ? t('images.cropBanner') : t('images.cropMain'),
    });
    if (!cropped) return;
    setProgress(0);
    const res = await uploadImage(cropped.blob, {
      purpose: PURPOSE[kind],
      fileName: `${kind}.webp`,
      commKey: PURPOSE[kind],
      onProgress: setProgress,
      fallback: t('images.failed'),
    });
    setProgress(null);
    if (loginRequired(res)) return;
    if (isOk(res)) setFile(res.rslt_set);
    else setError(res.rslt_msg || t('images.failed'));
  }

  async function apply(tempFileSn: number) {
    setBusy(true);
    setError('');
    const res = await setChannelImage(kind, tempFileSn, t('error.retry'));
    setBusy(false);
    if (loginRequired(res)) return;
    if (!isOk(res)) {
      if (res.rslt_cd === ResultCode.UPLOAD_NOT_FOUND) setFile(null);
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    setFile(null);
    setSaved({ of: current, url: res.rslt_set[FIELD[kind]] });
    dialog.toast(tempFileSn === 0 ? t('images.removed', { name: label }) : t('images.saved', { name: label }));
    void revalidator.revalidate();
  }

  async function remove() {
    if (!(await dialog.confirm(t('images.confirmRemove', { name: label })))) return;
    await apply(0);
  }

  const uploading = progress !== null;
  return (
    <div
      aria-labelledby={`${id}-label`}
      role="group"
      data-image-picker={kind}
      data-image-state={file ? 'pending' : preview ? 'set' : 'none'}
    >
      <p id={`${id}-label`} className="mb-2 text-sm font-semibold text-neutral-800">
        {label}
      </p>
      <div className={`${FRAME[kind]} overflow-hidden rounded-lg bg-neutral-100`}>
        {preview ? (
          <img
            src={preview}
            alt={
              file
                ? t('images.previewAlt', { name: label })
                : kind === 'banner'
                  ? t('images.bannerAlt', { nick })
                  : t('images.mainAlt', { nick })
            }
            className="h-full w-full object-cover"
            data-image-preview={file ? 'new' : 'current'}
          />
        ) : (
          <div className="flex h-full items-center justify-center border-2 border-dashed border-neutral-300 p-2 text-center text-sm text-neutral-600 rounded-lg">
            {t('images.none')}
          </div>
        )}
      </div>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={IMAGE_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void choose(e)}
      />
      {uploading && (
        <UploadProgress
          fraction={progress}
          label={t('images.uploading', { name: label })}
          text={(percent) => t('images.progress', { percent })}
        />
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {file ? (
          <>
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => void apply(Number(file.temp_file_sn))}
              data-image-save
            >
              {busy ? t('images.saving') : t('images.save')}
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => setFile(null)} data-image-cancel>
              {t('images.cancel')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={secondaryButton}
              disabled={uploading || busy}
              aria-describedby={`${id}-msg`}
              onClick={() => input.current?.click()}
              data-image-choose
            >
              {shownNow ? t('images.change', { name: label }) : t('images.choose', { name: label })}
            </button>
            {shownNow && (
              <button
                type="button"
                className={secondaryButton}
                disabled={uploading || busy}
                onClick={() => void remove()}
                data-image-remove
              >
                {t('images.remove')}
              </button>
            )}
          </>
        )}
      </div>
      <FieldMessages
        id={id}
        errors={[error]}
        success={file ? t('images.ready') : undefined}
        hint={t('images.hint', { width: size.width, height: size.height })}
      />
    </div>
  );
}
