import type { MagazineCategory } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { pageWindow } from '../../lib/paging';
import { useLang } from '../../lib/use-site';

/**
 * Typography for the sanitised HTML of an article or an event (the server's allow-list: h2–h4, p, br, hr,
 * strong/em/u/s, blockquote, lists, links and our uploaded images). Written as arbitrary variants so the
 * page needs no stylesheet of its own.
 */
const richText = [
  'text-[15px] leading-relaxed text-neutral-900 [overflow-wrap:anywhere] sm:text-base',
  '[&>:first-child]:mt-0',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:leading-snug',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-bold',
  '[&_p]:my-3',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-brand/40 [&_blockquote]:bg-neutral-50 [&_blockquote]:px-4 [&_blockquote]:py-3 [&_blockquote]:text-neutral-700',
  '[&_a]:font-semibold [&_a]:text-brand-dark [&_a]:underline [&_a]:underline-offset-2',
  '[&_img]:my-5 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-neutral-200',
  '[&_strong]:font-bold [&_em]:italic [&_u]:underline [&_s]:line-through',
].join(' ');

/**
 * The body of an article or an event: `html` is what the server stored after its allow-list sanitiser
 * (docs/editorial.md), so it is rendered as HTML; nothing else on these pages is.
 */
export function RichText({ html, name }: { html: string; name: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list before it was stored.
  return <div className={richText} data-rich-text={name} dangerouslySetInnerHTML={{ __html: html }} />;
}

const pageLink =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand';

/** Page numbers around the current page, with previous and next. */
export function Pager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  if (pages <= 1) return null;
  const plain = `${pageLink} text-neutral-700 hover:bg-neutral-100`;
  return (
    <nav aria-label={t('paging.label')} className="mt-8" data-pager>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} className={plain} rel="prev" data-page-prev>
              ‹ <span className="sr-only sm:not-sr-only sm:ml-1">{t('paging.prev')}</span>
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n) => (
          <li key={n}>
            <Link
              to={hrefOf(n)}
              aria-label={t('paging.page', { n: formatNumber(n, lang) })}
              aria-current={n === page ? 'page' : undefined}
              className={n === page ? `${pageLink} bg-neutral-900 text-white` : plain}
              data-page={n}
            >
              {formatNumber(n, lang)}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link to={hrefOf(page + 1)} className={plain} rel="next" data-page-next>
              <span className="sr-only sm:not-sr-only sm:mr-1">{t('paging.next')}</span> ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** An article's picture, or a tinted card with its section's name when it has none. */
export function MagazineThumb({ src, category }: { src: string; category: MagazineCategory }) {
  const { t } = useTranslation('editorial');
  return (
    <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-gradient-to-br from-brand/80 via-fuchsia-500/70 to-amber-300/80 min-[480px]:aspect-[16/9]">
      {src ? (
        <img src={src} alt="" loading="lazy" className="h-full w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-full flex-col items-center justify-center gap-1 text-white">
          <span className="text-2xl min-[480px]:text-3xl">★</span>
          <span className="hidden text-xs font-bold uppercase tracking-widest text-white/90 min-[480px]:block">
            {t(`magazine.category.${category}`)}
          </span>
        </div>
      )}
    </div>
  );
}

/** A small section mark ('인터뷰'). */
export function CategoryBadge({ category, className = '' }: { category: MagazineCategory; className?: string }) {
  const { t } = useTranslation('editorial');
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-bold text-brand-dark ${className}`}
      data-category={category}
    >
      {t(`magazine.category.${category}`)}
    </span>
  );
}
