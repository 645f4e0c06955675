import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';

/**
 * The level badges shown beside a nick (the header, my page, chat, fan lists): a file of their own, so the
 * pages that show only a badge (every page, through the header) do not load the level pages' pieces.
 */

export const badge = 'inline-flex shrink-0 items-center whitespace-nowrap rounded-full font-bold tabular-nums';

/** The member level beside a nick: "Lv.12". */
export function LevelBadge({ level, size = 'sm' }: { level: number; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const sizing = size === 'lg' ? 'px-3 py-1 text-base' : 'px-2 py-0.5 text-xs';
  return (
    <span className={`${badge} ${sizing} bg-violet-600 text-white`} title={t('badgeLabel', { n: level })} data-level-badge={level}>
      {t('lv', { n: formatNumber(level, lang) })}
    </span>
  );
}

/** The VIP grade beside a nick ("VIP 2"); nothing without a grade. */
export function VipGradeBadge({ grade, size = 'sm' }: { grade: number; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('progression');
  if (!(grade > 0)) return null;
  const sizing = size === 'lg' ? 'px-3 py-1 text-base' : 'px-2 py-0.5 text-xs';
  return (
    <span className={`${badge} ${sizing} bg-amber-300 text-amber-950`} title={t('vipBadgeLabel', { n: grade })} data-vip-grade={grade}>
      {t('vip.grade', { n: grade })}
    </span>
  );
}

/** Beside a member's nick (my page, the header): their member level and VIP grade, to the level page. */
export function MyLevelBadges({ level, vip, className = '' }: { level: number; vip: number; className?: string }) {
  const { t } = useTranslation('progression');
  return (
    <Link
      to="/mypage/level/user"
      className={`inline-flex items-center gap-1 rounded-full focus-visible:outline-2 focus-visible:outline-brand ${className}`}
      data-my-level-badges
    >
      {/* The accessible name starts with what shows ("Lv.3 VIP 1"), then says where it goes. */}
      <LevelBadge level={level} />
      <VipGradeBadge grade={vip} />
      <span className="sr-only">{t('links.user')}</span>
    </Link>
  );
}
