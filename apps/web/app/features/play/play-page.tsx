import {
  API_BASE,
  API_HEADERS,
  HEARTBEAT_EVERY_MS,
  type HeartbeatSet,
  type PlayInfo,
  playEndpoints,
  ResultCode,
  VIEWER_LATENCY_MAX_MS,
} from '@byeol/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { formatNumber, fromNow } from '../../lib/format';
import { channelPath } from '../../lib/links';
import { useLang, useSite, useUser } from '../../lib/use-site';
import { useViewerCount } from '../../lib/use-viewer-count';
import { useSignIn } from '../../ui/sign-in';
import { ChatPanel, type ChatRoom } from '../chat';
import { ClipButton } from '../clips';
import { GuestCallButton } from '../guests';
import { MissionButton } from '../missions';
import { ItemUseButton } from '../store';
import { SupportBjButton } from '../supporters';
import { GiftButton, GiftRankPanel } from '../wallet';
import { formatDuration, tabViewerId } from './format';
import { GiftEffectsLayer, GiftEffectsToggle, useGiftEffectsOn } from './gift-effects';
import { NotFoundState, PlayLoginGate } from './play-states';
import { Player } from './player';

/** What the /play and /vod loaders hand the page: play_info / vod_info's code, info and message. */
export interface PlayLoaderData {
  code: number;
  info: PlayInfo | null;
  message: string;
}

/**
 * The concert play page's options (issue 22, features/concerts/concert-play.tsx): the concert, whether the
 * stream is its replay (played as a replay while the broadcast shows ended), and the URL rewrite that puts the
 * current media token on every media request.
 */
export interface ConcertPlayOptions {
  concertSn: number;
  replay: boolean;
  rewriteUrl: (url: string) => string;
}

/** A message in the player's place (ended, frozen, demo, gates). */
export function Stage({ state, children }: { state: string; children: ReactNode }) {
  return (
    <div
      className="flex aspect-video flex-col items-center justify-center gap-4 bg-neutral-900 px-6 text-center text-neutral-100"
      data-state={state}
    >
      {children}
    </div>
  );
}

/** SPEC §5: adult broadcasts need adult verification; the link leads there. */
export function AdultGate() {
  const { t } = useTranslation('play');
  return (
    <Stage state="adult">
      <span className="rounded-full border-2 border-red-500 px-3 py-1 text-lg font-bold text-red-400">{t('info.adult')}</span>
      <p className="text-lg font-bold">{t('gate.adultTitle')}</p>
      <p className="text-sm text-neutral-300">{t('gate.adultMessage')}</p>
      <Link to="/user/adult-verify" className="rounded bg-violet-600 px-4 py-2 font-semibold text-white">
        {t('gate.adultLink')}
      </Link>
    </Stage>
  );
}

/**
 * Title, BJ, tags, counts and times of a broadcast, under the player. `viewers`: the heartbeat's latest
 * answer; a count the BJ keeps private shows as such (the BJ and operators get the figure).
 */
export function BroadcastInfo({ info, viewers, likeAction }: { info: PlayInfo; viewers?: HeartbeatSet; likeAction?: ReactNode }) {
  const { t } = useTranslation('play');
  const lang = useLang();
  const count = useViewerCount();
  const now = useSite()?.now ?? Date.now();
  return (
    <section className="px-4 py-4" aria-labelledby="broadcast-title">
      <h1 id="broadcast-title" className="text-xl font-bold text-white">
        {info.adult_yn === 'Y' && <span className="mr-2 rounded bg-red-600 px-1.5 py-0.5 align-middle text-xs">{t('info.adult')}</span>}
        {info.title}
      </h1>
      <Link
        to={channelPath(info.bj.id)}
        className="mt-2 inline-flex min-h-11 items-center gap-3 rounded-lg hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        data-channel-link={info.bj.id}
      >
        {info.bj.profile_image ? <img src={info.bj.profile_image} alt="" className="h-8 w-8 rounded-full object-cover" /> : null}
        <span className="font-semibold text-neutral-200" data-bj>
          {info.bj.nick}
        </span>
      </Link>
      {info.mc && (
        <Link
          to={channelPath(info.mc.id)}
          className="ms-3 mt-2 inline-flex min-h-11 items-center gap-2 rounded-lg text-sm hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
          data-mc-link={info.mc.id}
        >
          <span className="rounded bg-violet-700 px-1.5 py-0.5 text-xs font-bold text-white">{t('info.mc')}</span>
          {info.mc.profile_image ? <img src={info.mc.profile_image} alt="" className="h-6 w-6 rounded-full object-cover" /> : null}
          <span className="font-semibold text-neutral-200">{info.mc.nick}</span>
        </Link>
      )}
      <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-neutral-400">
        {info.state === 'live' ? (
          <span data-viewers data-viewers-hidden={(viewers ?? info).viewer_cnt_hidden_yn === 'Y' || undefined}>
            {count((viewers ?? info).viewer_cnt, (viewers ?? info).viewer_cnt_hidden_yn, (n) => t('info.viewers', { n }))}
          </span>
        ) : (
          <span>{count(info.peak_viewer_cnt, info.viewer_cnt_hidden_yn, (n) => t('info.peak', { n }))}</span>
        )}
        <span data-likes>{t('info.likes', { n: formatNumber(info.like_cnt, lang) })}</span>
        <span>{t('info.started', { time: fromNow(info.start_date, lang, now) })}</span>
        {info.state !== 'live' && <span>{t('info.duration', { time: formatDuration(info.duration_sec) })}</span>}
      </p>
      {info.tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {info.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-neutral-800 px-2 py-0.5 text-xs text-neutral-300">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {likeAction}
      {/* The report form opens beside the player, so the broadcast keeps playing (issue 19). */}
      <a
        href={`/cs/report/form?target_type=broadcast&target_key=${encodeURIComponent(info.vod_key)}`}
        target="_blank"
        rel="noopener"
        className="mt-3 inline-flex min-h-11 items-center text-sm text-neutral-400 underline-offset-2 hover:underline"
        data-report-broadcast={info.vod_key}
      >
        {t('info.report')}
      </a>
    </section>
  );
}

/** Likes once per member; signed out, the sign-in panel opens. */
export function LikeButton({ info, onLiked }: { info: PlayInfo; onLiked: (likes: number) => void }) {
  const { t } = useTranslation('play');
  const signIn = useSignIn();
  const [liked, setLiked] = useState(false);
  const [message, setMessage] = useState('');
  const like = async () => {
    if (!(await signIn.open())) return;
    const res = await api.call(playEndpoints.like, { vod_key: info.vod_key });
    if (res.rslt_cd === 0) onLiked(res.rslt_set.like_cnt);
    if (res.rslt_cd === 0 || res.rslt_cd === ResultCode.ALREADY_LIKED) setLiked(true);
    setMessage(res.rslt_cd === 0 ? t('info.liked') : res.rslt_msg);
  };
  return (
    <div className="mt-3 flex items-center gap-3">
      <button
        type="button"
        onClick={() => void like()}
        aria-pressed={liked}
        className={`rounded-full px-4 py-1.5 text-sm font-semibold ${liked ? 'bg-pink-600 text-white' : 'bg-neutral-800 text-neutral-200'}`}
      >
        ♥ {t('info.like')}
      </button>
      {message && (
        <span role="status" className="text-sm text-neutral-400">
          {message}
        </span>
      )}
    </div>
  );
}

/**
 * While a viewer watches a live broadcast, a heartbeat every 15 s counts them and answers the current
 * viewer count; leaving the page says so. An answer that the broadcast ended or was frozen reloads the
 * page's data, so the page shows that state. The heartbeat carries the player's latency of the moment
 * (`latency`, seconds, null while it has none) for the BJ's dashboard (issue 25).
 */
function useWatching(vodKey: string, active: boolean, onCount: (set: HeartbeatSet) => void, latency: { current: number | null }) {
  const revalidator = useRevalidator();
  // The latest callbacks, read by the running heartbeat (they change identity on every render).
  const latest = useRef({ onCount, revalidator });
  latest.current = { onCount, revalidator };
  useEffect(() => {
    if (!active) return;
    const viewerId = tabViewerId();
    let stopped = false;
    const beat = async () => {
      const ms = latency.current === null ? -1 : Math.round(latency.current * 1000);
      try {
        const res = await api.call(playEndpoints.heartbeat, {
          vod_key: vodKey,
          viewer_id: viewerId,
          ...(ms >= 0 && ms <= VIEWER_LATENCY_MAX_MS ? { latency_ms: ms } : {}),
        });
        if (stopped) return;
        if (res.rslt_cd === 0) latest.current.onCount(res.rslt_set);
        else if (res.rslt_cd === ResultCode.BROADCAST_ENDED || res.rslt_cd === ResultCode.BROADCAST_FROZEN)
          void latest.current.revalidator.revalidate();
      } catch {
        // The next beat tries again.
      }
    };
    void beat();
    const timer = setInterval(beat, HEARTBEAT_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      // keepalive: the request outlives the page when the tab closes.
      void fetch(`${API_BASE}${playEndpoints.leave.path}`, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ vod_key: vodKey, viewer_id: viewerId }),
      }).catch(() => {});
    };
  }, [vodKey, active, latency]);
}

/**
 * /play/{vod_key}: the live room (player, info, viewer count, chat) or the state that replaces the
 * player. The chat sits beside the player on wide screens and under it on narrow ones; it stays once
 * shown, so the room's last lines remain when the broadcast ends.
 */
export function PlayPage({ code, info, message, concert }: PlayLoaderData & { concert?: ConcertPlayOptions }) {
  const { t } = useTranslation('play');
  const me = useUser();
  const revalidator = useRevalidator();
  const [viewers, setViewers] = useState<HeartbeatSet | undefined>(undefined);
  const [likes, setLikes] = useState<number | undefined>(undefined);
  const [title, setTitle] = useState<string | undefined>(undefined);
  const playable = code === 0 && info !== null && info.state === 'live' && info.hls_url !== '';
  const [chatOn] = useState(code === 0 && info !== null && info.state === 'live');
  // The player's latency of the moment, read by the heartbeat.
  const latency = useRef<number | null>(null);
  useWatching(info?.vod_key ?? '', playable, setViewers, latency);
  // The chat's room, shared with the gift cards over the video (issue 15), and their switch.
  const [room, setRoom] = useState<ChatRoom | null>(null);
  const [effectsOn, setEffectsOn] = useGiftEffectsOn();

  if (!info) {
    return (
      <NotFoundState text={code === ResultCode.BROADCAST_NOT_FOUND || code === ResultCode.INVALID_INPUT ? t('state.notFound') : message} />
    );
  }
  if (code === ResultCode.LOGIN_REQUIRED) return <PlayLoginGate />;

  const shown = { ...info, like_cnt: likes ?? info.like_cnt, title: title ?? info.title };
  let stage: ReactNode;
  if (code === ResultCode.ADULT_REQUIRED) stage = <AdultGate />;
  else if (info.state === 'frozen') {
    stage = (
      <Stage state="frozen">
        <p className="text-lg font-bold">{t('state.frozen')}</p>
      </Stage>
    );
  } else if (concert?.replay && info.hls_url) {
    stage = <Player hlsUrl={info.hls_url} flvUrl="" live={false} rewriteUrl={concert.rewriteUrl} />;
  } else if (info.state === 'ended') {
    stage = (
      <Stage state="ended">
        <p className="text-lg font-bold">{t('state.ended')}</p>
        {info.replay_yn === 'Y' ? (
          <Link
            to={concert ? `/concert/${concert.concertSn}` : `/vod/${encodeURIComponent(info.vod_key)}`}
            className="rounded bg-violet-600 px-4 py-2 font-semibold text-white"
          >
            {t('state.watchReplay')}
          </Link>
        ) : (
          <p className="text-sm text-neutral-400">{t('state.noReplay')}</p>
        )}
      </Stage>
    );
  } else if (!info.hls_url) {
    // A demo room without the demo's generated video (BYEOL_DEMO_VIDEO=0), or no media URL for this caller.
    stage = (
      <Stage state="demo">
        <p className="text-lg font-bold">{t('state.demo')}</p>
      </Stage>
    );
  } else {
    stage = (
      <Player
        hlsUrl={info.hls_url}
        flvUrl={info.flv_url}
        live
        rewriteUrl={concert?.rewriteUrl}
        onLatency={(s) => {
          latency.current = s;
        }}
        overlay={<GiftEffectsLayer room={room} on={effectsOn} />}
        controls={<GiftEffectsToggle on={effectsOn} onChange={setEffectsOn} />}
      />
    );
  }

  const broadcastInfo = (
    <BroadcastInfo
      info={shown}
      viewers={viewers}
      likeAction={info.state !== 'frozen' ? <LikeButton info={info} onLiked={setLikes} /> : undefined}
    />
  );

  if (!chatOn) {
    return (
      <div className="mx-auto max-w-5xl" data-vod-key={info.vod_key} data-broadcast-state={info.state}>
        {stage}
        {broadcastInfo}
      </div>
    );
  }

  // Narrow: player, chat, info. Wide: player and info on the left, the chat beside them at full height.
  const ownRoom = me !== null && me.user_key === info.bj.user_key;
  return (
    <div
      className="mx-auto grid max-w-[1600px] grid-cols-1 [grid-template-areas:'stage''chat''info'] lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:[grid-template-areas:'stage_chat''info_chat']"
      data-vod-key={info.vod_key}
      data-broadcast-state={info.state}
    >
      <div className="[grid-area:stage]">{stage}</div>
      <div className="h-[55vh] min-h-80 [grid-area:chat] lg:sticky lg:top-0 lg:h-[calc(100dvh_-_3.5rem_-_1px)] lg:border-l lg:border-neutral-800">
        <ChatPanel vodKey={info.vod_key} onTitle={setTitle} onClosed={() => void revalidator.revalidate()} onRoom={setRoom} />
      </div>
      <div className="[grid-area:info]">
        {broadcastInfo}
        {info.state === 'live' && (
          <div className="flex flex-wrap gap-2 px-4 pb-4">
            {/* The BJ's own room offers the BJ no gift to themselves, STAR or item (issue 15). */}
            {!ownRoom && <GiftButton vodKey={info.vod_key} bjNick={info.bj.nick} />}
            {!ownRoom && <ItemUseButton vodKey={info.vod_key} />}
            {/* Issue 23: the room's missions (requests and pledges; the BJ and managers run them). */}
            <MissionButton vodKey={info.vod_key} room={room} bj={info.bj} />
            <SupportBjButton bj={info.bj} />
            {/* Issue 22: a signed-in viewer clips the last moments (shown when the BJ allows it). */}
            <ClipButton info={info} />
            {/* Issue 24: a signed-in viewer asks to join the broadcast on camera (the BJ's studio accepts). */}
            <GuestCallButton vodKey={info.vod_key} room={room} bjUserKey={info.bj.user_key} />
          </div>
        )}
        <GiftRankPanel vodKey={info.vod_key} />
      </div>
    </div>
  );
}
