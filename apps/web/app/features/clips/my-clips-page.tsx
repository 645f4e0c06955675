import { CLIP_LIMITS, type ClipItem, type ClipState, resultMessage } from '@byeol/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { channelPath, shortPath } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton } from '../../ui/fields';
import { ScrollLinkTabs } from '../../ui/link-tabs';
import { BackToMyPage, EmptyState, LoadFailed } from '../../ui/list-ui';
import { MoreButton } from '../../ui/more-button';
import { UploadProgress } from '../../ui/upload-progress';
import { ClipThumb } from './clip-card';
import { type ClipListSet, clipInfo, clipRoom, myClipMore, removeClip, setClipping, uploadShort } from './clips-api';
import { charCount, isBjAccount, isProcessing, type MyClipTab, myClipPath, SHORT_MAX_MB, tooLarge } from './clips-rules';
import { useClipList } from './use-clip-list';

/** What the /mypage/short loader hands the page. */
export interface MyClipsData {
  tab: MyClipTab;
  /** The first page of POST /mypage/clip_more; null when it failed. */
  set: ClipListSet | null;
  message: string;
}

/** How often clips still processing are asked about. */
const REFRESH_MS = 2000;

/**
 * /mypage/short (issue 22): the member's clips and shorts in every state (POST /mypage/clip_more, tabs by
 * kind), those processing refreshed until ready or failed, each deletable after a confirmation. A BJ also
 * gets the switch letting viewers clip their broadcasts and the form uploading a short.
 */
export function MyClipsPage({ data }: { data: MyClipsData }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const user = useUser();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const list = useClipList(data.set, (offset) => myClipMore(data.tab === 'all' ? undefined : data.tab, offset, t('retry')), t('retry'));
  const bj = isBjAccount(user);

  // Clips still processing: asked about every 2 s until each is ready or failed.
  const processing = list.rows
    .filter(isProcessing)
    .map((c) => c.clip_key)
    .join(',');
  const { replace } = list;
  useEffect(() => {
    if (!processing) return;
    let stopped = false;
    const timer = setInterval(async () => {
      for (const key of processing.split(',')) {
        const res = await clipInfo(key, '');
        if (stopped) return;
        if (isOk(res) && res.rslt_set.state !== 'processing') replace(res.rslt_set);
      }
    }, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [processing, replace]);

  const remove = async (item: ClipItem) => {
    if (!(await dialog.confirm(t('mine.confirmDelete', { clip })))) return;
    const res = await removeClip(item.clip_sn, t('retry'));
    if (isOk(res)) {
      list.remove(item.clip_key);
      dialog.toast(t('mine.deleted'));
    } else if (!loginRequired(res)) {
      dialog.toast(res.rslt_msg || t('retry'));
    }
  };

  const tabs = (['all', 'clip', 'short'] as const).map((tab) => ({
    key: tab,
    text: tab === 'clip' ? clip : tab === 'all' ? t('kind.all') : t('kind.short'),
    to: myClipPath(tab),
    current: data.tab === tab,
  }));

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8" data-my-clips={data.tab}>
      <BackToMyPage />
      <h1 className="text-2xl font-extrabold">{t('mine.title', { clip })}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('mine.lead', { clip })}</p>
      {bj && user && (
        <div className="mt-6 grid items-start gap-4 md:grid-cols-2">
          <ClippingSwitch bjId={user.id} />
          <UploadShortForm onUploaded={(item) => data.tab !== 'clip' && list.prepend(item)} />
        </div>
      )}
      <ScrollLinkTabs label={t('mine.tabs')} name="my-clips" tabs={tabs} />
      {list.failed ? (
        <LoadFailed message={data.message || t('retry')} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="my-clips" text={t(`mine.empty.${data.tab}`, { clip })} />
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-my-clip-list>
          {list.rows.map((item) => (
            <MyClipRow key={item.clip_key} item={item} onDelete={() => void remove(item)} />
          ))}
        </ul>
      )}
      {list.hasMore && (
        <MoreButton onMore={list.more} busy={list.busy} error={list.error} label={t('feed.more')} busyLabel={t('feed.loading')} />
      )}
    </div>
  );
}

const stateBadge: Record<ClipState, string> = {
  processing: 'bg-amber-100 text-amber-900',
  ready: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

function MyClipRow({ item, onDelete }: { item: ClipItem; onDelete: () => void }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const lang = useLang();
  const ready = item.state === 'ready';
  return (
    <li className="flex gap-3 p-3 sm:gap-4 sm:p-4" data-my-clip={item.clip_key} data-state={item.state} data-kind={item.kind}>
      <div className="w-28 shrink-0 sm:w-40">
        {ready ? (
          <Link to={shortPath({ clip: item.clip_key })} className="block rounded-lg hover:opacity-90" data-watch-clip={item.clip_key}>
            <ClipThumb item={item} />
            <span className="sr-only">{t('mine.watch', { title: item.title || t('untitled') })}</span>
          </Link>
        ) : (
          <ClipThumb item={item} />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${stateBadge[item.state]}`}
            data-state-badge
          >
            {item.state === 'processing' && (
              <span className="size-3 animate-spin rounded-full border-2 border-amber-300 border-t-amber-700" aria-hidden="true" />
            )}
            {t(`state.${item.state}`)}
          </span>
          <span className="text-xs text-neutral-500">{item.kind === 'clip' ? clip : t('kind.short')}</span>
        </p>
        <p className="mt-1 line-clamp-2 break-words font-semibold">{item.title || t('untitled')}</p>
        <p className="mt-0.5 break-words text-xs text-neutral-600">
          {item.kind === 'clip' && item.bj.id ? (
            <Link to={channelPath(item.bj.id)} className="hover:underline">
              {item.bj.nick}
            </Link>
          ) : null}
          {item.kind === 'clip' && item.bj.id ? ' · ' : ''}
          {kstDate(item.created_at, true)}
          {ready && ` · ${t('views', { n: formatNumber(item.view_cnt, lang) })}`}
        </p>
        {item.state === 'failed' && (
          <p className="mt-1 text-xs text-red-700">{item.kind === 'clip' ? t('mine.failedClip', { clip }) : t('mine.failedShort')}</p>
        )}
        {item.state === 'processing' && item.kind === 'short' && <p className="mt-1 text-xs text-neutral-500">{t('mine.converting')}</p>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <button
          type="button"
          onClick={onDelete}
          className="min-h-11 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
          aria-label={t('mine.deleteLabel', { title: item.title || t('untitled') })}
          data-delete-clip={item.clip_sn}
        >
          {t('mine.delete')}
        </button>
      </div>
    </li>
  );
}

const panel = 'rounded-2xl border border-neutral-200 p-4 sm:p-5';

/**
 * "Allow viewers to clip my broadcasts": read with GET /clip/clip_room_info by the BJ's own login ID, saved
 * with POST /clip/clip_setting_proc.
 */
function ClippingSwitch({ bjId }: { bjId: string }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const dialog = useDialog();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const labelId = useId();

  useEffect(() => {
    let stopped = false;
    void clipRoom(bjId, t('retry')).then((res) => {
      if (stopped) return;
      if (isOk(res)) setOn(res.rslt_set.clip_yn === 'Y');
      else setError(res.rslt_msg || t('retry'));
    });
    return () => {
      stopped = true;
    };
  }, [bjId, t]);

  const toggle = async () => {
    if (on === null) return;
    setBusy(true);
    setError('');
    const res = await setClipping(!on, t('retry'));
    setBusy(false);
    if (isOk(res)) {
      const next = res.rslt_set.clip_yn === 'Y';
      setOn(next);
      dialog.toast(next ? t('setting.savedOn', { clip }) : t('setting.savedOff', { clip }));
    } else {
      setError(res.rslt_msg || t('retry'));
    }
  };

  return (
    <section className={panel} aria-labelledby={labelId} data-clip-setting={on === null ? 'loading' : on ? 'Y' : 'N'}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={labelId} className="font-bold">
            {t('setting.title', { clip })}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{t('setting.hint', { clip })}</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on === true}
          aria-labelledby={labelId}
          disabled={on === null || busy}
          onClick={() => void toggle()}
          className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50 ${on ? 'bg-brand' : 'bg-neutral-300'}`}
          data-clip-switch
        >
          <span
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-7' : 'translate-x-1'}`}
          />
        </button>
      </div>
      <p className="mt-2 text-sm font-semibold" aria-live="polite">
        {on === null ? t('setting.loading') : on ? t('setting.on') : t('setting.off')}
      </p>
      <FormError message={error} />
    </section>
  );
}

/**
 * A BJ's short upload: title and video file, sent as the request body with upload progress; the size is
 * checked here first (SHORT_TOO_LARGE), the type and length by the server from the content.
 */
function UploadShortForm({ onUploaded }: { onUploaded: (item: ClipItem) => void }) {
  const { t } = useTranslation('clips');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string; form?: string }>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const fileId = useId();
  const count = charCount(title.trim());

  const pick = (next: File | null) => {
    setFile(next);
    setErrors((e) => ({
      ...e,
      file: next && tooLarge(next.size) ? resultMessage('SHORT_TOO_LARGE', lang, { mb: SHORT_MAX_MB }) : undefined,
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (count === 0) found.title = resultMessage('CLIP_TITLE_REQUIRED', lang);
    else if (count > CLIP_LIMITS.titleMax) found.title = resultMessage('CLIP_TITLE_LENGTH', lang, { max: CLIP_LIMITS.titleMax });
    if (!file) found.file = t('upload.noFile');
    else if (tooLarge(file.size)) found.file = resultMessage('SHORT_TOO_LARGE', lang, { mb: SHORT_MAX_MB });
    setErrors(found);
    if (found.title || found.file || !file) return;
    setProgress(0);
    const res = await uploadShort(file, title.trim(), setProgress, t('retry')).done;
    setProgress(null);
    if (!isOk(res)) {
      if (!loginRequired(res)) setErrors({ form: res.rslt_msg || t('retry') });
      return;
    }
    onUploaded(res.rslt_set);
    setTitle('');
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
    dialog.toast(t('upload.done'));
  };

  const uploading = progress !== null;
  return (
    <section className={panel} aria-labelledby={`${titleId}-h`} data-short-upload>
      <h2 id={`${titleId}-h`} className="font-bold">
        {t('upload.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{t('upload.hint', { mb: SHORT_MAX_MB, sec: CLIP_LIMITS.shortMaxSec })}</p>
      <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <div>
          <label htmlFor={titleId} className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('upload.titleLabel')}
          </label>
          <input
            id={titleId}
            className={inputClass}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            disabled={uploading}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={`${titleId}-msg`}
            data-short-title
          />
          <FieldMessages
            id={titleId}
            errors={errors.title ? [errors.title] : []}
            hint={t('editor.counter', { n: count, max: CLIP_LIMITS.titleMax })}
          />
        </div>
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('upload.file')}
          </label>
          <input
            id={fileId}
            ref={fileRef}
            type="file"
            accept="video/*"
            disabled={uploading}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            aria-invalid={Boolean(errors.file)}
            aria-describedby={`${fileId}-msg`}
            className="block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-neutral-100 file:px-4 file:font-semibold file:text-neutral-800 hover:file:bg-neutral-200"
            data-short-file
          />
          <FieldMessages id={fileId} errors={errors.file ? [errors.file] : []} />
          {uploading && (
            <UploadProgress fraction={progress} label={t('upload.progress')} text={(percent) => t('upload.uploading', { percent })} />
          )}
        </div>
        <FormError message={errors.form} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={uploading} data-short-submit>
          {uploading ? t('upload.sending') : t('upload.submit')}
        </button>
      </form>
    </section>
  );
}
