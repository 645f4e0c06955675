import { CHANNEL_LIMITS, CHANNEL_REFUSAL_PARAMS, type FeedListSet, type FeedPost, ResultCode, resultMessage } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, fromNow, kstDate } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useLang, useSite } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { feedRefusal } from './channel-form-rules';
import { useChannel } from './channel-layout';
import { charCount } from './channel-rules';
import { channelFeed, deleteFeed, writeFeed } from './channels-api';

/**
 * The channel's feed tab (/channel/bj/{id}/feed): the BJ's posts newest first with "more", plain text with its
 * line breaks (never HTML). The channel's owner gets the compose form on top and delete (after a confirm) on
 * the posts they may delete.
 */
export function ChannelFeed({ initial }: { initial: FeedListSet | null }) {
  const { t } = useTranslation('channels');
  const info = useChannel();
  const owner = info.viewer?.is_owner === 'Y';
  const list = useMoreList<FeedListSet>(
    initial,
    (offset) => channelFeed(info.bj.id, offset, t('error.retry')),
    (post) => post.feed_sn,
    t('error.retry'),
  );
  return (
    <section aria-labelledby="channel-feed" data-channel-feed>
      <div className="flex items-baseline gap-2">
        <h2 id="channel-feed" className="text-lg font-bold">
          {t('feed.title')}
        </h2>
        {!list.failed && list.total > 0 && <Total n={list.total} />}
      </div>
      {owner && <FeedForm onWritten={() => void list.reload()} />}
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="channel-feed" text={owner ? t('feed.emptyOwner') : t('feed.empty')} />
      ) : (
        <ul className="mt-4 space-y-3" data-feed-list>
          {list.rows.map((post) => (
            <FeedRow key={post.feed_sn} post={post} onDeleted={() => list.remove(post.feed_sn)} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

function FeedForm({ onWritten }: { onWritten: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const count = charCount(content);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError('');
    setFormError('');
    // The contract's schema, so the form says what the server would, before sending.
    const refusal = feedRefusal(content);
    if (refusal) {
      setError(resultMessage(refusal, lang, CHANNEL_REFUSAL_PARAMS[refusal]));
      return;
    }
    setBusy(true);
    const res = await writeFeed(content, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      const message = res.rslt_msg || t('error.retry');
      if (fieldOf(res) === 'content') setError(message);
      else setFormError(message);
      return;
    }
    setContent('');
    dialog.toast(t('feed.written'));
    onWritten();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-2 rounded-2xl bg-neutral-50 p-4" noValidate data-feed-form>
      <label htmlFor="feed-content" className="text-sm font-semibold text-neutral-700">
        {t('feed.label')}
      </label>
      <textarea
        id="feed-content"
        name="content"
        rows={4}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t('feed.placeholder')}
        aria-invalid={error !== ''}
        aria-describedby="feed-content-msg feed-content-count"
        className={`${inputClass} resize-y bg-white`}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <FieldMessages id="feed-content" errors={[error]} />
        </div>
        <span
          id="feed-content-count"
          className={`shrink-0 pt-1 text-xs tabular-nums ${count > CHANNEL_LIMITS.feedMax ? 'font-bold text-red-600' : 'text-neutral-500'}`}
          data-counter={count}
        >
          {t('counter', { n: formatNumber(count, lang), max: formatNumber(CHANNEL_LIMITS.feedMax, lang) })}
        </span>
      </div>
      <FormError message={formError} />
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={busy} data-feed-submit>
          {busy ? t('feed.sending') : t('feed.submit')}
        </button>
      </div>
    </form>
  );
}

function FeedRow({ post, onDeleted }: { post: FeedPost; onDeleted: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const info = useChannel();
  // The render's time (server and client agree), or the post's own for one written since.
  const now = Math.max(useSite()?.now ?? 0, Date.parse(post.created_at) || 0);
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!(await dialog.confirm(t('feed.confirmDelete')))) return;
    setBusy(true);
    const res = await deleteFeed(post.feed_sn, t('error.retry'));
    setBusy(false);
    // Already gone is what was asked for.
    if (isOk(res) || res.rslt_cd === ResultCode.CHANNEL_FEED_NOT_FOUND) {
      onDeleted();
      dialog.toast(t('feed.deleted'));
    } else dialog.toast(res.rslt_msg || t('error.retry'));
  }

  return (
    <li className="rounded-2xl border border-neutral-200 p-4" data-feed={post.feed_sn}>
      <div className="flex items-start gap-3">
        <Avatar src={info.bj.profile_image} nick={info.bj.nick} size="size-10" text="text-base" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{info.bj.nick}</p>
          <p className="text-xs text-neutral-500">
            <time dateTime={post.created_at} title={kstDate(post.created_at, true)}>
              {fromNow(post.created_at, lang, now)}
            </time>
          </p>
        </div>
        {post.can_delete_yn === 'Y' && (
          <button
            type="button"
            onClick={() => void remove()}
            disabled={busy}
            className="min-h-11 shrink-0 rounded-lg px-2 text-sm font-semibold text-neutral-500 hover:bg-neutral-100 hover:text-red-600 disabled:opacity-50"
            data-feed-delete
          >
            {t('feed.delete')}
          </button>
        )}
      </div>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-neutral-800" data-feed-content>
        {post.content}
      </p>
    </li>
  );
}
