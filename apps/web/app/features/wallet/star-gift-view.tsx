import { ChatEvent, type OutsideMsgPush } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { giftTierOf, starGiftOf } from '../../lib/star-gift';
import { useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';

/** The fan badge beside a nick in the chat (ChatUserInfo.is_fan: the user gifted this room's BJ before). */
export function FanBadge() {
  const { t } = useTranslation('wallet');
  return (
    <span className="mr-1 rounded bg-rose-500 px-1 py-px text-[10px] font-bold text-white" data-fan-badge>
      ♥ {t('line.fan')}
    </span>
  );
}

const LINE_TONE = [
  'bg-pink-500/15 text-pink-100',
  'bg-fuchsia-500/20 text-fuchsia-100',
  'bg-amber-500/20 text-amber-100',
  'bg-gradient-to-r from-amber-500/30 via-pink-500/30 to-violet-600/30 text-white',
] as const;

/**
 * A star gift event as the chat line shows it: its tier, the count in the viewer's language, the site's
 * term for stars, the giver's nick and message; null when the push is not a well-formed star gift (the
 * cards over the video and on the effects overlay: features/chat/effect-cards.tsx).
 */
function useStarGift(push: OutsideMsgPush) {
  const lang = useLang();
  const star = useStarName();
  const gift = starGiftOf(push);
  if (!gift) return null;
  return {
    ...gift,
    tier: giftTierOf(push, gift.star_cnt),
    n: formatNumber(gift.star_cnt, lang),
    star,
    nick: push.by?.nick ?? '',
    message: push.m ?? '',
  };
}

/**
 * A star gift (20–23) or a donation (50) in the chat: who gave how much (by the site's term), their message
 * (a donation's in bold, tagged), a first gift. Text only.
 */
export function StarGiftLine({ push }: { push: OutsideMsgPush }) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const gift = useStarGift(push);
  if (!gift) return null;
  const { tier } = gift;
  const donation = push.code === ChatEvent.DONATION;
  return (
    <div
      className={`mx-2 my-1 rounded-lg px-2 py-1.5 text-sm ${LINE_TONE[tier]} ${donation ? 'ring-1 ring-pink-300/60' : ''}`}
      data-chat-line={donation ? 'donation' : 'gift'}
      data-code={push.code}
      data-star-cnt={gift.star_cnt}
    >
      <p className="font-semibold">
        {donation && <span className="mr-1 rounded bg-pink-600 px-1 text-[10px] text-white">{t('line.donationTag')}</span>}
        <span aria-hidden="true">{'★'.repeat(tier + 1)} </span>
        {t(donation ? 'line.donation' : 'line.gift', { nick: gift.nick, star: gift.star, n: gift.n })}
        {gift.first_gift && (
          <span className="ml-2 rounded bg-rose-500 px-1 text-[10px] text-white" data-fan-no={gift.fan_no ?? undefined}>
            {gift.fan_no ? t('line.firstGiftNo', { no: formatNumber(gift.fan_no, lang) }) : t('line.firstGift')}
          </span>
        )}
      </p>
      {gift.message ? (
        <p className={`mt-0.5 break-words whitespace-pre-wrap ${donation ? 'text-base font-bold' : ''}`} data-gift-message>
          {gift.message}
        </p>
      ) : null}
    </div>
  );
}
