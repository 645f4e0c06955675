import { useTranslation } from 'react-i18next';
import { data, Link, useLocation } from 'react-router';

/** Every unmatched path: a 404 status and SPEC §8's 'Page not found: {path}'. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="break-all text-2xl font-bold">Page not found: {pathname}</h1>
      <p className="mt-3 text-neutral-600">{t('notFound.hint')}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
