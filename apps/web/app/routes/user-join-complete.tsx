import { Link } from 'react-router';
import { useTranslation } from '../i18n/react';
import { useUser } from '../lib/use-site';
import { primaryButton, secondaryButton } from '../ui/fields';

/** After sign-up: a welcome with links to the home page and My page. */
export default function UserJoinComplete() {
  const { t } = useTranslation('account');
  const user = useUser();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p aria-hidden="true" className="text-5xl text-brand">
        ★
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t('complete.title')}</h1>
      <p className="mt-3 text-neutral-600">{user ? t('complete.welcome', { nick: user.nick }) : t('complete.welcomeAnon')}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className={`${secondaryButton} inline-flex items-center px-5`}>
          {t('complete.home')}
        </Link>
        <Link to="/mypage" className={`${primaryButton} inline-flex items-center px-5`}>
          {t('complete.mypage')}
        </Link>
      </div>
    </div>
  );
}
