import { useTranslation } from '../i18n/react';

/** A member's or BJ's picture, or the nick's first letter in a tinted circle when there is none. */
export function Avatar({ src, nick, size = 'size-12', text = 'text-lg' }: { src: string; nick: string; size?: string; text?: string }) {
  const { t } = useTranslation('channels');
  if (src) return <img src={src} alt={t('image', { nick })} className={`${size} shrink-0 rounded-full bg-neutral-100 object-cover`} />;
  return (
    <span
      role="img"
      aria-label={t('image', { nick })}
      className={`${size} ${text} flex shrink-0 items-center justify-center rounded-full bg-brand/15 font-bold text-brand-dark`}
    >
      {[...nick].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '★'}
    </span>
  );
}
