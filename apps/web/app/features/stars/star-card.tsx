import type { StarCard } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useViewerCount } from '../../lib/use-viewer-count';
import { Avatar } from '../../ui/avatar';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { cardPath, channelOf, debutText, isLive, type StarKind } from './stars-rules';

/** The agency, group and debut day of a K-star, as one quiet line ('' parts left out). */
export function KstarFacts({ card }: { card: Pick<StarCard, 'agency' | 'group_name' | 'debut_date'> }) {
  const { t } = useTranslation('stars');
  const debut = debutText(card.debut_date);
  const parts = [
    card.agency && { name: 'agency', label: t('agency'), text: card.agency },
    card.group_name && { name: 'group', label: t('group'), text: card.group_name },
    debut && { name: 'debut', label: t('debut'), text: t('debutOn', { date: debut }) },
  ].filter((p): p is { name: string; label: string; text: string } => Boolean(p));
  if (parts.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-neutral-600" data-kstar-facts>
      {parts.map((p, i) => (
        <li key={p.name} className="min-w-0 [overflow-wrap:anywhere]" data-kstar-fact={p.name}>
          {i > 0 && (
            <span aria-hidden="true" className="mr-2 text-neutral-300">
              ·
            </span>
          )}
          <span className="sr-only">{p.label}: </span>
          {p.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * A program or K-star account in a directory. Live: its live thumbnail with LIVE and the viewer count, the
 * whole card opening the live room; otherwise its picture, the whole card opening its channel. Under it the
 * name (its channel), the live title or the latest replay, and for a K-star the agency, group and debut.
 */
export function StarCardItem({ kind, card }: { kind: StarKind; card: StarCard }) {
  const { t } = useTranslation('stars');
  const lang = useLang();
  const live = isLive(card);
  const viewers = useViewerCount()(card.viewer_cnt, card.viewer_cnt_hidden_yn, (n) => t('viewers', { n }));
  return (
    <li className="group relative flex min-w-0 flex-col" data-star-card={card.id} data-live={live ? 'Y' : 'N'}>
      {live ? (
        <BroadcastThumb src={card.live_thumbnail} label={card.live_title || card.nick} badge={t('live')} />
      ) : (
        <div className="flex aspect-video items-center justify-center rounded-lg bg-gradient-to-br from-neutral-100 to-brand/10">
          <Avatar src={card.profile_image} nick={card.nick} size="size-14 sm:size-24" text="text-xl sm:text-3xl" />
        </div>
      )}
      <div className="mt-2 flex min-w-0 items-start gap-2">
        {live && (
          <span className="hidden sm:block">
            <Avatar src={card.profile_image} nick={card.nick} size="size-9" text="text-sm" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          {/* The whole card is this link (its ::after covers it); its name says where it leads. */}
          <Link
            to={cardPath(kind, card)}
            className="block truncate font-bold after:absolute after:inset-0 after:rounded-lg group-hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand"
            aria-label={live ? t('watchLive', { nick: card.nick }) : undefined}
            data-star-link={live ? 'live' : 'channel'}
          >
            {card.nick}
          </Link>
          {live ? (
            <>
              <p className="line-clamp-1 text-sm text-neutral-700 [overflow-wrap:anywhere]" data-live-title>
                {card.live_title}
              </p>
              <p className="text-xs text-neutral-500">
                <span data-viewers={card.viewer_cnt} data-viewers-hidden={card.viewer_cnt_hidden_yn === 'Y' || undefined}>
                  {viewers}
                </span>
                {' · '}
                {/* Above the card's link: the channel stays reachable while the card opens the live room. */}
                <Link to={channelOf(kind, card.id)} className="relative z-10 hover:text-brand hover:underline" data-star-channel={card.id}>
                  @{card.id}
                </Link>
              </p>
            </>
          ) : (
            <>
              {card.intro && <p className="line-clamp-2 text-sm text-neutral-600 [overflow-wrap:anywhere]">{card.intro}</p>}
              <p className="line-clamp-1 text-xs text-neutral-500 [overflow-wrap:anywhere]" data-latest>
                {card.latest_title ? t('latest', { title: card.latest_title }) : t('noBroadcast')}
              </p>
            </>
          )}
          {kind === 'kstar' && (
            <div className="mt-1">
              <KstarFacts card={card} />
            </div>
          )}
          <p className="mt-0.5 text-xs text-neutral-500 tabular-nums" data-followers={card.follower_cnt}>
            {t('followers', { n: formatNumber(card.follower_cnt, lang) })}
          </p>
        </div>
      </div>
    </li>
  );
}

/** The directory's grid: two columns on a phone, up to four on a wide screen. */
export function StarGrid({ kind, cards }: { kind: StarKind; cards: StarCard[] }) {
  return (
    <ul
      className="mt-4 grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-4 md:grid-cols-3 lg:grid-cols-4"
      data-star-grid={kind}
      data-count={cards.length}
    >
      {cards.map((card) => (
        <StarCardItem key={card.user_key} kind={kind} card={card} />
      ))}
    </ul>
  );
}
