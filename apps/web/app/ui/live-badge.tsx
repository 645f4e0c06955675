import { useTranslation } from '../i18n/react';

/** A red LIVE mark. */
export function LiveBadge() {
  const { t } = useTranslation('channels');
  return (
    <span
      className="inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold bg-red-600 text-white"
      data-live-badge
    >
      {t('badge.live')}
    </span>
  );
}
