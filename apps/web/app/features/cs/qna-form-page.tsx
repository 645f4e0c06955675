import {
  BOARD_LIMITS,
  COMMUNITY_REFUSAL_PARAMS,
  CS_LIMITS,
  QNA_CATEGORIES,
  type QnaCategory,
  ResultCode,
  resultMessage,
  type UploadedFileInfo,
} from '@byeol/contract';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { CS_PATHS } from '../../lib/cs-links';
import { formatNumber } from '../../lib/format';
import { IMAGE_TYPES, uploadImage } from '../../lib/upload';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import { askQuestion } from './cs-api';
import { type QnaField, qnaRefusals } from './cs-form-rules';
import { charCount } from './cs-rules';
import { CsHeading } from './cs-ui';

/** An image of the form: uploading (its progress), or uploaded (its file info). */
interface Attachment {
  key: number;
  name: string;
  progress: number;
  file: UploadedFileInfo | null;
}

type Errors = Partial<Record<QnaField | 'files', string>>;

/**
 * /cs/qna/question: a question to the operators (category, title, content) with up to BOARD_LIMITS.filesMax
 * images, each uploaded as it is chosen with its own progress bar. Each field says the contract's message
 * before sending; the server's refusal lands under its field. Sent, the member's questions show.
 */
export function QnaFormPage() {
  const { t } = useTranslation('cs');
  const lang = useLang();
  const dialog = useDialog();
  const navigate = useNavigate();
  const loginRequired = useLoginRequired();
  const [category, setCategory] = useState<QnaCategory | ''>('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(1);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = attachments.some((a) => !a.file);
  const full = attachments.length >= BOARD_LIMITS.filesMax;

  const patch = (key: number, change: Partial<Attachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));
  const drop = (key: number) => setAttachments((list) => list.filter((a) => a.key !== key));

  async function upload(file: File, key: number) {
    const res = await uploadImage(file, {
      purpose: 'qna',
      fileName: file.name,
      fileSelectNo: String(key),
      commKey: 'qna',
      onProgress: (fraction) => patch(key, { progress: fraction }),
      fallback: t('qna.form.uploadFailed'),
    });
    if (loginRequired(res)) return;
    if (isOk(res)) patch(key, { file: res.rslt_set, progress: 1 });
    else {
      drop(key);
      setErrors((e) => ({ ...e, files: res.rslt_msg || t('qna.form.uploadFailed') }));
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    const room = BOARD_LIMITS.filesMax - attachments.length;
    setErrors((e) => ({
      ...e,
      files: chosen.length > room ? resultMessage('BOARD_FILES_TOO_MANY', lang, { max: BOARD_LIMITS.filesMax }) : undefined,
    }));
    const added = chosen.slice(0, Math.max(0, room)).map((file) => ({ file, key: nextKey.current++ }));
    setAttachments((list) => [...list, ...added.map(({ file, key }) => ({ key, name: file.name, progress: 0, file: null }))]);
    for (const { file, key } of added) void upload(file, key);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const refusals = qnaRefusals({ category, title, content });
    const found: Errors = {};
    for (const [field, code] of Object.entries(refusals) as [QnaField, keyof typeof COMMUNITY_REFUSAL_PARAMS][]) {
      found[field] = resultMessage(code, lang, COMMUNITY_REFUSAL_PARAMS[code]);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`qna-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    if (uploading) {
      setFormError(t('qna.form.waitUploads'));
      return;
    }
    setBusy(true);
    const files = attachments.flatMap((a) => (a.file ? [a.file.temp_file_sn] : [])).join(',');
    const res = await askQuestion({ category: category as QnaCategory, title, content, files }, t('retry'));
    if (!isOk(res)) {
      setBusy(false);
      if (loginRequired(res)) return;
      const message = res.rslt_msg || t('retry');
      const field = fieldOf(res);
      if (field === 'category' || field === 'title' || field === 'content' || field === 'files') setErrors({ [field]: message });
      else setFormError(message);
      // Uploads the server no longer knows (expired) are dropped, so the member can choose them again.
      if (res.rslt_cd === ResultCode.UPLOAD_NOT_FOUND) setAttachments([]);
      return;
    }
    dialog.toast(t('qna.form.sent'));
    await navigate(CS_PATHS.answers);
  }

  const titleCount = charCount(title);
  const contentCount = charCount(content);
  return (
    <section data-cs-page="ask">
      <CsHeading title={t('qna.form.title')} />
      <p className="mt-2 text-sm text-neutral-600">{t('qna.form.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 space-y-5" data-qna-form>
        <div>
          <label htmlFor="qna-category" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('qna.form.category')}
          </label>
          <select
            id="qna-category"
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value as QnaCategory | '')}
            aria-invalid={Boolean(errors.category)}
            aria-describedby="qna-category-msg"
            className={inputClass}
          >
            <option value="">{t('qna.form.categoryPlaceholder')}</option>
            {QNA_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`qna.category.${c}`)}
              </option>
            ))}
          </select>
          <FieldMessages id="qna-category" errors={[errors.category ?? '']} />
        </div>
        <div>
          <label htmlFor="qna-title" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('qna.form.subject')}
          </label>
          <input
            id="qna-title"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('qna.form.subjectPlaceholder')}
            aria-invalid={Boolean(errors.title)}
            aria-describedby="qna-title-msg"
            className={inputClass}
          />
          <Counted id="qna-title" error={errors.title} n={titleCount} max={CS_LIMITS.titleMax} />
        </div>
        <div>
          <label htmlFor="qna-content" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('qna.form.content')}
          </label>
          <textarea
            id="qna-content"
            name="content"
            rows={8}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t('qna.form.contentPlaceholder')}
            aria-invalid={Boolean(errors.content)}
            aria-describedby="qna-content-msg"
            className={`${inputClass} resize-y`}
          />
          <Counted id="qna-content" error={errors.content} n={contentCount} max={CS_LIMITS.contentMax} />
        </div>
        <fieldset aria-describedby="qna-files-msg" data-qna-files={attachments.length}>
          <legend className="mb-1 block text-sm font-semibold text-neutral-800">{t('qna.form.files')}</legend>
          <input
            ref={fileInput}
            id="qna-files-input"
            type="file"
            accept={IMAGE_TYPES}
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
          />
          {attachments.length > 0 && (
            <ul className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {attachments.map((a) => (
                <AttachmentRow key={a.key} attachment={a} onRemove={() => drop(a.key)} />
              ))}
            </ul>
          )}
          <button
            type="button"
            className={secondaryButton}
            disabled={full || busy}
            onClick={() => fileInput.current?.click()}
            data-qna-choose
          >
            + {t('qna.form.choose')}
          </button>
          <FieldMessages id="qna-files" errors={[errors.files ?? '']} hint={t('qna.form.filesHint', { max: BOARD_LIMITS.filesMax })} />
        </fieldset>
        <FormError message={formError} />
        <div className="flex justify-end">
          <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy} data-qna-submit>
            {busy ? t('qna.form.sending') : t('qna.form.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A field's messages beside its character count (red past the limit). */
function Counted({ id, error, n, max }: { id: string; error: string | undefined; n: number; max: number }) {
  const { t } = useTranslation('cs');
  const lang = useLang();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0 flex-1">
        <FieldMessages id={id} errors={[error ?? '']} />
      </div>
      <span className={`shrink-0 pt-1 text-xs tabular-nums ${n > max ? 'font-bold text-red-600' : 'text-neutral-500'}`} data-counter={n}>
        {t('counter', { n: formatNumber(n, lang), max: formatNumber(max, lang) })}
      </span>
    </div>
  );
}

function AttachmentRow({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const { t } = useTranslation('cs');
  const { name, file, progress } = attachment;
  return (
    <li
      className="flex items-center gap-3 rounded-xl border border-neutral-200 p-2"
      data-qna-attachment={file ? 'uploaded' : 'uploading'}
      data-file-sn={file?.temp_file_sn}
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-neutral-100">
        {file && <img src={file.temp_file_path_nm} alt={t('qna.form.preview', { name })} className="size-full object-cover" />}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-neutral-800">{name}</p>
        {!file && (
          <UploadProgress
            fraction={progress}
            label={t('qna.form.uploading', { name })}
            text={(percent) => t('qna.form.progress', { percent })}
          />
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={!file}
        aria-label={t('qna.form.remove', { name })}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-red-600 disabled:opacity-40"
        data-qna-attachment-remove
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </li>
  );
}
