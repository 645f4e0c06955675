import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useSite, useUser } from '../../lib/use-site';

/** /store/supporters, with the broadcaster preselected when given (the page reads `?bj=` as a user_key). */
export const supportersPath = (bjUserKey?: number) => (bjUserKey === undefined ? '/store/supporters' : `/store/supporters?bj=${bjUserKey}`);

/** Whether the site sells supporters (site switch `supporters`; the server refuses the calls when it is N). */
export function useSupportersOn(): boolean {
  return useSite()?.site.site_setting?.supporters_yn !== 'N';
}

/** /store's way to the supporters page, beside the item store; absent when the site switch is off. */
export function SupportersCard() {
  const { t } = useTranslation('supporters');
  const on = useSupportersOn();
  if (!on) return null;
  return (
    <Link
      to={supportersPath()}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand/40 bg-brand/5 px-5 py-4 hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
      data-supporters-card
    >
      <span>
        <span className="block font-bold text-brand">{t('store.title')}</span>
        <span className="block text-sm text-neutral-600">{t('store.intro')}</span>
      </span>
      <span className="rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white">{t('links.go')}</span>
    </Link>
  );
}

/**
 * A live room's "서포터즈" button beside the gift and items buttons: the supporters page with the room's BJ
 * preselected. Hidden when the site switch is off and for the BJ in their own room.
 */
export function SupportBjButton({ bj }: { bj: { user_key: number; nick: string } }) {
  const { t } = useTranslation('supporters');
  const me = useUser();
  const on = useSupportersOn();
  if (!on || me?.user_key === bj.user_key) return null;
  return (
    <Link
      to={supportersPath(bj.user_key)}
      aria-label={t('links.supportBj', { bj: bj.nick })}
      className="rounded-full bg-violet-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-violet-500"
      data-support-bj={bj.user_key}
    >
      ♥ {t('store.title')}
    </Link>
  );
}
