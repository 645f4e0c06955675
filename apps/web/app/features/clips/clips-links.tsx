import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { shortPath } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';

/** The link to the clips feed (/sub/short) under the site's word for a clip, for the site's menus. */
export function ShortsLink({ className }: { className: string }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  return (
    <Link to={shortPath()} className={className} data-nav-short>
      {t('nav.short', { clip })}
    </Link>
  );
}
