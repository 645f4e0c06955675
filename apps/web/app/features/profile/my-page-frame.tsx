import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

/** A page under my page (/mypage/info, /mypage/setting, /mypage/withdraw): the way back to /mypage, then its title. */
export function MyPageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to="/mypage" className="text-brand underline-offset-2 hover:underline">
          {t('back')}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
