import { useTranslation } from '../i18n/react';
import { formatNumber } from './format';
import { useLang } from './use-site';

/**
 * A broadcast's viewer figure (now, or a peak) as the caller's text shows it, or 시청자 수 비공개 when the BJ
 * keeps their viewer count private (/mypage/setting; the API then answers `viewer_cnt_hidden_yn` 'Y' and 0).
 * `label` puts the formatted number in its sentence (`t('info.viewers', { n })`).
 */
export function useViewerCount(): (count: number | null, hiddenYn: 'Y' | 'N' | undefined, label: (n: string) => string) => string {
  const { t } = useTranslation();
  const lang = useLang();
  return (count, hiddenYn, label) => (hiddenYn === 'Y' || count === null ? t('viewersHidden') : label(formatNumber(count, lang)));
}
