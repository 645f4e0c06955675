import { BOARD_LIMITS, type CsFaq, FAQ_CATEGORIES, type FaqCategory, type ListSet } from '@byeol/contract';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CS_PATHS } from '../../lib/cs-links';
import { formatNumber } from '../../lib/format';
import { useMoreList } from '../../lib/use-more-list';
import { useLang } from '../../lib/use-site';
import { inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed } from '../../ui/list-ui';
import { faqList } from './cs-api';
import { Chevron, CsHeading, PlainText } from './cs-ui';

/** What the FAQ's loader hands the page: the category and keyword asked for, the first page or the refusal. */
export interface FaqLoaderData {
  category: FaqCategory | undefined;
  keyword: string;
  list: ListSet<CsFaq> | null;
  message: string;
}

/** `/cs/faq` with the category and the keyword as query parameters (left out when empty). */
export function faqPath(category: FaqCategory | undefined, keyword: string): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (keyword) query.set('keyword', keyword);
  return query.size ? `${CS_PATHS.faq}?${query}` : CS_PATHS.faq;
}

/**
 * /cs/faq: a keyword search (a plain GET form, kept across the tabs), the category tabs, then the questions,
 * each answer opening in place; "more" pages on. An empty list says whether nothing matched the keyword.
 */
export function FaqPage({ data }: { data: FaqLoaderData }) {
  const { t } = useTranslation('cs');
  const { category, keyword, list, message } = data;
  return (
    <section data-cs-page="faq" data-faq-category={category ?? 'all'}>
      <CsHeading title={t('faq.title')} />
      <FaqSearch category={category} keyword={keyword} />
      <nav aria-label={t('faq.tabs')} className="mt-4">
        {/* One row scrolling sideways on a phone, wrapped from the sm breakpoint. */}
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
          {[undefined, ...FAQ_CATEGORIES].map((tab) => (
            <li key={tab ?? 'all'} className="shrink-0">
              <Link
                to={faqPath(tab, keyword)}
                aria-current={tab === category ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                  tab === category ? 'border-brand bg-brand text-white' : 'border-neutral-300 text-neutral-700 hover:bg-neutral-100'
                }`}
                data-faq-tab={tab ?? 'all'}
              >
                {tab ? t(`faq.category.${tab}`) : t('faq.all')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!list ? (
        <LoadFailed message={message} />
      ) : (
        <FaqList key={`${category ?? ''}:${keyword}`} category={category} keyword={keyword} initial={list} />
      )}
    </section>
  );
}

function FaqSearch({ category, keyword }: { category: FaqCategory | undefined; keyword: string }) {
  const { t } = useTranslation('cs');
  const id = useId();
  return (
    <Form method="get" action={CS_PATHS.faq} role="search" aria-label={t('faq.search.label')} className="mt-4 flex gap-2">
      {category && <input type="hidden" name="category" value={category} />}
      <label htmlFor={id} className="sr-only">
        {t('faq.search.label')}
      </label>
      <input
        key={keyword}
        id={id}
        name="keyword"
        type="search"
        enterKeyHint="search"
        defaultValue={keyword}
        maxLength={BOARD_LIMITS.keywordMax}
        placeholder={t('faq.search.placeholder')}
        className={`${inputClass} min-w-0 flex-1`}
        data-faq-keyword
      />
      <button type="submit" className={`${primaryButton} shrink-0`} data-faq-search>
        {t('faq.search.submit')}
      </button>
    </Form>
  );
}

function FaqList({ category, keyword, initial }: { category: FaqCategory | undefined; keyword: string; initial: ListSet<CsFaq> }) {
  const { t } = useTranslation('cs');
  const lang = useLang();
  const list = useMoreList(
    initial,
    (offset) => faqList(category, keyword, offset, t('retry')),
    (f) => f.faq_sn,
    t('retry'),
  );
  return (
    <div data-faq-results={list.total}>
      {keyword && list.rows.length > 0 && (
        <p className="mt-4 text-sm text-neutral-600" data-faq-summary>
          {t('faq.results', { keyword, n: formatNumber(list.total, lang) })}
        </p>
      )}
      {list.rows.length === 0 ? (
        <EmptyState name="cs-faq" text={keyword ? t('faq.emptySearch', { keyword }) : t('faq.empty')}>
          {keyword && (
            <>
              <p className="mt-2 text-sm text-neutral-500">{t('faq.emptyHint')}</p>
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                <Link to={faqPath(category, '')} className={`${secondaryButton} inline-flex items-center`}>
                  {t('faq.search.clear')}
                </Link>
                <Link to={CS_PATHS.ask} className={`${primaryButton} inline-flex items-center`}>
                  {t('nav.ask')}
                </Link>
              </div>
            </>
          )}
        </EmptyState>
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-faq-list>
          {list.rows.map((faq) => (
            <FaqRow key={faq.faq_sn} faq={faq} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </div>
  );
}

function FaqRow({ faq }: { faq: CsFaq }) {
  const { t } = useTranslation('cs');
  return (
    <li data-faq={faq.faq_sn} data-category={faq.category}>
      <details className="group">
        <summary className="flex min-h-12 cursor-pointer list-none items-start gap-3 px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="font-extrabold text-brand-dark">
            Q
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-semibold text-neutral-500">{t(`faq.category.${faq.category}`)}</span>
            <span className="block break-words font-semibold" data-faq-question>
              {faq.question}
            </span>
          </span>
          <Chevron />
        </summary>
        <div className="flex gap-3 border-t border-neutral-100 bg-neutral-50 px-4 py-4">
          <span aria-hidden="true" className="font-extrabold text-neutral-500">
            A
          </span>
          <PlainText text={faq.answer} className="min-w-0 flex-1 text-sm text-neutral-800" data-faq-answer />
        </div>
      </details>
    </li>
  );
}
