import { BOARD_LIMITS, type BoardListSet, type BoardPost } from '@byeol/contract';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { pageWindow } from '../../lib/paging';
import { useLang, useSite } from '../../lib/use-site';
import { inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { EmptyState, LoadFailed } from '../../ui/list-ui';
import { PlainText } from '../../ui/plain-text';
import {
  boardFormPath,
  boardListPath,
  boardPostPath,
  isKeysetPage,
  type ListQuery,
  listDate,
  newerPath,
  pagesOf,
  showsOlder,
} from './board-rules';
import { ImageMark, NoticeBadge } from './board-ui';

/** What the /bbs loader hands the page: the query as read from the URL, the answer or its refusal. */
export interface BoardListData {
  query: ListQuery;
  set: BoardListSet | null;
  /** The server's refusal in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /bbs (SPEC §2, §3 board post): the pinned operating-principles notices on top of every page, then the
 * posts newest first (number, title with its comment count, author, views, date in KST); a keyword search
 * on titles and authors; page numbers while the offset allows, then "older" by the last post's number and,
 * from such a page, "newer" back by the first post's number; a write button. A phone shows each post as two lines (title, then author · date · views).
 */
export function BoardListPage({ data }: { data: BoardListData }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const { query, set, message } = data;
  const capped = set?.eventboard_total_capped_yn === 'Y';
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8" data-board-list-page>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold">{t('list.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">{t('list.lead')}</p>
        </div>
        <Link to={boardFormPath()} className={`${primaryButton} inline-flex shrink-0 items-center gap-1`} data-board-write>
          <span aria-hidden="true">✎</span>
          {t('list.write')}
        </Link>
      </div>
      <SearchForm keyword={query.keyword} />
      {query.keyword && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 font-semibold [overflow-wrap:anywhere]" data-board-search-result>
            {t('search.result', { keyword: query.keyword })}
          </p>
          <Link to={boardListPath()} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-dark hover:underline">
            {t('search.all')}
          </Link>
        </div>
      )}
      {!set ? (
        <LoadFailed message={message || t('loadFailed')} />
      ) : (
        <>
          <p className="mt-4 text-sm text-neutral-600" data-board-total={set.eventboard_total}>
            {capped
              ? t('list.totalCapped', { n: formatNumber(set.eventboard_total, lang) })
              : t('list.total', { n: formatNumber(set.eventboard_total, lang) })}
          </p>
          <PostTable notices={set.notice_list} posts={set.eventboard_list} />
          {set.eventboard_list.length === 0 && (
            <EmptyState name="board" text={query.keyword ? t('list.searchEmpty', { keyword: query.keyword }) : t('list.empty')} />
          )}
          <Pager query={query} total={set.eventboard_total} posts={set.eventboard_list} />
        </>
      )}
    </div>
  );
}

/** The keyword, as a plain GET form (it works before the page's scripts have loaded). */
function SearchForm({ keyword }: { keyword: string }) {
  const { t } = useTranslation('board');
  const id = useId();
  return (
    <Form method="get" action="/bbs" role="search" aria-label={t('search.label')} className="mt-5 flex gap-2" data-board-search>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <input
        key={keyword}
        id={id}
        name="keyword"
        type="search"
        enterKeyHint="search"
        defaultValue={keyword}
        maxLength={BOARD_LIMITS.keywordMax}
        placeholder={t('search.placeholder')}
        className={`${inputClass} min-w-0 flex-1`}
      />
      <button type="submit" className={`${secondaryButton} shrink-0`}>
        {t('search.submit')}
      </button>
    </Form>
  );
}

/** A phone's second line (author · date · views): dots between, none in the table. */
const meta = "text-xs text-neutral-600 tabular-nums before:mr-2 before:content-['·'] sm:text-center sm:text-sm sm:before:content-none";
const cell = 'sm:table-cell sm:border-b sm:border-neutral-200 sm:px-2 sm:py-3 sm:align-middle';

/** The notices, then the posts: a table from the sm breakpoint, two lines per post on a phone. */
function PostTable({ notices, posts }: { notices: BoardPost[]; posts: BoardPost[] }) {
  const { t } = useTranslation('board');
  if (notices.length === 0 && posts.length === 0) return null;
  return (
    <table className="mt-2 block w-full border-t-2 border-neutral-800 text-sm sm:table sm:table-fixed" data-board-list>
      <caption className="sr-only">{t('list.caption')}</caption>
      <thead className="hidden sm:table-header-group">
        <tr className="text-neutral-600">
          <th scope="col" className={`${cell} w-20 text-center font-semibold`}>
            {t('list.col.number')}
          </th>
          <th scope="col" className={`${cell} text-left font-semibold`}>
            {t('list.col.title')}
          </th>
          <th scope="col" className={`${cell} w-36 text-left font-semibold`}>
            {t('list.col.author')}
          </th>
          <th scope="col" className={`${cell} w-24 text-center font-semibold`}>
            {t('list.col.date')}
          </th>
          <th scope="col" className={`${cell} w-20 text-center font-semibold`}>
            {t('list.col.views')}
          </th>
        </tr>
      </thead>
      <tbody className="block sm:table-row-group">
        {notices.map((post) => (
          <PostRow key={`n${post.board_sn}`} post={post} notice />
        ))}
        {posts.map((post) => (
          <PostRow key={post.board_sn} post={post} />
        ))}
      </tbody>
    </table>
  );
}

function PostRow({ post, notice = false }: { post: BoardPost; notice?: boolean }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const now = useSite()?.now ?? Date.now();
  const views = formatNumber(post.view_cnt, lang);
  return (
    <tr
      className={`flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-neutral-200 px-1 py-3 sm:table-row sm:border-0 sm:p-0 ${notice ? 'bg-brand/5' : ''}`}
      data-board-post={post.board_sn}
      data-notice={notice ? 'Y' : undefined}
    >
      <td className={`${cell} hidden text-center text-neutral-600 tabular-nums`}>{notice ? <NoticeBadge /> : post.board_sn}</td>
      <td className={`${cell} w-full min-w-0`}>
        <div className="flex min-w-0 items-center gap-1.5">
          {notice && <NoticeBadge className="sm:hidden" />}
          {notice ? (
            <NoticeTitle post={post} />
          ) : (
            <Link
              to={boardPostPath(post.board_sn)}
              className="min-w-0 line-clamp-2 font-semibold [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-brand sm:line-clamp-1"
              data-board-title
            >
              {post.title}
            </Link>
          )}
          {post.reply_cnt > 0 && (
            <span className="shrink-0 text-xs font-bold text-brand-dark tabular-nums" data-reply-cnt={post.reply_cnt}>
              <span aria-hidden="true">[{formatNumber(post.reply_cnt, lang)}]</span>
              <span className="sr-only">{t('list.comments', { n: formatNumber(post.reply_cnt, lang) })}</span>
            </span>
          )}
          {post.file_cnt > 0 && <ImageMark />}
        </div>
      </td>
      {notice ? (
        // An operator's notice: no member wrote it and it counts no views; only its date shows.
        <>
          <td className={`${cell} hidden`} />
          <td className={`${cell} text-xs text-neutral-600 tabular-nums sm:text-center sm:text-sm`}>
            <time dateTime={post.reg_date} title={kstDate(post.reg_date, true)}>
              {listDate(post.reg_date, now)}
            </time>
          </td>
          <td className={`${cell} hidden`} />
        </>
      ) : (
        <>
          <td className={`${cell} min-w-0 max-w-[50%] truncate text-xs text-neutral-700 sm:max-w-none sm:text-sm`} data-board-author>
            {post.user_nick}
          </td>
          <td className={`${cell} ${meta}`}>
            <time dateTime={post.reg_date} title={kstDate(post.reg_date, true)}>
              {listDate(post.reg_date, now)}
            </time>
          </td>
          <td className={`${cell} ${meta}`} data-board-views={post.view_cnt}>
            <span className="sm:hidden">{t('list.views', { n: views })}</span>
            <span className="hidden sm:inline">{views}</span>
          </td>
        </>
      )}
    </tr>
  );
}

/**
 * A pinned notice's title. Its number is the notice's own (not a post's), so it does not open /bbs/detail;
 * when the list carries the notice's text it unfolds in place.
 */
function NoticeTitle({ post }: { post: BoardPost & { content?: string } }) {
  if (!post.content) {
    return (
      <span className="min-w-0 line-clamp-2 font-bold [overflow-wrap:anywhere] sm:line-clamp-1" data-board-title>
        {post.title}
      </span>
    );
  }
  return (
    <details className="min-w-0 flex-1">
      <summary className="cursor-pointer font-bold [overflow-wrap:anywhere]" data-board-title>
        {post.title}
      </summary>
      <PlainText text={post.content} name="notice" className="mt-2 text-sm text-neutral-700" />
    </details>
  );
}

const pageLink =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand';

/** Page numbers around the current page with previous/next, then "older" (keyset) past the numbered pages. */
function Pager({ query, total, posts }: { query: ListQuery; total: number; posts: BoardPost[] }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const { pages } = pagesOf(total);
  const older = showsOlder(query, total, posts.length);
  const last = posts.at(-1);
  const keyset = isKeysetPage(query);
  const newer = newerPath(query, posts[0]?.board_sn);
  if (pages <= 1 && !older && !keyset) return null;
  const at = (page: number) => boardListPath({ keyword: query.keyword, page });
  const plain = `${pageLink} text-neutral-700 hover:bg-neutral-100`;
  return (
    <nav aria-label={t('paging.label')} className="mt-6" data-board-pager>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {keyset ? (
          <>
            <li>
              <Link to={at(1)} className={plain} data-page-first>
                {t('paging.first')}
              </Link>
            </li>
            {newer && (
              <li>
                <Link to={newer} className={plain} rel="prev" data-page-newer>
                  ‹ {t('paging.newer')}
                </Link>
              </li>
            )}
          </>
        ) : (
          <>
            {query.page > 1 && (
              <li>
                <Link to={at(query.page - 1)} className={plain} rel="prev" data-page-prev>
                  ‹ <span className="sr-only sm:not-sr-only sm:ml-1">{t('paging.prev')}</span>
                </Link>
              </li>
            )}
            {pageWindow(query.page, pages).map((page) => (
              <li key={page}>
                <Link
                  to={at(page)}
                  aria-label={t('paging.page', { n: formatNumber(page, lang) })}
                  aria-current={page === query.page ? 'page' : undefined}
                  className={page === query.page ? `${pageLink} bg-neutral-900 text-white` : plain}
                  data-page={page}
                >
                  {formatNumber(page, lang)}
                </Link>
              </li>
            ))}
            {query.page < pages && (
              <li>
                <Link to={at(query.page + 1)} className={plain} rel="next" data-page-next>
                  <span className="sr-only sm:not-sr-only sm:mr-1">{t('paging.next')}</span> ›
                </Link>
              </li>
            )}
          </>
        )}
        {older && last && (
          <li>
            <Link to={boardListPath({ keyword: query.keyword, lastSn: last.board_sn })} className={plain} rel="next" data-page-older>
              {t('paging.older')} ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
