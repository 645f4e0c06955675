import type { BlockedItem, ListSet, MyFanclubItem, SubscribeItem } from '@byeol/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { channelPath, playPath } from '../../lib/links';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useLang } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { BackToMyPage, EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { LiveBadge } from '../../ui/live-badge';
import { messageRefusal } from './channel-form-rules';
import { FanNoBadge, useBjName, VipBadge } from './channel-ui';
import { block, myBlocks, myFanclubs, mySubscriptions, subscribe } from './channels-api';

/** A /mypage sub-page of the channels domain: the way back to my page, the title and its total. */
export function MyChannelFrame({ title, total, name, children }: { title: string; total?: number; name: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-my-channel={name}>
      <BackToMyPage />
      <div className="flex items-baseline gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        {total !== undefined && total > 0 && <Total n={total} />}
      </div>
      {children}
    </div>
  );
}

const rowClass = 'flex flex-wrap items-center gap-3 px-4 py-3';
const listClass = 'mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200';

/** /mypage/subscribe: the BJs the member follows, those on air first (LIVE, to their room), with unfollow. */
export function MySubscribePage({ initial }: { initial: ListSet<SubscribeItem> | null }) {
  const { t } = useTranslation('channels');
  const bj = useBjName();
  const list = useMoreList(
    initial,
    (offset) => mySubscriptions(offset, t('error.retry')),
    (s) => s.user_key,
    t('error.retry'),
  );
  return (
    <MyChannelFrame title={t('mine.subscribe.title', { bj })} total={list.total} name="subscribe">
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="my-subscribe" text={t('mine.subscribe.empty', { bj })}>
          <Link to="/sub/live" className={`${secondaryButton} mt-4 inline-flex items-center`}>
            {t('mine.subscribe.find', { bj })}
          </Link>
        </EmptyState>
      ) : (
        <ul className={listClass} data-subscribe-list>
          {list.rows.map((item) => (
            <SubscribeRow key={item.user_key} item={item} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </MyChannelFrame>
  );
}

function SubscribeRow({ item }: { item: SubscribeItem }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [following, setFollowing] = useState(true);
  const [followers, setFollowers] = useState(item.follower_cnt);
  const [busy, setBusy] = useState(false);
  const live = item.live?.state === 'live' ? item.live : null;

  async function toggle() {
    setBusy(true);
    const res = await subscribe(item.id, !following, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    setFollowing(res.rslt_set.subscribed_yn === 'Y');
    setFollowers(res.rslt_set.follower_cnt);
    dialog.toast(
      res.rslt_set.subscribed_yn === 'Y' ? t('header.followed', { nick: item.nick }) : t('header.unfollowed', { nick: item.nick }),
    );
  }

  return (
    <li className={rowClass} data-subscribe={item.id} data-live={live ? 'Y' : 'N'}>
      <Link
        to={live ? playPath(live.vod_key) : channelPath(item.id)}
        className="flex min-w-[14rem] flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
        data-subscribe-link
      >
        <Avatar src={item.profile_image} nick={item.nick} />
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-1.5">
            <span className="truncate font-semibold">{item.nick}</span>
            {live && <LiveBadge />}
          </span>
          {live ? (
            <span className="block truncate text-sm text-neutral-700">{live.title}</span>
          ) : (
            <span className="block truncate text-xs text-neutral-500">@{item.id}</span>
          )}
          <span className="block text-xs text-neutral-500">
            {t('header.followers')} {formatNumber(followers, lang)}
          </span>
        </span>
      </Link>
      <div className="ml-auto flex shrink-0 gap-2">
        {live && (
          <Link to={channelPath(item.id)} className={`${secondaryButton} inline-flex items-center`}>
            {t('mine.subscribe.channel')}
          </Link>
        )}
        <button
          type="button"
          onClick={() => void toggle()}
          disabled={busy}
          aria-pressed={following}
          className={following ? secondaryButton : primaryButton}
          data-follow={following ? 'on' : 'off'}
        >
          {following ? t('mine.subscribe.unfollow') : t('header.follow')}
        </button>
      </div>
    </li>
  );
}

/** /mypage/fanclub: the fan clubs the member belongs to, with their fan number and VIP rank. */
export function MyFanclubPage({ initial }: { initial: ListSet<MyFanclubItem> | null }) {
  const { t } = useTranslation('channels');
  const bj = useBjName();
  const list = useMoreList(
    initial,
    (offset) => myFanclubs(offset, t('error.retry')),
    (f) => f.user_key,
    t('error.retry'),
  );
  return (
    <MyChannelFrame title={t('mine.fanclub.title')} total={list.total} name="fanclub">
      <p className="mt-2 text-sm text-neutral-600">{t('mine.fanclub.note', { bj })}</p>
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="my-fanclub" text={t('mine.fanclub.empty')} />
      ) : (
        <ul className={listClass} data-fanclub-list>
          {list.rows.map((f) => (
            <li key={f.user_key} className={rowClass} data-fanclub={f.id}>
              <Link
                to={channelPath(f.id)}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
              >
                <Avatar src={f.profile_image} nick={f.nick} />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{f.nick}</span>
                  <span className="block truncate text-xs text-neutral-500">@{f.id}</span>
                  <span className="block text-xs text-neutral-500">{t('fan.joined', { date: kstDate(f.joined_at) })}</span>
                </span>
              </Link>
              <span className="ml-auto flex shrink-0 flex-wrap gap-1.5">
                <FanNoBadge n={f.fan_no} />
                <VipBadge rank={f.vip_rank} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </MyChannelFrame>
  );
}

/** /mypage/blocking: the member's block list with unblock, and a form to block a login ID. */
export function MyBlockingPage({ initial }: { initial: ListSet<BlockedItem> | null }) {
  const { t } = useTranslation('channels');
  const list = useMoreList(
    initial,
    (offset) => myBlocks(offset, t('error.retry')),
    (b) => b.user_key,
    t('error.retry'),
  );
  return (
    <MyChannelFrame title={t('mine.blocking.title')} total={list.total} name="blocking">
      <p className="mt-2 text-sm text-neutral-600">{t('mine.blocking.note')}</p>
      <BlockForm onBlocked={() => void list.reload()} />
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="my-blocking" text={t('mine.blocking.empty')} />
      ) : (
        <ul className={listClass} data-blocking-list>
          {list.rows.map((b) => (
            <BlockedRow key={b.user_key} item={b} onUnblocked={() => list.remove(b.user_key)} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </MyChannelFrame>
  );
}

function BlockForm({ onBlocked }: { onBlocked: () => void }) {
  const { t } = useTranslation('channels');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [id, setId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The login ID rule of the contract (the message schema's recipient is the same field).
    const refusal = messageRefusal(id, '-')?.to_id;
    if (refusal) {
      setError(refusal === 'required' ? t('mine.blocking.idRequired') : t('mine.blocking.idInvalid'));
      return;
    }
    setError('');
    setBusy(true);
    const res = await block(id.trim(), true, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) setError(res.rslt_msg || t('error.retry'));
      return;
    }
    dialog.toast(t('mine.blocking.blocked', { id: id.trim() }));
    setId('');
    onBlocked();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 rounded-2xl bg-neutral-50 p-4" data-block-form>
      <TextField
        id="block-id"
        label={t('mine.blocking.idLabel')}
        value={id}
        onChange={(e) => setId(e.target.value)}
        placeholder={t('mine.blocking.idPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        errors={[error]}
        action={
          <button type="submit" className={`${primaryButton} shrink-0 whitespace-nowrap`} disabled={busy} data-block-submit>
            {t('mine.blocking.block')}
          </button>
        }
      />
    </form>
  );
}

function BlockedRow({ item, onUnblocked }: { item: BlockedItem; onUnblocked: () => void }) {
  const { t } = useTranslation('channels');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);

  async function unblock() {
    setBusy(true);
    const res = await block(item.id, false, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    dialog.toast(t('mine.blocking.unblocked', { nick: item.nick }));
    onUnblocked();
  }

  return (
    <li className={rowClass} data-blocked={item.id}>
      <Avatar src={item.profile_image} nick={item.nick} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{item.nick}</span>
        <span className="block truncate text-xs text-neutral-500">@{item.id}</span>
        <span className="block text-xs text-neutral-500">{t('mine.blocking.since', { date: kstDate(item.blocked_at) })}</span>
      </span>
      <button type="button" onClick={() => void unblock()} disabled={busy} className={secondaryButton} data-unblock>
        {t('mine.blocking.unblock')}
      </button>
    </li>
  );
}
