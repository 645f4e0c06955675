import { resultMessage, SEARCH_LIMITS, type SearchHitKind, type SearchKind, type SearchMoreSet } from '@byeol/contract';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { searchPath } from '../../lib/links';
import { useMoreList } from '../../lib/use-more-list';
import { useBjTerm, useLang, useSite } from '../../lib/use-site';
import { inputClass, primaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed } from '../../ui/list-ui';
import { searchMore } from './search-api';
import { HitList } from './search-hits';
import { hitKey, sectionsOf, visibleKinds } from './search-rules';
import { useKindName } from './use-kind-name';

/** What the search route's loader hands the page: the kind, the term as searched, the answer or its refusal. */
export interface SearchLoaderData {
  kind: SearchKind;
  /** The term (trimmed); '' when it has no word: SEARCH_KEYWORD_REQUIRED, nothing was asked. */
  keyword: string;
  result: SearchMoreSet | null;
  /** The server's refusal (a term too long…), in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /search and /search/{kind} (issue 18): the term in a search form, tabs across the kinds, then on /search a
 * section per kind with a few hits, its total and a link to the kind's page; on a kind page all its hits,
 * paged with "more".
 */
export function SearchPage({ data }: { data: SearchLoaderData }) {
  const { t } = useTranslation('search');
  const lang = useLang();
  const { kind, keyword, result, message } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-search-page={kind}>
      <SearchForm kind={kind} keyword={keyword} />
      <h1 className="mt-5 text-xl font-extrabold break-all sm:text-2xl" data-search-heading>
        {keyword ? t('heading', { keyword }) : t('title')}
      </h1>
      <SearchTabs kind={kind} keyword={keyword} />
      {!keyword ? (
        <p role="alert" className="mt-6 rounded-xl bg-neutral-50 p-6 text-center text-neutral-700" data-search-required>
          {resultMessage('SEARCH_KEYWORD_REQUIRED', lang)}
        </p>
      ) : !result ? (
        <LoadFailed message={message} />
      ) : kind === 'all' ? (
        <AllResults keyword={keyword} result={result} />
      ) : (
        <KindResults key={`${kind}:${keyword}`} kind={kind} keyword={keyword} initial={result} />
      )}
    </div>
  );
}

/** The term again, to change it: a plain GET form (it works before the page's scripts have loaded). */
function SearchForm({ kind, keyword }: { kind: SearchKind; keyword: string }) {
  const { t } = useTranslation('search');
  const bj = useBjTerm();
  const id = useId();
  return (
    <Form method="get" action={kind === 'all' ? '/search' : `/search/${kind}`} role="search" aria-label={t('title')} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {t('form.label')}
      </label>
      <input
        key={keyword}
        id={id}
        name="keyword"
        type="search"
        enterKeyHint="search"
        defaultValue={keyword}
        maxLength={SEARCH_LIMITS.keywordMax}
        placeholder={t('form.placeholder', { bj })}
        className={`${inputClass} min-w-0 flex-1`}
        data-search-input
      />
      <button type="submit" className={`${primaryButton} shrink-0`}>
        {t('form.submit')}
      </button>
    </Form>
  );
}

/** All, then each kind the site has switched on; the current one marked. */
function SearchTabs({ kind, keyword }: { kind: SearchKind; keyword: string }) {
  const { t } = useTranslation('search');
  const kindName = useKindName();
  const kinds = visibleKinds(useSite()?.site.site_setting);
  const tabs: { tab: SearchKind; text: string }[] = [
    { tab: 'all', text: t('tabs.all') },
    ...kinds.map((k) => ({ tab: k, text: kindName(k) })),
  ];
  return (
    <nav aria-label={t('tabs.label')} className="mt-4 border-b border-neutral-200">
      <ul className="-mb-px flex overflow-x-auto">
        {tabs.map(({ tab, text }) => (
          <li key={tab} className="shrink-0">
            <Link
              to={searchPath(tab, keyword)}
              className={`flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand sm:px-4 ${
                tab === kind ? 'border-brand text-brand-dark' : 'border-transparent text-neutral-600 hover:text-neutral-900'
              }`}
              aria-current={tab === kind ? 'page' : undefined}
              data-search-tab={tab}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A kind's total beside its name; past SEARCH_LIMITS.countMax matches, '1,000건 이상'. */
function TotalText({ total, capped }: { total: number; capped: boolean }) {
  const { t } = useTranslation('search');
  const lang = useLang();
  const n = formatNumber(total, lang);
  return (
    <span className="text-sm font-normal text-neutral-500">{capped ? t('section.totalCapped', { n }) : t('section.total', { n })}</span>
  );
}

function NoResults() {
  const { t } = useTranslation('search');
  return (
    <EmptyState name="search" text={t('empty')}>
      <p className="mt-2 text-sm text-neutral-500">{t('emptyHint')}</p>
    </EmptyState>
  );
}

/** /search: up to SEARCH_LIMITS.allPerKind hits of each kind with its total and a way to see them all. */
function AllResults({ keyword, result }: { keyword: string; result: SearchMoreSet }) {
  const { t } = useTranslation('search');
  const kindName = useKindName();
  const sections = sectionsOf(result, visibleKinds(useSite()?.site.site_setting));
  if (sections.length === 0) return <NoResults />;
  return (
    <div className="mt-2 space-y-8">
      {sections.map(({ kind, total, capped, hits }) => (
        <section key={kind} aria-labelledby={`search-section-${kind}`} className="pt-4" data-search-section={kind} data-total={total}>
          <div className="flex items-center justify-between gap-3">
            <h2 id={`search-section-${kind}`} className="flex items-baseline gap-2 text-lg font-bold">
              {kindName(kind)}
              <TotalText total={total} capped={capped} />
            </h2>
            <Link
              to={searchPath(kind, keyword)}
              aria-label={t('section.moreLabel', { kind: kindName(kind) })}
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-brand-dark hover:underline focus-visible:outline-2 focus-visible:outline-brand"
              data-search-more={kind}
            >
              {t('section.more')} ›
            </Link>
          </div>
          <HitList kind={kind} hits={hits} />
        </section>
      ))}
    </div>
  );
}

/** A kind page: its hits, SEARCH_PAGE_SIZE at a time with "more". */
function KindResults({ kind, keyword, initial }: { kind: SearchHitKind; keyword: string; initial: SearchMoreSet }) {
  const { t } = useTranslation('search');
  const kindName = useKindName();
  const list = useMoreList<SearchMoreSet>(initial, (offset) => searchMore(kind, keyword, offset, t('retry')), hitKey, t('retry'));
  return (
    <section aria-labelledby="search-kind-title" className="mt-4" data-search-section={kind} data-total={list.total}>
      <h2 id="search-kind-title" className="flex items-baseline gap-2 text-lg font-bold">
        {kindName(kind)}
        {list.total > 0 && <TotalText total={list.total} capped={(list.set ?? initial).capped_kinds?.includes(kind) ?? false} />}
      </h2>
      {list.rows.length === 0 ? (
        <EmptyState name="search" text={t('kindEmpty', { keyword, kind: kindName(kind) })}>
          <p className="mt-2 text-sm text-neutral-500">{t('emptyHint')}</p>
        </EmptyState>
      ) : (
        <HitList kind={kind} hits={list.rows} />
      )}
      <ListFooter list={list} />
    </section>
  );
}
