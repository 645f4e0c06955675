import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { useSite } from './use-site';

export function SiteHeader({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const name = useSite()?.site.asp_info.site_name ?? t('brand');
  return (
    <header className={dark ? 'border-b border-neutral-800 bg-neutral-950' : 'border-b border-neutral-200 bg-white'}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-brand" aria-label={t('nav.home')}>
          <span aria-hidden="true">★</span>
          <span>{name}</span>
        </Link>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
