import { useTranslation } from '../../i18n/react';

/** A profile image, or the nick's first letter in a circle when there is none. */
export function ProfileImage({ src, nick, size = 'size-20' }: { src: string; nick: string; size?: string }) {
  const { t } = useTranslation('profile');
  const label = t('image.alt', { nick });
  if (src) return <img src={src} alt={label} className={`${size} rounded-full object-cover`} data-profile-image />;
  return (
    <div
      role="img"
      aria-label={label}
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand/15 text-3xl font-bold text-brand`}
      data-profile-image
    >
      {[...nick][0] ?? '★'}
    </div>
  );
}
