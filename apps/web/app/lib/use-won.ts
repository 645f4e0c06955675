import { useTranslation } from '../i18n/react';
import { formatNumber } from './format';
import { useLang } from './use-site';

/** KRW as the site shows it ('12,000원'). */
export function useWon(): (n: number) => string {
  const { t } = useTranslation('payments');
  const lang = useLang();
  return (n) => t('won', { n: formatNumber(n, lang) });
}
