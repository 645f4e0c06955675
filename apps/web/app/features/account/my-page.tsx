import type { UserInfo } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { numberFormat } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { AccountSwitch } from '../applications';
import { MyChannelLinks, type MyFragments, MyPageFragments } from '../channels';
import { PaymentLinks } from '../payments';
import { MyPageLinks } from '../profile';
import { MyLevelBadges } from '../progression';
import { StoreLinks } from '../store';

/** My page (SPEC §3): the profile image (a placeholder until one is uploaded), nick, ID, level, STAR and CUBIC. */
export function MyPage({ user, itemCount, fragments }: { user: UserInfo; itemCount: number; fragments: MyFragments }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  const number = numberFormat(lang);
  const rows: [string, string, string][] = [
    ['id', t('mypage.id'), user.id],
    ['level', t('mypage.level'), t('mypage.levelValue', { level: user.user_level })],
    ['star', t('mypage.star'), number.format(user.star_cnt)],
    ['cubic', t('mypage.cubic'), number.format(user.cubic_cnt)],
    ['items', t('mypage.items'), number.format(itemCount)],
  ];
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{t('mypage.title')}</h1>
      <section className="flex items-center gap-5 rounded-2xl border border-neutral-200 p-5" aria-labelledby="mypage-nick">
        {user.profile_image ? (
          <img src={user.profile_image} alt={t('mypage.profileImage', { nick: user.nick })} className="size-20 rounded-full object-cover" />
        ) : (
          <div
            role="img"
            aria-label={t('mypage.profileImage', { nick: user.nick })}
            className="flex size-20 items-center justify-center rounded-full bg-brand/15 text-3xl font-bold text-brand"
          >
            {[...user.nick][0] ?? '★'}
          </div>
        )}
        <div className="min-w-0">
          <h2 id="mypage-nick" className="truncate text-xl font-bold">
            {user.nick}
          </h2>
          <p className="text-sm text-neutral-500">{user.id}</p>
          <MyLevelBadges level={user.user_level} vip={user.vip_level} className="mt-1.5" />
        </div>
      </section>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map(([key, label, value]) => (
          <div key={key} className="rounded-xl bg-neutral-50 px-4 py-3" data-mypage={key}>
            <dt className="text-xs font-semibold text-neutral-500">{label}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <MyChannelLinks />
      <PaymentLinks />
      <StoreLinks />
      <MyPageLinks broadcaster={user.type_cd === 'bj'} />
      <MyPageFragments fragments={fragments} />
      <AccountSwitch />
    </div>
  );
}
