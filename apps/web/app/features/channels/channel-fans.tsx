import { type FanItem, type ListSet, VIP_COUNT } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { channelPath } from '../../lib/links';
import { useMoreList } from '../../lib/use-more-list';
import { useLang, useSite } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { useChannel } from './channel-layout';
import { vipTitle } from './channel-rules';
import { FanNoBadge, useBjName, VipBadge } from './channel-ui';
import { channelFans, type FanKind } from './channels-api';

/** What the fan tab's loader hands the page: the first page, or the BJ's 'private list' answer. */
export interface FansLoaderData {
  kind: FanKind;
  list: ListSet<FanItem> | null;
  /** CHANNEL_LIST_PRIVATE's message when the BJ keeps the lists private; null otherwise. */
  privateMessage: string | null;
}

/**
 * The channel's fan tab: the fan club in join order with each fan number, or (the VIP toggle) the top
 * VIP_COUNT givers of STAR with their rank, rank 1 being the 회장. A private list says so.
 */
export function ChannelFans({ kind, list: initial, privateMessage }: FansLoaderData) {
  const { t } = useTranslation('channels');
  const info = useChannel();
  const bj = useBjName();
  const currency = useSite()?.site.site_terms.CURRENCY_NAME || 'STAR';
  const list = useMoreList(
    initial,
    (offset) => channelFans(info.bj.id, kind, offset, t('error.retry')),
    (fan) => fan.user_key,
    t('error.retry'),
  );
  const toggle: { key: FanKind; text: string }[] = [
    { key: 'fan', text: t('fan.fanTab') },
    { key: 'vip', text: t('fan.vipTab') },
  ];
  return (
    <section aria-labelledby="channel-fans" data-channel-fans={kind}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-2">
          <h2 id="channel-fans" className="text-lg font-bold">
            {kind === 'vip' ? t('fan.vipTitle') : t('fan.title')}
          </h2>
          {privateMessage === null && !list.failed && list.total > 0 && <Total n={list.total} />}
        </div>
        <nav aria-label={t('fan.toggle')} className="inline-flex rounded-full bg-neutral-100 p-1" data-fan-toggle>
          {toggle.map(({ key, text }) => (
            <Link
              key={key}
              to={key === 'vip' ? `${channelPath(info.bj.id, 'fan')}?kind=vip` : channelPath(info.bj.id, 'fan')}
              preventScrollReset
              aria-current={key === kind ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                key === kind ? 'bg-white text-brand-dark shadow-sm' : 'text-neutral-600 hover:text-neutral-900'
              }`}
              data-fan-kind={key}
            >
              {text}
            </Link>
          ))}
        </nav>
      </div>
      <p className="mt-2 text-sm text-neutral-600">
        {kind === 'vip' ? t('fan.vipNote', { currency, n: VIP_COUNT }) : t('fan.note', { currency, bj })}
      </p>
      {privateMessage !== null ? (
        <div className="mt-4 rounded-xl bg-neutral-50 p-6 text-center font-semibold text-neutral-700" data-list-private>
          <span aria-hidden="true">🔒 </span>
          {privateMessage}
        </div>
      ) : list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name={`channel-${kind}`} text={kind === 'vip' ? t('fan.vipEmpty') : t('fan.empty')} />
      ) : (
        <ol className="mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {list.rows.map((fan) => (
            <FanRow key={fan.user_key} fan={fan} kind={kind} />
          ))}
        </ol>
      )}
      {privateMessage === null && <ListFooter list={list} />}
    </section>
  );
}

function FanRow({ fan, kind }: { fan: FanItem; kind: FanKind }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const president = kind === 'vip' && vipTitle(fan.vip_rank) === 'president';
  return (
    <li
      className={`flex items-center gap-3 px-4 py-3 ${president ? 'bg-amber-50' : ''}`}
      data-fan={fan.user_key}
      data-fan-row-no={fan.fan_no}
      data-fan-row-rank={fan.vip_rank ?? ''}
    >
      <span className={`w-12 shrink-0 text-center font-extrabold tabular-nums ${president ? 'text-amber-600' : 'text-neutral-500'}`}>
        <span aria-hidden="true">{kind === 'vip' ? (fan.vip_rank ?? '-') : formatNumber(fan.fan_no, lang)}</span>
        <span className="sr-only">
          {kind === 'vip' && fan.vip_rank ? t('fan.rankLabel', { n: fan.vip_rank }) : t('fan.noLabel', { n: fan.fan_no })}
        </span>
      </span>
      <Avatar src={fan.profile_image} nick={fan.nick} size="size-10" text="text-base" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-1.5">
          <span className="truncate font-semibold" data-fan-nick>
            {fan.nick}
          </span>
          {/* The VIP view has the rank in its own column: only the 회장 gets the badge there. */}
          {(kind === 'fan' || president) && <VipBadge rank={fan.vip_rank} />}
        </p>
        <p className="truncate text-xs text-neutral-500">@{fan.id}</p>
        <p className="text-xs text-neutral-500">{t('fan.joined', { date: kstDate(fan.joined_at) })}</p>
      </div>
      {kind === 'vip' && <FanNoBadge n={fan.fan_no} />}
    </li>
  );
}
