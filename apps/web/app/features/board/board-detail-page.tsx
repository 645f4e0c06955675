import { BOARD_LIMITS, type BoardInfoSet, type BoardReply, ResultCode } from '@byeol/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang, useUser } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { MoreButton } from '../../ui/list-ui';
import { PlainText } from '../../ui/plain-text';
import { useSignIn } from '../../ui/sign-in';
import { boardReplies, deletePost, deleteReply, writeReply } from './board-api';
import { boardFormPath, boardListPath, charCount, refusalMessage, replyRefusal } from './board-rules';
import { NoticeBadge } from './board-ui';
import { useReportDialog } from './report-dialog';

/**
 * /bbs/detail/{id}: a post (title, author's nick and ID, date in KST, views, its text as plain text with its
 * line breaks, its images), edit and delete (after a confirm) for its author, a report for everyone else;
 * then its comments with "more", the comment form, and delete (own, after a confirm) or report on each.
 */
export function BoardDetailPage({ set }: { set: BoardInfoSet }) {
  const post = set.board_info;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-board-detail={post.board_sn}>
      <PostView set={set} />
      <Comments key={post.board_sn} set={set} />
    </div>
  );
}

const smallButton =
  'inline-flex min-h-11 shrink-0 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50';

function PostView({ set }: { set: BoardInfoSet }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const dialog = useDialog();
  const navigate = useNavigate();
  const report = useReportDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const post = set.board_info;
  const mine = post.is_mine_yn === 'Y';

  async function remove() {
    if (!(await dialog.confirm(t('detail.confirmDelete')))) return;
    setBusy(true);
    const res = await deletePost(post.board_sn, t('retry'));
    setBusy(false);
    if (loginRequired(res)) return;
    // Already gone is what was asked for.
    if (isOk(res) || res.rslt_cd === ResultCode.BOARD_POST_NOT_FOUND) {
      dialog.toast(t('detail.deleted'));
      await navigate(boardListPath(), { replace: true });
    } else dialog.toast(res.rslt_msg || t('retry'));
  }

  return (
    <article aria-labelledby="board-post-title" className="border-t-2 border-neutral-800" data-ready={ready || undefined}>
      <header className="border-b border-neutral-200 py-4">
        <div className="flex min-w-0 items-start gap-2">
          {post.notice_yn === 'Y' && <NoticeBadge className="mt-1" />}
          <h1 id="board-post-title" className="min-w-0 text-xl font-extrabold [overflow-wrap:anywhere] sm:text-2xl" data-board-post-title>
            {post.title}
          </h1>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-600">
          <span data-board-author>
            <span className="sr-only">{t('detail.author')}: </span>
            <span className="font-semibold text-neutral-800">{post.user_nick}</span>{' '}
            <span className="break-all text-neutral-500">@{post.user_id}</span>
          </span>
          <span>
            <span className="sr-only">{t('detail.date')}: </span>
            <time dateTime={post.reg_date} className="tabular-nums">
              {kstDate(post.reg_date, true)}
            </time>
            {post.mod_date && <span className="ml-1 text-neutral-500">({t('detail.edited')})</span>}
          </span>
          <span className="tabular-nums" data-board-views={post.view_cnt}>
            {t('detail.views', { n: formatNumber(post.view_cnt, lang) })}
          </span>
        </div>
      </header>
      <PlainText text={post.content} name="post" className="min-h-24 py-6 text-[15px] leading-relaxed text-neutral-900" />
      {post.files.length > 0 && (
        <section aria-label={t('detail.images')} className="space-y-3 pb-6" data-board-images>
          {post.files.map((file, i) => (
            <figure key={file.file_sn}>
              <img
                src={file.url}
                alt={t('detail.image', { n: i + 1 })}
                width={file.width || undefined}
                height={file.height || undefined}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="h-auto max-w-full rounded-lg bg-neutral-100"
                data-board-image={file.file_sn}
              />
            </figure>
          ))}
        </section>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 pt-3">
        <Link
          to={boardListPath()}
          className={`${smallButton} border border-neutral-300 text-neutral-800 hover:bg-neutral-100`}
          data-board-back
        >
          {t('detail.back')}
        </Link>
        <div className="flex flex-wrap gap-1">
          {mine ? (
            <>
              <Link to={boardFormPath(post.board_sn)} className={`${smallButton} text-neutral-700 hover:bg-neutral-100`} data-board-edit>
                {t('detail.edit')}
              </Link>
              <button
                type="button"
                onClick={() => void remove()}
                disabled={busy}
                className={`${smallButton} text-red-700 hover:bg-red-50`}
                data-board-delete
              >
                {t('detail.delete')}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => void report({ type: 'post', key: post.board_sn, label: post.title })}
              aria-label={t('detail.reportLabel')}
              className={`${smallButton} text-neutral-600 hover:bg-neutral-100 hover:text-red-700`}
              data-board-report
            >
              {t('detail.report')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/** The post's comments: the loader's first page, "more" for the next ones, the form, delete and report. */
function Comments({ set }: { set: BoardInfoSet }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const loginRequired = useLoginRequired();
  const boardSn = set.board_info.board_sn;
  const [rows, setRows] = useState<BoardReply[]>(set.eventboard_reply_list);
  const [total, setTotal] = useState(set.total_count);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const turn = useRef(0);
  const hasMore = rows.length < total;

  async function more() {
    const mine = ++turn.current;
    setBusy(true);
    setError('');
    const res = await boardReplies(boardSn, rows.length, t('retry'));
    if (mine !== turn.current) return;
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) setError(res.rslt_msg || t('retry'));
      return;
    }
    setRows((shown) => {
      const seen = new Set(shown.map((r) => r.reply_sn));
      return [...shown, ...res.rslt_set.eventboard_reply_list.filter((r) => !seen.has(r.reply_sn))];
    });
    setTotal(res.rslt_set.total_count);
  }

  return (
    <section aria-labelledby="board-comments" className="mt-8" data-board-comments data-total={total}>
      <h2 id="board-comments" className="flex items-baseline gap-2 text-lg font-bold">
        {t('comment.title')}
        <span className="text-sm font-normal text-neutral-500 tabular-nums">{t('comment.total', { n: formatNumber(total, lang) })}</span>
      </h2>
      <CommentForm
        boardSn={boardSn}
        onWritten={(reply) => {
          // Comments run oldest first: a new one shows at the end once the end is in view.
          if (!hasMore) setRows((shown) => [...shown.filter((r) => r.reply_sn !== reply.reply_sn), reply]);
          setTotal((n) => n + 1);
        }}
      />
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl bg-neutral-50 p-6 text-center text-sm text-neutral-600" data-empty="board-comments">
          {t('comment.empty')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 border-y border-neutral-200" data-comment-list>
          {rows.map((reply) => (
            <CommentRow
              key={reply.reply_sn}
              reply={reply}
              onDeleted={() => {
                setRows((shown) => shown.filter((r) => r.reply_sn !== reply.reply_sn));
                setTotal((n) => Math.max(0, n - 1));
              }}
            />
          ))}
        </ul>
      )}
      {hasMore ? (
        <MoreButton onMore={() => void more()} busy={busy} error={error} />
      ) : (
        error && (
          <p role="alert" className="mt-4 text-center text-sm text-red-600">
            {error}
          </p>
        )
      )}
    </section>
  );
}

function CommentForm({ boardSn, onWritten }: { boardSn: number; onWritten: (reply: BoardReply) => void }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const count = charCount(content);

  if (!user) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-neutral-50 p-4" data-comment-sign-in>
        <p className="text-sm text-neutral-700">{t('comment.signIn')}</p>
        <button type="button" className={secondaryButton} onClick={() => void signIn.open()}>
          {t('comment.signInButton')}
        </button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError('');
    setFormError('');
    // The contract's schema and personal-data patterns: the form says what the server would, before sending.
    const refusal = replyRefusal(content);
    if (refusal) {
      setError(refusalMessage(refusal, lang));
      document.getElementById('board-reply-content')?.focus();
      return;
    }
    setBusy(true);
    const res = await writeReply(boardSn, content, t('retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      const message = res.rslt_msg || t('retry');
      if (res.rslt_cd === ResultCode.BOARD_RESTRICTED || res.rslt_cd === ResultCode.RATE_LIMITED) setFormError(message);
      else setError(message);
      return;
    }
    setContent('');
    dialog.toast(t('comment.written'));
    onWritten(res.rslt_set);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-2" noValidate data-comment-form data-ready={ready || undefined}>
      <label htmlFor="board-reply-content" className="sr-only">
        {t('comment.label')}
      </label>
      <textarea
        id="board-reply-content"
        name="content"
        rows={3}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t('comment.placeholder')}
        aria-invalid={error !== ''}
        aria-describedby="board-reply-content-msg board-reply-content-count"
        className={`${inputClass} resize-y`}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <FieldMessages id="board-reply-content" errors={[error]} />
        </div>
        <span
          id="board-reply-content-count"
          className={`shrink-0 pt-1 text-xs tabular-nums ${count > BOARD_LIMITS.replyMax ? 'font-bold text-red-600' : 'text-neutral-500'}`}
          data-counter={count}
        >
          {t('counter', { n: formatNumber(count, lang), max: formatNumber(BOARD_LIMITS.replyMax, lang) })}
        </span>
      </div>
      <FormError message={formError} />
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={busy || !ready} data-comment-submit>
          {busy ? t('comment.sending') : t('comment.submit')}
        </button>
      </div>
    </form>
  );
}

function CommentRow({ reply, onDeleted }: { reply: BoardReply; onDeleted: () => void }) {
  const { t } = useTranslation('board');
  const dialog = useDialog();
  const report = useReportDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);
  const mine = reply.is_mine_yn === 'Y';

  async function remove() {
    if (!(await dialog.confirm(t('comment.confirmDelete')))) return;
    setBusy(true);
    const res = await deleteReply(reply.reply_sn, t('retry'));
    setBusy(false);
    if (loginRequired(res)) return;
    if (isOk(res) || res.rslt_cd === ResultCode.BOARD_REPLY_NOT_FOUND) {
      onDeleted();
      dialog.toast(t('comment.deleted'));
    } else dialog.toast(res.rslt_msg || t('retry'));
  }

  return (
    <li className="flex gap-3 py-3" data-comment={reply.reply_sn}>
      <Avatar src={reply.profile_image} nick={reply.user_nick} size="size-9" text="text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="font-semibold" data-comment-nick>
            {reply.user_nick}
          </span>
          <span className="text-xs text-neutral-500">
            <span className="break-all">@{reply.user_id}</span> ·{' '}
            <time dateTime={reply.reg_date} className="tabular-nums">
              {kstDate(reply.reg_date, true)}
            </time>
          </span>
        </div>
        <PlainText text={reply.content} name="comment" className="mt-1 text-sm text-neutral-800" />
      </div>
      {mine ? (
        <button
          type="button"
          onClick={() => void remove()}
          disabled={busy}
          className={`${smallButton} self-start px-2 text-neutral-500 hover:bg-neutral-100 hover:text-red-700`}
          data-comment-delete
        >
          {t('comment.delete')}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void report({ type: 'reply', key: reply.reply_sn, label: reply.content })}
          aria-label={t('comment.reportLabel', { nick: reply.user_nick })}
          className={`${smallButton} self-start px-2 text-neutral-500 hover:bg-neutral-100 hover:text-red-700`}
          data-comment-report
        >
          {t('comment.report')}
        </button>
      )}
    </li>
  );
}
