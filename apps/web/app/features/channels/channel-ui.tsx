import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { vipTitle } from './channel-rules';

/** The site's name for a broadcaster (SPEC §9 default 'BJ'; an operator may rename it per language). */
export function useBjName(): string {
  return useSite()?.site.site_terms.BJ_NAME || 'BJ';
}

const badge = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold';

/** A fan club number: "팬 No.12". */
export function FanNoBadge({ n }: { n: number }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  return (
    <span className={`${badge} bg-pink-100 text-pink-800`} data-fan-no={n}>
      {t('badge.fanNo', { n: formatNumber(n, lang) })}
    </span>
  );
}

/** A VIP rank: rank 1 is the 회장 (president), the others "VIP 3위". Nothing outside the VIPs. */
export function VipBadge({ rank }: { rank: number | null | undefined }) {
  const { t } = useTranslation('channels');
  const title = vipTitle(rank);
  if (!title || !rank) return null;
  return (
    <span
      className={`${badge} ${title === 'president' ? 'bg-amber-400 text-amber-950' : 'bg-amber-100 text-amber-900'}`}
      data-vip-rank={rank}
    >
      {title === 'president' ? t('badge.president') : t('badge.vip', { n: rank })}
    </span>
  );
}
