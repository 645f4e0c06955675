import { APPLICATION_FIELD_MAX, resultMessage, VIDEO_UPLOAD_MAX_BYTES } from '@byeol/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatPhone } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { FieldMessages, secondaryButton, TextField } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import { PhoneVerify } from '../account';
import { uploadAuditionVideo } from './applications-api';

const MB = 1024 * 1024;
const MAX_MB = VIDEO_UPLOAD_MAX_BYTES / MB;

/** The audition's uploaded video, as the form holds it until it is sent. */
export interface AuditionUpload {
  sn: number;
  name: string;
  bytes: number;
  sec: number;
}

const required = (text: string, mark: string) => (
  <>
    {text}
    <span className="ml-1 text-xs font-normal text-brand">({mark})</span>
  </>
);

/**
 * The audition's performance video (issue 21): a link, or a file uploaded at once as the request body with its
 * progress (XMLHttpRequest), cancellable, removable; one of the two is required. The size is checked here first
 * (SHORT_TOO_LARGE), the content by the server (SHORT_NOT_VIDEO).
 */
export function AuditionVideo({
  link,
  onLink,
  linkError,
  upload,
  onUpload,
  uploadError,
  onBusy,
}: {
  link: string;
  onLink: (value: string) => void;
  linkError: string;
  upload: AuditionUpload | null;
  onUpload: (upload: AuditionUpload | null) => void;
  /** A refusal of the application that names the upload (UPLOAD_NOT_FOUND). */
  uploadError: string;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('identity');
  const lang = useLang();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const abortRef = useRef<(() => void) | null>(null);
  // Leaving the page mid-upload stops it.
  useEffect(() => () => abortRef.current?.(), []);

  const clearPicker = () => {
    if (fileRef.current) fileRef.current.value = '';
  };

  async function pick(file: File | undefined) {
    setError('');
    if (!file) return;
    if (file.size > VIDEO_UPLOAD_MAX_BYTES) {
      setError(resultMessage('SHORT_TOO_LARGE', lang, { mb: MAX_MB }));
      clearPicker();
      return;
    }
    onUpload(null);
    setProgress(0);
    onBusy(true);
    const run = uploadAuditionVideo(file, setProgress, t('error.retry'));
    abortRef.current = run.abort;
    const res = await run.done;
    abortRef.current = null;
    setProgress(null);
    onBusy(false);
    clearPicker();
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    onUpload({ sn: Number(res.rslt_set.temp_file_sn), name: file.name, bytes: res.rslt_set.bytes, sec: res.rslt_set.duration_sec });
  }

  const uploading = progress !== null;
  return (
    <fieldset className="space-y-3 rounded-xl border border-neutral-200 p-4" data-audition-video>
      <legend className="px-1 text-sm font-bold text-neutral-800">{required(t('apply.audition.video'), t('apply.required'))}</legend>
      <p className="text-sm text-neutral-600">{t('apply.audition.videoHint')}</p>
      <TextField
        id="apply-video_url"
        name="video_url"
        label={t('apply.field.video_url')}
        type="url"
        inputMode="url"
        maxLength={APPLICATION_FIELD_MAX.video_url}
        value={link}
        onChange={(e) => onLink(e.target.value)}
        errors={[linkError]}
        hint={t('apply.hint.video_url')}
      />
      <p aria-hidden="true" className="text-center text-xs font-semibold text-neutral-500">
        — {t('apply.audition.or')} —
      </p>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('apply.audition.file')}
        </label>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          accept="video/*"
          disabled={uploading}
          onChange={(e) => void pick(e.target.files?.[0])}
          aria-invalid={Boolean(error || uploadError)}
          aria-describedby={`${fileId}-msg`}
          className="block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-neutral-100 file:px-4 file:font-semibold file:text-neutral-800 hover:file:bg-neutral-200"
          data-audition-file
        />
        <FieldMessages
          id={fileId}
          errors={[error, uploadError]}
          hint={upload || uploading ? undefined : t('apply.audition.fileHint', { mb: MAX_MB })}
        />
        {uploading && (
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <UploadProgress
                fraction={progress}
                label={t('apply.audition.uploadLabel')}
                text={(percent) => t('apply.audition.uploading', { percent })}
              />
            </div>
            <button type="button" className={secondaryButton} onClick={() => abortRef.current?.()} data-audition-upload-cancel>
              {t('apply.audition.cancel')}
            </button>
          </div>
        )}
        {upload && !uploading && (
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-emerald-50 px-3 py-2">
            <p className="min-w-0 break-all text-sm text-emerald-800" role="status" data-audition-uploaded={upload.sn}>
              {t('apply.audition.uploaded', { name: upload.name, size: (upload.bytes / MB).toFixed(1), sec: Math.round(upload.sec) })}
            </p>
            <button type="button" className={secondaryButton} onClick={() => onUpload(null)} data-audition-upload-remove>
              {t('apply.audition.remove')}
            </button>
          </div>
        )}
      </div>
    </fieldset>
  );
}

/**
 * The audition's contact phone (issue 21), verified with the existing phone step (purpose `contact`): the form
 * sends its token, the server keeps the number. 'Verify another number' starts the step over.
 */
export function ContactPhone({
  phone,
  onVerified,
  error,
}: {
  /** The verified number, or null. */
  phone: string | null;
  onVerified: (verified: { token: string; phone: string } | null) => void;
  /** A refusal of the application that names the token (VERIFY_REQUIRED: spent or expired). */
  error: string;
}) {
  const { t } = useTranslation('identity');
  const [round, setRound] = useState(0);
  // A refused token is of no further use: the step starts over.
  useEffect(() => {
    if (error) setRound((r) => r + 1);
  }, [error]);
  return (
    <fieldset className="space-y-3 rounded-xl border border-neutral-200 p-4" data-audition-phone>
      <legend className="px-1 text-sm font-bold text-neutral-800">{required(t('apply.audition.phone'), t('apply.required'))}</legend>
      <p className="text-sm text-neutral-600">{t('apply.audition.phoneHint')}</p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <PhoneVerify
        key={round}
        purpose="contact"
        idPrefix="audition-phone"
        onVerified={(token, number) => onVerified({ token, phone: number })}
      />
      {phone && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold text-emerald-700" data-contact-verified>
            {t('apply.audition.phoneDone', { phone: formatPhone('82', phone.replace(/\D/g, '')) })}
          </p>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              onVerified(null);
              setRound((r) => r + 1);
            }}
          >
            {t('apply.audition.phoneAgain')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
