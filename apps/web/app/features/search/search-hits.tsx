import type { SearchBjHit, SearchHit, SearchHitKind, SearchShortHit } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatDuration, formatNumber } from '../../lib/format';
import { channelPath, playPath, shortPath } from '../../lib/links';
import { useLang, useSite } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { LiveBadge } from '../../ui/live-badge';
import { LiveCard, ReplayCard } from '../play';
import { hitKey, isBjHit } from './search-rules';

/**
 * The hits of one kind as the result pages show them: broadcasters as rows (picture, nick, login ID,
 * followers; LIVE to their room when on air), lives and replays as the site's broadcast cards, clips and
 * shorts as cards opening the clips feed on them (`/sub/short?clip=…`, issue 22).
 */
export function HitList({ kind, hits }: { kind: SearchHitKind; hits: readonly SearchHit[] }) {
  const now = useSite()?.now ?? Date.now();
  if (kind === 'bj' || kind === 'kstar' || kind === 'program') {
    return (
      <ul className="mt-3 grid gap-2 md:grid-cols-2" data-hit-list={kind}>
        {hits.filter(isBjHit).map((hit) => (
          <BjHitRow key={hitKey(hit)} hit={hit} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="mt-3 grid grid-cols-2 gap-x-3 gap-y-5 sm:gap-x-4 md:grid-cols-4" data-hit-list={kind}>
      {hits.map((hit) =>
        hit.kind === 'live' ? (
          <LiveCard key={hitKey(hit)} item={hit} now={now} />
        ) : hit.kind === 'replay' ? (
          <ReplayCard key={hitKey(hit)} item={hit} now={now} />
        ) : hit.kind === 'short' ? (
          <ShortCard key={hitKey(hit)} hit={hit} />
        ) : null,
      )}
    </ul>
  );
}

function BjHitRow({ hit }: { hit: SearchBjHit }) {
  const { t } = useTranslation('search');
  const lang = useLang();
  return (
    <li className="flex items-center gap-2 rounded-xl border border-neutral-200 p-3" data-search-hit={hit.kind} data-bj-id={hit.id}>
      <Link
        to={channelPath(hit.id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
        data-hit-link
      >
        <Avatar src={hit.profile_image} nick={hit.nick} />
        <span className="min-w-0">
          <span className="block truncate font-semibold" data-hit-nick>
            {hit.nick}
          </span>
          <span className="block truncate text-xs text-neutral-500">@{hit.id}</span>
          <span className="block text-xs text-neutral-500" data-follower-cnt={hit.follower_cnt}>
            {t('bj.followers', { n: formatNumber(hit.follower_cnt, lang) })}
          </span>
        </span>
      </Link>
      {hit.live_vod_key && (
        <Link
          to={playPath(hit.live_vod_key)}
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-brand"
          data-hit-live={hit.live_vod_key}
        >
          {/* The accessible name starts with what shows (LIVE), then says where it leads. */}
          <LiveBadge />
          <span className="sr-only"> {t('bj.watchLive', { nick: hit.nick })}</span>
        </Link>
      )}
    </li>
  );
}

/** A clip or short: its thumbnail and title open the clips feed on it (`vod_key` is its clip_key); its BJ's nick the channel. */
function ShortCard({ hit }: { hit: SearchShortHit }) {
  return (
    <li data-search-hit="short" data-clip-sn={hit.clip_sn} data-clip-key={hit.vod_key}>
      <Link
        to={shortPath({ clip: hit.vod_key })}
        className="block rounded-lg hover:opacity-90 focus-visible:outline-2 focus-visible:outline-brand"
        data-hit-link
      >
        <BroadcastThumb src={hit.thumbnail} label={hit.title} corner={formatDuration(hit.duration_sec)} />
        <p className="mt-2 line-clamp-2 font-semibold">{hit.title}</p>
      </Link>
      <p className="truncate">
        <Link
          to={channelPath(hit.bj.id)}
          className="text-sm text-neutral-600 hover:text-brand hover:underline"
          data-channel-link={hit.bj.id}
        >
          {hit.bj.nick}
        </Link>
      </p>
    </li>
  );
}
