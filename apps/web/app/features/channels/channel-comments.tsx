import { CHANNEL_LIMITS, CHANNEL_REFUSAL_PARAMS, type ChannelComment, type ListSet, ResultCode, resultMessage } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, fromNow } from '../../lib/format';
import { useMoreList } from '../../lib/use-more-list';
import { useLang, useSite, useUser } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { useSignIn } from '../../ui/sign-in';
import { commentRefusal } from './channel-form-rules';
import { useChannel } from './channel-layout';
import { charCount } from './channel-rules';
import { FanNoBadge } from './channel-ui';
import { channelComments, deleteComment, programComments, writeComment } from './channels-api';

/**
 * The channel's guest book: the write form (members; guests get the sign-in panel), the comments newest
 * first with "more", and delete (after a confirm) on the rows the viewer may delete. A program channel's
 * comments (`program`) are read with program_comment_more; writing and deleting are the same calls.
 */
export function ChannelComments({ initial, program = false }: { initial: ListSet<ChannelComment> | null; program?: boolean }) {
  const { t } = useTranslation('channels');
  const info = useChannel();
  const list = useMoreList(
    initial,
    (offset) => (program ? programComments : channelComments)(info.bj.id, offset, t('error.retry')),
    (c) => c.comment_sn,
    t('error.retry'),
  );
  return (
    <section aria-labelledby="channel-comments" data-channel-comments>
      <div className="flex items-baseline gap-2">
        <h2 id="channel-comments" className="text-lg font-bold">
          {t('comment.title')}
        </h2>
        {!list.failed && list.total > 0 && <Total n={list.total} />}
      </div>
      <CommentForm channelId={info.bj.id} onWritten={() => void list.reload()} />
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="channel-comments" text={t('comment.empty')} />
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-comment-list>
          {list.rows.map((c) => (
            <CommentRow key={c.comment_sn} comment={c} onDeleted={() => list.remove(c.comment_sn)} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

function CommentForm({ channelId, onWritten }: { channelId: string; onWritten: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
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
    // The contract's schema, so the form says what the server would, before sending.
    const refusal = commentRefusal(channelId, content);
    if (refusal) {
      setError(resultMessage(refusal, lang, CHANNEL_REFUSAL_PARAMS[refusal]));
      return;
    }
    setBusy(true);
    const res = await writeComment(channelId, content, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) void signIn.open();
      const message = res.rslt_msg || t('error.retry');
      if (fieldOf(res) === 'content') setError(message);
      else setFormError(message);
      return;
    }
    setContent('');
    dialog.toast(t('comment.written'));
    onWritten();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-2" noValidate data-comment-form>
      <label htmlFor="comment-content" className="sr-only">
        {t('comment.label')}
      </label>
      <textarea
        id="comment-content"
        name="content"
        rows={3}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t('comment.placeholder')}
        aria-invalid={error !== ''}
        aria-describedby="comment-content-msg comment-content-count"
        className={`${inputClass} resize-y`}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <FieldMessages id="comment-content" errors={[error]} />
        </div>
        <span
          id="comment-content-count"
          className={`shrink-0 pt-1 text-xs tabular-nums ${count > CHANNEL_LIMITS.commentMax ? 'font-bold text-red-600' : 'text-neutral-500'}`}
          data-counter={count}
        >
          {t('counter', { n: formatNumber(count, lang), max: formatNumber(CHANNEL_LIMITS.commentMax, lang) })}
        </span>
      </div>
      <FormError message={formError} />
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={busy} data-comment-submit>
          {busy ? t('comment.sending') : t('comment.submit')}
        </button>
      </div>
    </form>
  );
}

function CommentRow({ comment, onDeleted }: { comment: ChannelComment; onDeleted: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  // The render's time (server and client agree), or the comment's own for one written since.
  const now = Math.max(useSite()?.now ?? 0, Date.parse(comment.created_at) || 0);
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!(await dialog.confirm(t('comment.confirmDelete')))) return;
    setBusy(true);
    const res = await deleteComment(comment.comment_sn, t('error.retry'));
    setBusy(false);
    // Already gone is what was asked for.
    if (isOk(res) || res.rslt_cd === ResultCode.CHANNEL_COMMENT_NOT_FOUND) {
      onDeleted();
      dialog.toast(t('comment.deleted'));
    } else dialog.toast(res.rslt_msg || t('error.retry'));
  }

  return (
    <li className="flex gap-3 px-4 py-3" data-comment={comment.comment_sn}>
      <Avatar src={comment.profile_image} nick={comment.nick} size="size-10" text="text-base" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold" data-comment-nick>
            {comment.nick}
          </span>
          {comment.fan_no ? <FanNoBadge n={comment.fan_no} /> : null}
          <span className="text-xs text-neutral-500">
            <span className="break-all">@{comment.id}</span> ·{' '}
            <time dateTime={comment.created_at}>{fromNow(comment.created_at, lang, now)}</time>
          </span>
        </div>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-neutral-800" data-comment-content>
          {comment.content}
        </p>
      </div>
      {comment.can_delete_yn === 'Y' && (
        <button
          type="button"
          onClick={() => void remove()}
          disabled={busy}
          className="min-h-11 shrink-0 self-start rounded-lg px-2 text-sm font-semibold text-neutral-500 hover:bg-neutral-100 hover:text-red-600 disabled:opacity-50"
          data-comment-delete
        >
          {t('comment.delete')}
        </button>
      )}
    </li>
  );
}
