import type { CsNotice, ListSet } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CS_PATHS } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import { EmptyState, LoadFailed, Total } from '../../ui/list-ui';
import { CS_PAGE_SIZE, pagesAround } from './cs-rules';
import { Chevron, CsHeading, PinnedBadge, PlainText } from './cs-ui';

/** What the notices' loader hands the page: the page asked for and its rows, or the refusal. */
export interface NoticeLoaderData {
  page: number;
  list: ListSet<CsNotice> | null;
  message: string;
}

/**
 * /cs/notice: the customer centre's notices, pinned ones first, each opening in place (a `<details>`, so it
 * works before the scripts load); numbered pages (`?page=`).
 */
export function NoticePage({ data }: { data: NoticeLoaderData }) {
  const { t } = useTranslation('cs');
  const { page, list, message } = data;
  return (
    <section data-cs-page="notice">
      <CsHeading title={t('notice.title')}>{list && list.data_totalcount > 0 && <Total n={list.data_totalcount} />}</CsHeading>
      {!list ? (
        <LoadFailed message={message} />
      ) : list.data_list.length === 0 ? (
        <EmptyState name="cs-notice" text={t('notice.empty')} />
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 overflow-hidden rounded-2xl border border-neutral-200" data-notice-list>
          {list.data_list.map((notice) => (
            <NoticeRow key={notice.notice_sn} notice={notice} />
          ))}
        </ul>
      )}
      {list && <Pager page={page} total={list.data_totalcount} />}
    </section>
  );
}

function NoticeRow({ notice }: { notice: CsNotice }) {
  const pinned = notice.top_yn === 'Y';
  return (
    <li data-notice={notice.notice_sn} data-pinned={pinned ? 'Y' : 'N'} className={pinned ? 'bg-neutral-50' : undefined}>
      <details className="group">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
          {pinned && <PinnedBadge />}
          <span className="min-w-0 flex-1 break-words font-semibold" data-notice-title>
            {notice.title}
          </span>
          <time dateTime={notice.reg_date} className="shrink-0 text-xs text-neutral-500 tabular-nums">
            {kstDate(notice.reg_date)}
          </time>
          <Chevron />
        </summary>
        <PlainText text={notice.content} className="border-t border-neutral-100 px-4 py-4 text-sm text-neutral-800" data-notice-content />
      </details>
    </li>
  );
}

const pageLink =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand';

/** Numbered pages of the notices, with previous and next; nothing when everything fits on one page. */
function Pager({ page, total }: { page: number; total: number }) {
  const { t } = useTranslation('cs');
  const { pages, last } = pagesAround(page, total, CS_PAGE_SIZE);
  if (last <= 1) return null;
  const href = (p: number) => (p === 1 ? CS_PATHS.notice : `${CS_PATHS.notice}?page=${p}`);
  return (
    <nav aria-label={t('notice.pager')} className="mt-4 flex flex-wrap items-center justify-center gap-1" data-pager>
      {page > 1 && (
        <Link to={href(page - 1)} className={`${pageLink} text-neutral-700 hover:bg-neutral-100`}>
          ‹ {t('notice.prev')}
        </Link>
      )}
      {pages.map((p) => (
        <Link
          key={p}
          to={href(p)}
          aria-label={t('notice.page', { n: p })}
          aria-current={p === page ? 'page' : undefined}
          className={`${pageLink} ${p === page ? 'bg-brand text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
        >
          {p}
        </Link>
      ))}
      {page < last && (
        <Link to={href(page + 1)} className={`${pageLink} text-neutral-700 hover:bg-neutral-100`}>
          {t('notice.next')} ›
        </Link>
      )}
    </nav>
  );
}
