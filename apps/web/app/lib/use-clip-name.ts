import { useTranslation } from '../i18n/react';
import { useSiteTerm } from './use-site';

/** The site's word for a clip on screen: the site term sti_clip_name, else the 'clips' translation ('클립'). */
export function useClipName(): string {
  const { t } = useTranslation('clips');
  return useSiteTerm('sti_clip_name') || t('word');
}
