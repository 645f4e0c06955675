import type { MagazineInfoSet, MagazineProcessSet } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { magazineListPath } from '../../lib/links';
import { useHydrated } from '../../lib/use-hydrated';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import { countMagazineView, likeMagazine } from './editorial-api';
import { CategoryBadge, RichText } from './editorial-ui';
import { MagazineCard } from './magazine-list-page';
import { useMagazineReport } from './magazine-report';

type Counters = Pick<MagazineProcessSet, 'view_cnt' | 'like_cnt' | 'liked_yn'>;
/** Counters from the server with the member's own last like (if any) laid over them. */
const withOwn = (c: Counters, own: Pick<Counters, 'like_cnt' | 'liked_yn'> | null): Counters => (own ? { ...c, ...own } : c);

const countersOf = (set: MagazineInfoSet): Counters => ({
  view_cnt: set.magazine_info.view_cnt,
  like_cnt: set.magazine_info.like_cnt,
  liked_yn: set.magazine_info.liked_yn,
});

const smallButton =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50';

/**
 * /magazine/{id}: an article (section, title, date in KST, views and likes, its picture, the sanitised body),
 * the like button (the sign-in panel for a guest), a report, and the recommended articles. The view is
 * counted once the page runs in the browser (GET /sub/magazine_process), which also refreshes the counters.
 */
export function MagazineArticlePage({ set }: { set: MagazineInfoSet }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const report = useMagazineReport();
  const ready = useHydrated();
  const article = set.magazine_info;
  const miSn = article.mi_sn;
  const [counters, setCounters] = useState<Counters>(() => countersOf(set));
  const [counted, setCounted] = useState(false);
  const [busy, setBusy] = useState(false);
  const countedFor = useRef(0);

  // The member's own like, as the server last answered it: a loader answer or a view count that set off
  // before it (the revalidation after signing in races the like sent right after) must not undo it.
  const ownLike = useRef<Pick<Counters, 'like_cnt' | 'liked_yn'> | null>(null);

  // The loader's data changes after signing in (liked_yn is the member's): follow it.
  useEffect(() => setCounters(withOwn(countersOf(set), ownLike.current)), [set]);

  // One view per page opened, counted after hydration (a crawler's server render counts none).
  useEffect(() => {
    if (countedFor.current === miSn) return;
    countedFor.current = miSn;
    void countMagazineView(miSn, '').then((res) => {
      if (isOk(res))
        setCounters(
          withOwn({ view_cnt: res.rslt_set.view_cnt, like_cnt: res.rslt_set.like_cnt, liked_yn: res.rslt_set.liked_yn }, ownLike.current),
        );
      setCounted(true);
    });
  }, [miSn]);

  const liked = counters.liked_yn === 'Y';

  async function toggleLike() {
    if (busy) return;
    // A guest signs in first; what they pressed for is a like.
    let like = !liked;
    if (!user) {
      if (!(await signIn.open())) return;
      like = true;
    }
    setBusy(true);
    const res = await likeMagazine(miSn, like, t('retry'));
    setBusy(false);
    if (isOk(res)) {
      ownLike.current = { like_cnt: res.rslt_set.like_cnt, liked_yn: res.rslt_set.liked_yn };
      setCounters({ view_cnt: res.rslt_set.view_cnt, like_cnt: res.rslt_set.like_cnt, liked_yn: res.rslt_set.liked_yn });
    } else dialog.toast(res.rslt_msg || t('retry'));
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-magazine-article={miSn}>
      <article aria-labelledby="magazine-title" data-ready={ready || undefined} data-view-counted={counted || undefined}>
        <header className="border-b border-neutral-200 pb-5">
          <Link to={magazineListPath({ category: article.category })} className="inline-flex min-h-11 items-center">
            <CategoryBadge category={article.category} />
          </Link>
          <h1
            id="magazine-title"
            className="mt-1 text-2xl font-extrabold leading-snug [overflow-wrap:anywhere] sm:text-3xl"
            data-magazine-title
          >
            {article.title}
          </h1>
          {article.summary && <p className="mt-3 text-neutral-600 [overflow-wrap:anywhere]">{article.summary}</p>}
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-500 tabular-nums">
            <span>
              <span className="sr-only">{t('magazine.date')}: </span>
              <time dateTime={article.publish_date}>{kstDate(article.publish_date, true)}</time>
            </span>
            <span data-views={counters.view_cnt}>{t('magazine.views', { n: formatNumber(counters.view_cnt, lang) })}</span>
            <span data-likes={counters.like_cnt}>{t('magazine.likes', { n: formatNumber(counters.like_cnt, lang) })}</span>
          </p>
        </header>
        {article.image && (
          <img
            src={article.image}
            alt=""
            className="mt-6 aspect-[16/9] w-full rounded-xl bg-neutral-100 object-cover"
            data-magazine-image
          />
        )}
        <div className="py-6">
          <RichText html={article.content_html} name="magazine" />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 pt-4">
          <button
            type="button"
            onClick={() => void toggleLike()}
            disabled={busy}
            aria-pressed={liked}
            className={`${smallButton} border ${liked ? 'border-brand bg-brand text-white hover:bg-brand-dark' : 'border-neutral-300 text-neutral-800 hover:bg-neutral-100'}`}
            data-like-button={liked ? 'on' : 'off'}
          >
            <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
            {t('magazine.like')}
            <span className="tabular-nums" data-like-count={counters.like_cnt}>
              {formatNumber(counters.like_cnt, lang)}
            </span>
          </button>
          <div className="flex flex-wrap gap-1">
            <Link to={magazineListPath()} className={`${smallButton} border border-neutral-300 text-neutral-800 hover:bg-neutral-100`}>
              {t('magazine.back')}
            </Link>
            <button
              type="button"
              onClick={() => void report({ miSn, title: article.title, types: set.magazine_report_category_list.map((type) => type.code) })}
              aria-label={t('magazine.reportLabel')}
              className={`${smallButton} text-neutral-600 hover:bg-neutral-100 hover:text-red-700`}
              data-magazine-report
            >
              {t('magazine.report')}
            </button>
          </div>
        </div>
      </article>
      {set.recommend_magazine_list.length > 0 && (
        <section aria-labelledby="magazine-recommend" className="mt-12" data-magazine-recommend>
          <h2 id="magazine-recommend" className="text-lg font-bold">
            {t('magazine.recommend')}
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-x-5 gap-y-8 min-[480px]:grid-cols-2">
            {set.recommend_magazine_list.map((item) => (
              <MagazineCard key={item.mi_sn} item={item} headingLevel={3} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
