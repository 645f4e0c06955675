import type { GiftRankScope } from '@byeol/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { STAR_GIFT_DOM_EVENT, type StarGiftDomDetail } from '../../lib/star-gift';
import { useLang, useSite, useUser } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { type GiftRankList, giftRank } from './gift-api';

/** How long the ranking waits after a gift before reloading (a burst of gifts costs one call). */
const REFRESH_DELAY_MS = 800;

/**
 * The room's gift ranking on the play page: this broadcast's top supporters, or the BJ's fans over all
 * broadcasts. It reloads after gifts in the room (the chat raises STAR_GIFT_DOM_EVENT). A private list
 * (the BJ's sponsor-list setting) shows only a note to those who may not see it.
 */
export function GiftRankPanel({ vodKey }: { vodKey: string }) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const star = useStarName();
  const bjName = useSite()?.site.site_terms.BJ_NAME || 'BJ';
  const userKey = useUser()?.user_key ?? 0;
  const [scope, setScope] = useState<GiftRankScope>('room');
  const [data, setData] = useState<GiftRankList | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const res = await giftRank(vodKey, scope, t('rank.failed'));
    if (isOk(res)) {
      setData(res.rslt_set);
      setError('');
    } else setError(res.rslt_msg || t('rank.failed'));
  }, [vodKey, scope, t]);

  useEffect(() => {
    // userKey: a sign-in may reveal a private list.
    void userKey;
    void load();
  }, [load, userKey]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onGift = (e: Event) => {
      if ((e as CustomEvent<StarGiftDomDetail>).detail?.vodKey !== vodKey) return;
      clearTimeout(timer);
      timer = setTimeout(() => void load(), REFRESH_DELAY_MS);
    };
    window.addEventListener(STAR_GIFT_DOM_EVENT, onGift);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(STAR_GIFT_DOM_EVENT, onGift);
    };
  }, [vodKey, load]);

  const tab = (value: GiftRankScope) => (
    <button
      type="button"
      role="tab"
      aria-selected={scope === value}
      onClick={() => setScope(value)}
      className={`px-2 py-1 text-xs font-semibold ${scope === value ? 'border-b-2 border-pink-500 text-white' : 'text-neutral-400 hover:text-neutral-200'}`}
    >
      {value === 'room' ? t('rank.room') : t('rank.bj')}
    </button>
  );

  return (
    <section
      className="mx-4 mb-4 rounded-lg border border-neutral-800 bg-neutral-900 p-3 text-neutral-100"
      aria-labelledby="gift-rank-title"
      data-gift-rank
    >
      <div className="flex items-center justify-between">
        <h2 id="gift-rank-title" className="text-sm font-bold">
          {t('rank.title')}
        </h2>
        <div role="tablist" className="flex gap-1">
          {tab('room')}
          {tab('bj')}
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : data === null ? null : data.hidden_yn === 'Y' ? (
        <p className="mt-2 text-sm text-neutral-400" data-gift-rank-hidden>
          {t('rank.hidden', { bj: bjName })}
        </p>
      ) : data.data_list.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-400">{t('rank.empty')}</p>
      ) : (
        <>
          {data.sponsor_list_public_yn === 'N' && <p className="mt-2 text-xs text-amber-300">{t('rank.privateNote', { bj: bjName })}</p>}
          <ol className="mt-2 space-y-1" data-gift-rank-list={data.scope}>
            {data.data_list.map((e) => (
              <li key={e.user_key} className="flex items-center justify-between gap-2 text-sm" data-gift-rank-user={e.user_key}>
                <span className="truncate">
                  <span className="mr-2 inline-block w-5 text-right font-bold text-pink-400">{e.rank}</span>
                  {e.nick}
                </span>
                <span className="shrink-0 text-neutral-300">
                  ★ {t('rank.total', { n: formatNumber(e.star_total, lang) })} <span className="sr-only">{star}</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
