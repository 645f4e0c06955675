import { MAGAZINE_CATEGORIES, type MagazineItem, type MagazineListSet } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { magazineListPath, magazinePath } from '../../lib/links';
import { useLang } from '../../lib/use-site';
import { ScrollLinkTabs } from '../../ui/link-tabs';
import { EmptyState, LoadFailed } from '../../ui/list-ui';
import { ServicePreparing } from '../../ui/service-preparing';
import { MAGAZINE_PAGE_SIZE, type MagazineQuery, pageCount } from './editorial-rules';
import { CategoryBadge, MagazineThumb, Pager } from './editorial-ui';

/** What the /magazine loader hands the page: the query read from the URL, and the answer or its refusal. */
export interface MagazineListData {
  query: MagazineQuery;
  set: MagazineListSet | null;
  /** SERVICE_PREPARING's message while the magazine switch is off; '' otherwise. */
  preparing: string;
  /** Any other refusal in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /magazine (SPEC §7 Magazine): the section tabs (all, then MAGAZINE_CATEGORIES), the published articles
 * newest first as cards (picture, section, title, summary, date in KST, views and likes), page numbers.
 */
export function MagazineListPage({ data }: { data: MagazineListData }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  const { query, set, preparing, message } = data;
  if (preparing) return <ServicePreparing title={t('magazine.title')} message={preparing} />;
  const tabs = [
    { key: 'all', text: t('magazine.all'), to: magazineListPath(), current: query.category === null },
    ...MAGAZINE_CATEGORIES.map((category) => ({
      key: category,
      text: t(`magazine.category.${category}`),
      to: magazineListPath({ category }),
      current: query.category === category,
    })),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-magazine-list-page>
      <h1 className="text-2xl font-extrabold">{t('magazine.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('magazine.lead')}</p>
      <ScrollLinkTabs label={t('magazine.tabs')} name="magazine" tabs={tabs} />
      {!set ? (
        <LoadFailed message={message || t('loadFailed')} />
      ) : (
        <>
          <p className="mt-4 text-sm text-neutral-600 tabular-nums" data-magazine-total={set.magazine_total}>
            {t('magazine.total', { n: formatNumber(set.magazine_total, lang) })}
          </p>
          {set.magazine_list.length === 0 ? (
            <EmptyState name="magazine" text={query.category ? t('magazine.emptyCategory') : t('magazine.empty')} />
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-x-5 gap-y-8 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-magazine-cards>
              {set.magazine_list.map((item) => (
                <MagazineCard key={item.mi_sn} item={item} />
              ))}
            </ul>
          )}
          <Pager
            page={query.page}
            pages={pageCount(set.magazine_total, MAGAZINE_PAGE_SIZE)}
            hrefOf={(page) => magazineListPath({ category: query.category, page })}
          />
        </>
      )}
    </div>
  );
}

/** One article in a list (the list page and the recommended articles under an article). */
export function MagazineCard({ item, headingLevel = 2 }: { item: MagazineItem; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // A narrow phone lays a card out as a row (picture beside the text); wider, the picture is on top.
    <li
      className="group relative grid min-w-0 grid-cols-[7rem_minmax(0,1fr)] items-start gap-x-3 min-[480px]:flex min-[480px]:flex-col"
      data-magazine-card={item.mi_sn}
    >
      <div className="row-span-4 min-[480px]:w-full">
        <MagazineThumb src={item.image} category={item.category} />
      </div>
      <div className="flex items-center gap-2 text-xs text-neutral-500 min-[480px]:mt-3">
        <CategoryBadge category={item.category} />
        <time dateTime={item.publish_date} className="tabular-nums">
          {kstDate(item.publish_date)}
        </time>
      </div>
      <Heading className="mt-1 line-clamp-2 text-base font-bold leading-snug [overflow-wrap:anywhere]">
        {/* The whole card is the link (the stretched ::after), its name is the title. */}
        <Link
          to={magazinePath(item.mi_sn)}
          className="after:absolute after:inset-0 after:rounded-xl group-hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          data-magazine-link
        >
          {item.title}
        </Link>
      </Heading>
      {item.summary && <p className="mt-1 line-clamp-2 text-sm text-neutral-600 [overflow-wrap:anywhere]">{item.summary}</p>}
      <p className="mt-1.5 flex gap-3 text-xs text-neutral-500 tabular-nums">
        <span data-views={item.view_cnt}>{t('magazine.views', { n: formatNumber(item.view_cnt, lang) })}</span>
        <span data-likes={item.like_cnt}>{t('magazine.likes', { n: formatNumber(item.like_cnt, lang) })}</span>
      </p>
    </li>
  );
}
