import { ITEM_BOXES, type ItemCounters, type ListSet, type MyItemSummary, type UserItem } from '@byeol/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { appendPage, hasMore } from '../../lib/paging';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { LinkTabs } from '../../ui/link-tabs';
import { EmptyNote, MoreButton } from '../../ui/list-ui';
import { useItemActions } from './item-actions';
import { useItemDetailPanel } from './item-detail-panel';
import { type ItemAction, itemActions, usedUpToday } from './item-rules';
import { MY_ITEMS_PAGE_SIZE, myItemSummary, myItemsMore } from './store-api';
import { ItemImage, ItemPrice } from './store-ui';

export type ItemBox = 'active' | 'expired' | 'gift_received' | 'gift_sent';

/** /mypage/item, /item/expired and /item/gift: back to my page, the title, the three lists as tabs. */
export function MyItemsFrame({ current, children }: { current: 'active' | 'expired' | 'gift'; children: ReactNode }) {
  const { t } = useTranslation('store');
  const tabs = [
    { key: 'active', to: '/mypage/item', text: t('mine.tabs.active') },
    { key: 'expired', to: '/mypage/item/expired', text: t('mine.tabs.expired') },
    { key: 'gift', to: '/mypage/item/gift', text: t('mine.tabs.gift') },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-my-items={current}>
      <p className="mb-2 flex justify-between text-sm">
        <Link to="/mypage" className="text-brand underline-offset-2 hover:underline">
          {t('mine.back')}
        </Link>
        <Link to="/store" className="text-brand underline-offset-2 hover:underline">
          {t('mine.toStore')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('mine.title')}</h1>
      <LinkTabs label={t('mine.tabs.label')} tabs={tabs} current={current} />
      {children}
    </div>
  );
}

const COUNTERS: (keyof ItemCounters)[] = ['sponsored', 'expired', 'in_use', 'unused'];

/** SPEC §3 item counters: sponsored, expired, in use, unused. */
export function ItemCountersView({ counters }: { counters: ItemCounters }) {
  const { t } = useTranslation('store');
  const lang = useLang();
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" data-item-counters>
      {COUNTERS.map((key) => (
        <div key={key} className="rounded-xl bg-neutral-50 px-4 py-3" data-counter={key}>
          <dt className="text-xs font-semibold text-neutral-500">{t(`mine.counters.${key}`)}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums" data-value={counters[key]}>
            {formatNumber(counters[key], lang)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /mypage/item: the counters and the active items (unused, in use, stopped) with their buttons. */
export function MyItemsPage({ summary, initial }: { summary: MyItemSummary; initial: ListSet<UserItem> | null }) {
  const [counters, setCounters] = useState(summary.counters);
  const { t } = useTranslation('store');
  async function refreshCounters() {
    const res = await myItemSummary(t('error.retry'));
    if (isOk(res)) setCounters(res.rslt_set.counters);
  }
  return (
    <MyItemsFrame current="active">
      <ItemCountersView counters={counters} />
      <UserItemList box="active" initial={initial} onChanged={() => void refreshCounters()} />
    </MyItemsFrame>
  );
}

/** One list of the viewer's items, STORE_PAGE_SIZE at a time with "more"; the active box has buttons. */
export function UserItemList({
  box,
  initial,
  onChanged,
  vodKey,
}: {
  box: ItemBox;
  initial: ListSet<UserItem> | null;
  onChanged?: () => void;
  /** Uses happen in this live room (the play page's item panel). */
  vodKey?: string;
}) {
  const { t } = useTranslation('store');
  const [items, setItems] = useState(initial?.data_list ?? []);
  const [total, setTotal] = useState(initial?.data_totalcount ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function more() {
    setBusy(true);
    setError('');
    const res = await myItemsMore({ box, offset: items.length, limit: MY_ITEMS_PAGE_SIZE }, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    const page = res.rslt_set;
    setItems((shown) => appendPage(shown, page.data_list, (item) => item.user_item_sn));
    setTotal(page.data_totalcount);
  }

  /** An action changed an item: show it as it is now; one that left the active box leaves the list. */
  function changed(next: UserItem) {
    const stays = (ITEM_BOXES.active as readonly string[]).includes(next.state);
    setItems((shown) =>
      stays
        ? shown.map((i) => (i.user_item_sn === next.user_item_sn ? next : i))
        : shown.filter((i) => i.user_item_sn !== next.user_item_sn),
    );
    if (!stays) setTotal((n) => Math.max(0, n - 1));
    onChanged?.();
  }

  if (initial === null) {
    return (
      <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
        {t('list.loadFailed')}
      </p>
    );
  }
  return (
    <>
      {items.length === 0 ? (
        <EmptyNote name={box} text={t(`mine.empty.${box}`)} />
      ) : (
        <ul className="mt-6 space-y-3" data-item-list={box}>
          {items.map((item) => (
            <UserItemRow key={item.user_item_sn} item={item} box={box} vodKey={vodKey} onChanged={changed} />
          ))}
        </ul>
      )}
      {hasMore(items.length, total) && <MoreButton onMore={() => void more()} busy={busy} error={error} />}
    </>
  );
}

const STATE_STYLE: Record<UserItem['state'], string> = {
  unused: 'bg-sky-100 text-sky-800',
  in_use: 'bg-emerald-100 text-emerald-800',
  stopped: 'bg-amber-100 text-amber-800',
  expired: 'bg-neutral-200 text-neutral-700',
  used: 'bg-neutral-200 text-neutral-700',
  refunded: 'bg-neutral-200 text-neutral-700',
};

function UserItemRow({
  item,
  box,
  vodKey,
  onChanged,
}: {
  item: UserItem;
  box: ItemBox;
  vodKey?: string;
  onChanged: (item: UserItem) => void;
}) {
  const { t } = useTranslation('store');
  const lang = useLang();
  const run = useItemActions(vodKey);
  const dialog = useDialog();
  const openDetail = useItemDetailPanel();
  const [busy, setBusy] = useState<ItemAction | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const actions = box === 'active' ? itemActions(item) : [];

  async function act(action: ItemAction) {
    if (busy) return;
    setBusy(action);
    setNote(null);
    const outcome = await run(action, item);
    setBusy(null);
    if ('cancelled' in outcome) return;
    setNote({ ok: outcome.ok, text: outcome.message });
    // A refunded item leaves the list with its row, so its note goes to a toast.
    if (outcome.ok && action === 'refund') dialog.toast(outcome.message);
    if (outcome.ok) {
      // Without the item in the answer, what the action did is still known: its next state.
      const next: UserItem = outcome.item ?? {
        ...item,
        state: action === 'stop' ? 'stopped' : action === 'refund' ? 'refunded' : 'in_use',
        uses_today: action === 'use' ? item.uses_today + 1 : item.uses_today,
        refundable_now_yn: 'N',
      };
      onChanged(next);
    }
  }

  return (
    <li className="rounded-2xl border border-neutral-200 p-4" data-user-item={item.user_item_sn} data-state={item.state}>
      <div className="flex gap-4">
        <ItemImage item={item.item} className="size-14" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="font-semibold hover:text-brand hover:underline"
              data-item-name
              onClick={() => void openDetail(item.item)}
            >
              {item.item.name}
            </button>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[item.state]}`} data-item-state>
              {t(`state.${item.state}`)}
            </span>
            {item.sponsor && (
              <span className="rounded-full bg-pink-100 px-2 py-0.5 text-xs font-semibold text-pink-800" data-sponsor>
                {t('mine.sponsoredBy', { nick: item.sponsor.nick })}
              </span>
            )}
            {item.receiver && (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800" data-receiver>
                {t('mine.giftTo', { nick: item.receiver.nick })}
              </span>
            )}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-neutral-500">
            <span>{t('mine.purchased', { date: kstDate(item.purchased_at) })}</span>
            <span>{t('mine.expires', { date: kstDate(item.expires_at) })}</span>
            <ItemPrice amount={item.price} />
            {box === 'active' && (
              <span data-uses-today>
                {item.uses_per_day > 0
                  ? t('mine.usesToday', { n: formatNumber(item.uses_today, lang), max: formatNumber(item.uses_per_day, lang) })
                  : t('mine.usesTodayUnlimited', { n: formatNumber(item.uses_today, lang) })}
              </span>
            )}
          </p>
        </div>
      </div>
      {actions.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy !== null || (action === 'use' && usedUpToday(item))}
              onClick={() => void act(action)}
              data-action={action}
              className={`min-h-10 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-50 ${
                action === 'use' ? 'bg-brand text-white hover:bg-brand-dark' : 'border border-neutral-300 bg-white hover:bg-neutral-100'
              }`}
            >
              {busy === action ? t('actions.working') : t(`actions.${action === 'use' && item.state === 'stopped' ? 'resume' : action}`)}
            </button>
          ))}
        </div>
      )}
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${note.ok ? 'text-emerald-700' : 'text-red-600'}`} data-item-note>
          {note.text}
        </p>
      )}
    </li>
  );
}

/** /mypage/item/expired: expired, used-up and refunded items. */
export function ExpiredItemsPage({ initial }: { initial: ListSet<UserItem> | null }) {
  return (
    <MyItemsFrame current="expired">
      <UserItemList box="expired" initial={initial} />
    </MyItemsFrame>
  );
}

/** /mypage/item/gift: items received as gifts and items given (tabs `?tab=received|sent`). */
export function GiftItemsPage({ tab, initial }: { tab: 'received' | 'sent'; initial: ListSet<UserItem> | null }) {
  const { t } = useTranslation('store');
  const tabs = [
    { key: 'received', to: '/mypage/item/gift', text: t('mine.gift.received') },
    { key: 'sent', to: '/mypage/item/gift?tab=sent', text: t('mine.gift.sent') },
  ];
  return (
    <MyItemsFrame current="gift">
      <LinkTabs label={t('mine.gift.label')} tabs={tabs} current={tab} />
      <UserItemList key={tab} box={tab === 'sent' ? 'gift_sent' : 'gift_received'} initial={initial} />
    </MyItemsFrame>
  );
}
