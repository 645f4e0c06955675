import { EVENT_PHASES, type EventItem, type ListSet } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { ScrollLinkTabs } from '../../ui/link-tabs';
import { EmptyState, LoadFailed } from '../../ui/list-ui';
import { EVENT_PAGE_SIZE, type EventQuery, eventListPath, eventPath, pageCount } from './editorial-rules';
import { Pager } from './editorial-ui';
import { EventBanner, EventPeriod, PhaseBadge } from './event-ui';

/** What the /sub/event loader hands the page. */
export interface EventListData {
  query: EventQuery;
  set: ListSet<EventItem> | null;
  /** The refusal in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /sub/event: tabs running / upcoming / ended (POST /sub/event_more), the events as cards (banner, title,
 * summary, period in KST, reply count), page numbers.
 */
export function EventListPage({ data }: { data: EventListData }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  const { query, set, message } = data;
  const tabs = EVENT_PHASES.map((phase) => ({
    key: phase,
    text: t(`event.phase.${phase}`),
    to: eventListPath({ phase }),
    current: query.phase === phase,
  }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-event-list-page={query.phase}>
      <h1 className="text-2xl font-extrabold">{t('event.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('event.lead')}</p>
      <ScrollLinkTabs label={t('event.tabs')} name="event" tabs={tabs} />
      {!set ? (
        <LoadFailed message={message || t('loadFailed')} />
      ) : (
        <>
          <p className="mt-4 text-sm text-neutral-600 tabular-nums" data-event-total={set.data_totalcount}>
            {t('event.total', { n: formatNumber(set.data_totalcount, lang) })}
          </p>
          {set.data_list.length === 0 ? (
            <EmptyState name="event" text={t(`event.empty.${query.phase}`)} />
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-event-cards>
              {set.data_list.map((item) => (
                <EventCard key={item.event_sn} item={item} />
              ))}
            </ul>
          )}
          <Pager
            page={query.page}
            pages={pageCount(set.data_totalcount, EVENT_PAGE_SIZE)}
            hrefOf={(page) => eventListPath({ phase: query.phase, page })}
          />
        </>
      )}
    </div>
  );
}

function EventCard({ item }: { item: EventItem }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  return (
    <li
      className="group relative flex min-w-0 flex-col overflow-hidden rounded-2xl border border-neutral-200"
      data-event-card={item.event_sn}
    >
      <EventBanner src={item.banner} title={item.title} ended={item.phase === 'ended'} />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center gap-2">
          <PhaseBadge phase={item.phase} />
          <span className="text-xs text-neutral-500 tabular-nums" data-reply-cnt={item.reply_cnt}>
            {t('event.replies', { n: formatNumber(item.reply_cnt, lang) })}
          </span>
        </div>
        <h2 className="mt-2 line-clamp-2 text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={eventPath(item.event_sn)}
            className="after:absolute after:inset-0 after:rounded-2xl group-hover:underline focus-visible:outline-2 focus-visible:outline-brand"
            data-event-link
          >
            {item.title}
          </Link>
        </h2>
        {item.summary && <p className="mt-1 line-clamp-2 text-sm text-neutral-600 [overflow-wrap:anywhere]">{item.summary}</p>}
        <EventPeriod start={item.start_date} end={item.end_date} className="mt-3 text-xs" />
      </div>
    </li>
  );
}
