import { useTranslation } from '../../i18n/react';

/** The '공지' mark of a pinned notice (the operating principles). */
export function NoticeBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation('board');
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white ${className}`}
      data-notice-badge
    >
      {t('list.notice')}
    </span>
  );
}

/** A small picture mark for a post with images. */
export function ImageMark() {
  const { t } = useTranslation('board');
  return (
    <svg
      role="img"
      aria-label={t('list.image')}
      viewBox="0 0 24 24"
      className="size-4 shrink-0 text-neutral-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-image-mark
    >
      <title>{t('list.image')}</title>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 17l-5-5-9 8" />
    </svg>
  );
}
