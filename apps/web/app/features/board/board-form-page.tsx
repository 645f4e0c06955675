import { BOARD_LIMITS, type BoardPostDetail, type BoardRestriction, ResultCode, resultMessage } from '@byeol/contract';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { IMAGE_TYPES, uploadImage } from '../../lib/upload';
import { useHydrated } from '../../lib/use-hydrated';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import { savePost } from './board-api';
import { boardListPath, boardPostPath, charCount, type PostField, postRefusals, refusalMessage } from './board-rules';

/** What the /bbs/form loader hands the page. */
export interface BoardFormData {
  /** The post being edited (`?board_sn=`), null for a new one. */
  post: BoardPostDetail | null;
  /** The signed-in member's posting restriction, or null. */
  restriction: BoardRestriction | null;
  /** Why the post cannot be edited here (not the caller's): the loader names the code, the route passes its message; '' otherwise. */
  refusal: string;
}

/** An attachment of the form: a file of the post, or a fresh upload (in progress, done or failed). */
interface Attachment {
  /** Stable React key. */
  key: string;
  /** The upload's number (temp_file_sn) or the post's file_sn; null until the upload is done. */
  sn: number | null;
  /** What shows: the stored picture, or the local file while it uploads. */
  url: string;
  state: 'uploading' | 'done' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  error: string;
}

let nextKey = 0;

/**
 * /bbs/form (write) and /bbs/form?board_sn=N (edit one's own): title and content with their counters and
 * the SPEC's messages per field before sending (required, too long, no personal data), up to
 * BOARD_LIMITS.filesMax images each uploaded at once with its progress bar and removable, then the post
 * saved with its upload numbers in order. A guest is told the board needs an account; a restricted member
 * sees until when and why.
 */
export function BoardFormPage({ data }: { data: BoardFormData }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const user = useUser();
  const editing = data.post !== null;
  const heading = editing ? t('form.edit') : t('form.write');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-board-form-page={editing ? 'edit' : 'write'}>
      <h1 className="text-2xl font-extrabold">{heading}</h1>
      {!user ? (
        <GuestNotice />
      ) : data.refusal ? (
        <div className="mt-6 space-y-4">
          <FormError message={data.refusal} />
          <Link to={boardListPath()} className={`${secondaryButton} inline-flex items-center`}>
            {t('form.back')}
          </Link>
        </div>
      ) : (
        <>
          {data.restriction && (
            <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900" data-board-restricted>
              {resultMessage('BOARD_RESTRICTED', lang, { until: data.restriction.until, reason: data.restriction.reason })}
            </p>
          )}
          <PostForm key={data.post?.board_sn ?? 0} post={data.post} disabled={data.restriction !== null} />
        </>
      )}
    </div>
  );
}

/** SPEC §6 'This is a login-required service', with a way to sign in that comes back here. */
function GuestNotice() {
  const { t } = useTranslation('board');
  const lang = useLang();
  const { pathname, search } = useLocation();
  return (
    <div className="mt-6 rounded-xl bg-neutral-50 p-6 text-center" data-board-login-required>
      <p role="alert" className="text-neutral-800">
        {resultMessage('LOGIN_REQUIRED', lang)}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link
          to={`/user/login?${new URLSearchParams({ redirect: `${pathname}${search}` })}`}
          className={`${primaryButton} inline-flex items-center`}
          data-board-sign-in
        >
          {t('form.signIn')}
        </Link>
        <Link to={boardListPath()} className={`${secondaryButton} inline-flex items-center`}>
          {t('form.back')}
        </Link>
      </div>
    </div>
  );
}

function PostForm({ post, disabled }: { post: BoardPostDetail | null; disabled: boolean }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const dialog = useDialog();
  const navigate = useNavigate();
  const loginRequired = useLoginRequired();
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [files, setFiles] = useState<Attachment[]>(() =>
    (post?.files ?? []).map((f) => ({ key: `f${f.file_sn}`, sn: f.file_sn, url: f.url, state: 'done', progress: 1, error: '' })),
  );
  const [errors, setErrors] = useState<Partial<Record<PostField | 'files', string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const picker = useRef<HTMLInputElement>(null);
  // Local previews of files being uploaded, revoked when the form goes away.
  const objectUrls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const kept = files.filter((f) => f.state !== 'failed');
  const titleCount = charCount(title);
  const contentCount = charCount(content);

  const update = (key: string, change: Partial<Attachment>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  async function upload(file: File, key: string) {
    const res = await uploadImage(file, {
      purpose: 'board',
      fileName: file.name || 'image',
      commKey: 'board',
      onProgress: (progress) => update(key, { progress }),
      fallback: t('form.uploadFailed'),
    });
    if (loginRequired(res)) return;
    if (isOk(res)) update(key, { state: 'done', progress: 1, sn: Number(res.rslt_set.temp_file_sn), url: res.rslt_set.temp_file_path_nm });
    else update(key, { state: 'failed', error: res.rslt_msg || t('form.uploadFailed') });
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    const room = BOARD_LIMITS.filesMax - kept.length;
    setErrors((prev) => ({
      ...prev,
      files: chosen.length > room ? resultMessage('BOARD_FILES_TOO_MANY', lang, { max: BOARD_LIMITS.filesMax }) : undefined,
    }));
    const taken = chosen.slice(0, Math.max(0, room)).map((file) => {
      const url = URL.createObjectURL(file);
      objectUrls.current.push(url);
      const entry: Attachment = { key: `u${++nextKey}`, sn: null, url, state: 'uploading', progress: 0, error: '' };
      return { file, entry };
    });
    if (taken.length === 0) return;
    setFiles((list) => [...list.filter((f) => f.state !== 'failed'), ...taken.map((x) => x.entry)]);
    for (const { file, entry } of taken) void upload(file, entry.key);
  }

  function remove(key: string) {
    setFiles((list) => list.filter((f) => f.key !== key));
    setErrors((prev) => ({ ...prev, files: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || disabled) return;
    setFormError('');
    const refused = postRefusals(title, content);
    if (refused) {
      setErrors({
        title: refused.title ? refusalMessage(refused.title, lang) : undefined,
        content: refused.content ? refusalMessage(refused.content, lang) : undefined,
      });
      document.getElementById(refused.title ? 'board-title' : 'board-content')?.focus();
      return;
    }
    if (files.some((f) => f.state === 'uploading')) {
      setErrors({});
      setFormError(t('form.waitUploads'));
      return;
    }
    const done = files.filter((f) => f.state === 'done' && f.sn !== null);
    if (done.length > BOARD_LIMITS.filesMax) {
      setErrors({ files: resultMessage('BOARD_FILES_TOO_MANY', lang, { max: BOARD_LIMITS.filesMax }) });
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await savePost({ board_sn: post?.board_sn ?? 0, title, content, files: done.map((f) => f.sn).join(',') }, t('retry'));
    if (!isOk(res)) {
      setBusy(false);
      if (loginRequired(res)) return;
      const message = res.rslt_msg || t('retry');
      const field = fieldOf(res);
      if (field === 'title' || field === 'content' || field === 'files') setErrors({ [field]: message });
      else if (res.rslt_cd === ResultCode.BOARD_PERSONAL_INFO) setErrors({ content: message });
      else if (res.rslt_cd === ResultCode.BOARD_FILES_TOO_MANY) setErrors({ files: message });
      else setFormError(message);
      return;
    }
    dialog.toast(post ? t('form.saved') : t('form.written'));
    await navigate(boardPostPath(res.rslt_set.board_sn), { replace: post !== null });
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-6" data-board-form data-ready={ready || undefined}>
      <fieldset disabled={disabled} className="space-y-5">
        <div>
          <label htmlFor="board-title" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('form.title')}
          </label>
          <input
            id="board-title"
            name="title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((prev) => ({ ...prev, title: undefined }));
            }}
            placeholder={t('form.titlePlaceholder')}
            aria-invalid={Boolean(errors.title)}
            aria-describedby="board-title-msg board-title-count"
            className={inputClass}
            autoComplete="off"
          />
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <FieldMessages id="board-title" errors={[errors.title ?? '']} />
            </div>
            <Counter id="board-title-count" n={titleCount} max={BOARD_LIMITS.titleMax} />
          </div>
        </div>
        <div>
          <label htmlFor="board-content" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('form.content')}
          </label>
          <textarea
            id="board-content"
            name="content"
            rows={12}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setErrors((prev) => ({ ...prev, content: undefined }));
            }}
            placeholder={t('form.contentPlaceholder')}
            aria-invalid={Boolean(errors.content)}
            aria-describedby="board-content-msg board-content-count"
            className={`${inputClass} resize-y`}
          />
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <FieldMessages id="board-content" errors={[errors.content ?? '']} />
            </div>
            <Counter id="board-content-count" n={contentCount} max={BOARD_LIMITS.contentMax} />
          </div>
        </div>
        <div role="group" aria-labelledby="board-files-label" data-board-files={kept.length}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="board-files-label" className="text-sm font-semibold text-neutral-800">
              {t('form.files')}{' '}
              <span className="font-normal text-neutral-500 tabular-nums">
                {t('form.filesCount', { n: formatNumber(kept.length, lang), max: formatNumber(BOARD_LIMITS.filesMax, lang) })}
              </span>
            </p>
            <button type="button" className={secondaryButton} onClick={() => picker.current?.click()} data-board-add-files>
              {t('form.addFiles')}
            </button>
          </div>
          <input
            ref={picker}
            id="board-files"
            type="file"
            accept={IMAGE_TYPES}
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
          />
          <FieldMessages id="board-files" errors={[errors.files ?? '']} hint={t('form.filesHint', { max: BOARD_LIMITS.filesMax })} />
          {files.length > 0 && (
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-board-file-list>
              {files.map((file, i) => (
                <AttachmentItem key={file.key} file={file} n={i + 1} onRemove={() => remove(file.key)} />
              ))}
            </ul>
          )}
        </div>
        <FormError message={formError} />
        <div className="flex gap-2">
          <Link
            to={post ? boardPostPath(post.board_sn) : boardListPath()}
            className={`${secondaryButton} inline-flex flex-1 items-center justify-center sm:flex-none`}
          >
            {t('form.cancel')}
          </Link>
          <button type="submit" className={`${primaryButton} flex-1 sm:flex-none sm:px-8`} disabled={busy || !ready} data-board-submit>
            {busy ? t('form.sending') : post ? t('form.save') : t('form.submit')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function Counter({ id, n, max }: { id: string; n: number; max: number }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  return (
    <span
      id={id}
      className={`shrink-0 pt-1 text-xs tabular-nums ${n > max ? 'font-bold text-red-600' : 'text-neutral-500'}`}
      data-counter={n}
    >
      {t('counter', { n: formatNumber(n, lang), max: formatNumber(max, lang) })}
    </span>
  );
}

function AttachmentItem({ file, n, onRemove }: { file: Attachment; n: number; onRemove: () => void }) {
  const { t } = useTranslation('board');
  return (
    <li className="rounded-lg border border-neutral-200 p-2" data-attachment={file.state} data-file-sn={file.sn ?? undefined}>
      <div className="aspect-square overflow-hidden rounded-md bg-neutral-100">
        <img
          src={file.url}
          alt={t('form.fileAlt', { n })}
          className={`h-full w-full object-cover ${file.state === 'uploading' ? 'opacity-60' : ''}`}
        />
      </div>
      {file.state === 'uploading' && (
        <UploadProgress fraction={file.progress} label={t('form.uploading', { n })} text={(percent) => t('form.progress', { percent })} />
      )}
      {file.state === 'done' && (
        <p className="mt-2 text-xs font-semibold text-emerald-700" data-upload-done>
          {t('form.uploaded')}
        </p>
      )}
      {file.state === 'failed' && (
        <p role="alert" className="mt-2 text-xs text-red-600">
          {file.error}
        </p>
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('form.removeLabel', { n })}
        className="mt-1 inline-flex min-h-11 w-full items-center justify-center rounded-md text-sm font-semibold text-neutral-600 hover:bg-neutral-100 hover:text-red-700"
        data-attachment-remove
      >
        {t('form.remove')}
      </button>
    </li>
  );
}
