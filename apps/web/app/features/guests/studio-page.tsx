import { type ChatUserInfo, VIDEO_GUESTS, type VideoGuestEntry } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang, useUser } from '../../lib/use-site';
import { type ChatRoom, useChatRoom } from '../chat';
import { StreamVideo } from './guest-button';
import { StudioCall, type StudioSnapshot } from './guest-call';
import { useCall } from './use-call';

const makeStudioCall = (room: ChatRoom, vodKey: string) => new StudioCall(room, vodKey);
const EMPTY: StudioSnapshot = { entries: [], streams: new Map(), links: new Map(), videoBlocked: false, ready: false, error: null };

/** The requester's standing as the chat knows it (fan club number, VIP rank, supporter, follower, fan). */
function Standing({ user }: { user: ChatUserInfo }) {
  const { t } = useTranslation('guests');
  const lang = useLang();
  const tags: string[] = [];
  if (user.vip_rank) tags.push(t('studio.standing.vip', { n: formatNumber(user.vip_rank, lang) }));
  if (user.fan_no) tags.push(t('studio.standing.fanNo', { n: formatNumber(user.fan_no, lang) }));
  if (user.is_supporter) tags.push(t('studio.standing.supporter'));
  if (user.is_fan && !user.fan_no) tags.push(t('studio.standing.fan'));
  if (user.is_follower) tags.push(t('studio.standing.follower'));
  if (tags.length === 0) tags.push(t('studio.standing.none'));
  return (
    <span className="flex flex-wrap gap-1" data-guest-standing>
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-neutral-700 px-1.5 py-0.5 text-xs text-neutral-100">
          {tag}
        </span>
      ))}
    </span>
  );
}

const small = 'min-h-9 rounded-full px-3 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-violet-400';

/** Seconds left of an application (refreshed each second while some wait). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function GuestTile({ entry, call, snap, now }: { entry: VideoGuestEntry; call: StudioCall; snap: StudioSnapshot; now: number }) {
  const { t } = useTranslation('guests');
  const lang = useLang();
  const key = entry.user.user_key;
  const stream = snap.streams.get(key) ?? null;
  // Away: the guest's page reloaded or lost its connection; the call waits for them (VIDEO_GUESTS.reconnectMs).
  const link = entry.away === 1 ? 'away' : (snap.links.get(key) ?? 'new');
  const linkText =
    entry.away === 1
      ? t('studio.away', { s: formatNumber(Math.max(0, Math.ceil(((entry.expires_at ?? now) - now) / 1000)), lang) })
      : t(`studio.link.${link as RTCPeerConnectionState}`);
  const hidden = entry.audio_only === 1 || snap.videoBlocked;
  return (
    <li
      className="relative aspect-video overflow-hidden rounded-lg bg-black"
      data-guest-tile={key}
      data-guest-link={link}
      data-guest-call-no={entry.call ?? 1}
    >
      {/* What viewers see: the studio mutes and hides whatever the guest's page does (203, 93). */}
      <StreamVideo
        stream={stream}
        muted={entry.mute === 1}
        className={`h-full w-full object-cover ${hidden ? 'invisible' : ''}`}
        data-guest-video={key}
      />
      <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-1 bg-gradient-to-t from-black/80 to-transparent p-2 text-xs">
        <span className="mr-auto truncate font-semibold text-white">
          {entry.user.nick}
          <span className="ml-1 font-normal text-neutral-300">{linkText}</span>
        </span>
        <button
          type="button"
          className={`${small} bg-neutral-700 text-white`}
          aria-pressed={entry.mute === 1}
          onClick={() => void call.media(key, { mute: entry.mute === 1 ? 0 : 1 })}
          data-guest-mute
        >
          {entry.mute === 1 ? t('studio.unmute') : t('studio.mute')}
        </button>
        <button
          type="button"
          className={`${small} bg-neutral-700 text-white`}
          aria-pressed={entry.audio_only === 1}
          onClick={() => void call.media(key, { audio_only: entry.audio_only === 1 ? 0 : 1 })}
          data-guest-audio-only
        >
          {entry.audio_only === 1 ? t('studio.video') : t('studio.audioOnly')}
        </button>
        <button type="button" className={`${small} bg-rose-700 text-white`} onClick={() => void call.answer(key, 'end')} data-guest-end>
          {t('studio.end')}
        </button>
      </div>
    </li>
  );
}

/**
 * /mypage/stream/studio: the BJ's studio, usable as an OBS browser source. It joins the live room's chat
 * as the studio (200 studio), lists the requests with the requester's standing (accept / refuse), and
 * shows the accepted guests' video tiles (up to 8, a grid) with mute, audio-only and end per guest, and
 * video block for all.
 */
export function StudioPage({ vodKey }: { vodKey: string }) {
  const { t } = useTranslation('guests');
  const lang = useLang();
  const me = useUser();
  const { room, snap: chat } = useChatRoom(vodKey, { enabled: true, userKey: me?.user_key ?? 0 });
  const { call, snap } = useCall(room, vodKey, makeStudioCall, EMPTY);
  const pending = snap.entries.filter((e) => e.state === 'applied' || e.state === 'invited');
  const accepted = snap.entries.filter((e) => e.state === 'accepted');
  const now = useNow(pending.length > 0 || accepted.some((e) => e.away === 1));

  return (
    <main
      className="min-h-screen bg-neutral-950 p-3 text-neutral-100 sm:p-4"
      data-studio={vodKey}
      data-studio-ready={snap.ready ? 1 : 0}
      data-chat-status={chat.connection.status}
    >
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-lg font-bold">{t('studio.title')}</h1>
        <span className="text-sm text-neutral-300" data-guest-count={accepted.length}>
          {t('studio.guests', { n: formatNumber(accepted.length, lang), max: formatNumber(VIDEO_GUESTS.maxGuests, lang) })}
        </span>
        {call && (
          <button
            type="button"
            className={`${small} ${snap.videoBlocked ? 'bg-amber-600' : 'bg-neutral-700'} text-white`}
            aria-pressed={snap.videoBlocked}
            onClick={() => void call.blockAll(!snap.videoBlocked)}
            data-guest-block-all
          >
            {snap.videoBlocked ? t('studio.unblockAll') : t('studio.blockAll')}
          </button>
        )}
      </header>
      {!snap.ready && <p className="text-sm text-neutral-400">{t('studio.connecting')}</p>}
      {snap.error && (
        <p className="mb-2 text-sm text-rose-300" role="alert">
          {snap.error}
        </p>
      )}
      {accepted.length === 0 ? (
        <p className="mb-3 rounded-lg border border-dashed border-neutral-700 p-6 text-center text-sm text-neutral-400">
          {t('studio.noGuests')}
        </p>
      ) : (
        <ul
          className={`mb-3 grid gap-2 ${accepted.length === 1 ? 'grid-cols-1' : accepted.length <= 4 ? 'grid-cols-1 min-[400px]:grid-cols-2' : 'grid-cols-2 md:grid-cols-4'}`}
          data-guest-tiles
        >
          {accepted.map((entry) => call && <GuestTile key={entry.user.user_key} entry={entry} call={call} snap={snap} now={now} />)}
        </ul>
      )}
      <section aria-labelledby="studio-requests">
        <h2 id="studio-requests" className="mb-2 text-sm font-semibold">
          {t('studio.requests', { n: formatNumber(pending.length, lang) })}
        </h2>
        {pending.length === 0 ? (
          <p className="text-sm text-neutral-400">{t('studio.noRequests')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {pending.map((entry) => {
              const key = entry.user.user_key;
              const left = entry.expires_at ? Math.max(0, Math.ceil((entry.expires_at - now) / 1000)) : null;
              return (
                <li key={key} className="flex flex-wrap items-center gap-2 rounded-lg bg-neutral-900 p-2" data-guest-request={key}>
                  <div className="mr-auto flex min-w-0 flex-col gap-1">
                    <span className="truncate font-semibold">{entry.user.nick}</span>
                    <Standing user={entry.user} />
                    {left !== null && (
                      <span className="text-xs text-neutral-400">
                        {entry.state === 'invited' ? `${t('studio.invited')} · ` : ''}
                        {t('studio.expires', { s: formatNumber(left, lang) })}
                      </span>
                    )}
                  </div>
                  {entry.state === 'applied' && call && (
                    <button
                      type="button"
                      className={`${small} bg-emerald-600 text-white`}
                      onClick={() => void call.answer(key, 'accept')}
                      data-guest-accept
                    >
                      {t('studio.accept')}
                    </button>
                  )}
                  {call && (
                    <button
                      type="button"
                      className={`${small} bg-neutral-700 text-white`}
                      onClick={() => void call.answer(key, 'refuse')}
                      data-guest-refuse
                    >
                      {t('studio.refuse')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <p className="mt-4 text-xs text-neutral-500">{t('studio.hint')}</p>
    </main>
  );
}

/** Not live (or not a BJ): the studio has no room to join. */
export function StudioIdle({ text }: { text: string }) {
  const { t } = useTranslation('guests');
  return (
    <main className="min-h-screen bg-neutral-950 p-4 text-neutral-100" data-studio="">
      <h1 className="mb-2 text-lg font-bold">{t('studio.title')}</h1>
      <p className="text-sm text-neutral-300">{text}</p>
    </main>
  );
}
