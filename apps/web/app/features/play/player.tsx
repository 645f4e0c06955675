import { QUALITIES, type Quality } from '@byeol/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { FLV_LIVE_CONFIG, HLS_LIVE_CONFIG, HLS_LIVE_FALLBACK, HLS_REPLAY_CONFIG, LIVE_BEHIND_SEC } from './player-config';
import { MEDIA_RECOVERIES, nextStep, type PlayerMode, type PlayerStatus } from './player-recovery';

/** A quality level of the master playlist, as the selector lists it. */
export interface PlayerLevel {
  index: number;
  /** high, normal or low when the playlist names it (the ingest does), else the height. */
  name: string;
}

/** The level's SPEC §1 name from the master playlist (`name:` of the variant, or its folder), else `{height}p`. */
export function levelName(level: { name?: string; url?: string[]; height?: number }): string {
  if (level.name && (QUALITIES as readonly string[]).includes(level.name)) return level.name;
  const folder = (level.url ?? []).map((u) => /(?:^|\/)(high|normal|low)\/[^/]*$/.exec(u)?.[1]).find(Boolean);
  if (folder) return folder;
  return level.height ? `${level.height}p` : (level.name ?? '?');
}

/** high, normal, low first (in that order), anything else after them. */
const rank = (name: string) => {
  const i = (QUALITIES as readonly string[]).indexOf(name);
  return i === -1 ? QUALITIES.length : i;
};

/**
 * The live edge as the running player knows it (issue 25): how far behind it the viewer is, and the jump back.
 * hls.js: its `latency` (the playlist's edge, advanced by the time since it loaded, minus the playhead) and
 * `liveSyncPosition` (where it would play at its target latency). Ultra-low (mpegts.js): the end of what is
 * buffered. Safari's own HLS: the end of the seekable range, behind which it keeps 3 s (no latency reported).
 */
interface LiveEdge {
  /** Seconds behind the live edge, or null when unknown. */
  latency(): number | null;
  /** Seconds behind where the player would be when live, or null when unknown. */
  behind(): number | null;
  /** Moves the playhead there. */
  jump(): void;
}

/** Safari's own HLS: where the jump back to live puts the playhead, before the seekable end (three 1 s segments). */
const NATIVE_HOLD_BACK_SEC = 3;

const selectClass = 'rounded border border-neutral-600 bg-neutral-900 px-2 py-1 text-sm text-white disabled:opacity-50';

/**
 * The player of /play and /vod. HLS through hls.js (Safari plays HLS itself), with a quality selector
 * built from the master playlist's levels (auto by default). While live, the latency switch plays the
 * ultra-low-latency HTTP-FLV through mpegts.js instead, and falls back to HLS when mpegts.js is not
 * supported here or keeps failing. A player that fails (a room opened before its first segment, a dropped
 * connection, a decoder error) is started again with backoff (player-recovery.ts) while the viewer sees
 * "connecting" or "reconnecting" over the video. The players are loaded in the browser only (never during SSR).
 */
export function Player({
  hlsUrl,
  flvUrl,
  live,
  rewriteUrl,
  overlay,
  controls,
  onLatency,
}: {
  hlsUrl: string;
  flvUrl: string;
  live: boolean;
  /**
   * While live, every second: how far (s) behind the live edge the playing video is, null while it is not
   * playing or the player cannot tell. The play page's heartbeat carries it to the BJ's dashboard.
   */
  onLatency?: (seconds: number | null) => void;
  /** Drawn over the video, above everything else (the gift cards of the play page); it must not take clicks. */
  overlay?: ReactNode;
  /** More controls in the row under the video (the gift cards' switch). */
  controls?: ReactNode;
  /**
   * Rewrites the URL of every media request (the master and child playlists, the segments, the FLV stream):
   * a concert's player puts its current media token on each (issue 22). Read at each request, so a renewed
   * token needs no new player.
   */
  rewriteUrl?: (url: string) => string;
}) {
  const { t } = useTranslation('play');
  const rewriteRef = useRef(rewriteUrl);
  rewriteRef.current = rewriteUrl;
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<{ currentLevel: number } | null>(null);
  const edgeRef = useRef<LiveEdge | null>(null);
  const onLatencyRef = useRef(onLatency);
  onLatencyRef.current = onLatency;
  // Paused, or more than LIVE_BEHIND_SEC behind the live edge: the LIVE badge becomes the jump back.
  const [behindLive, setBehindLive] = useState(false);
  const levelRef = useRef(-1);
  const [levels, setLevels] = useState<PlayerLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [mode, setMode] = useState<PlayerMode>('hls');
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState<PlayerStatus>('connecting');
  // Bumped by the retry button: the whole player starts again.
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the retry button's: the whole player starts again.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let played = false;
    const rewrite = (url: string) => rewriteRef.current?.(url) ?? url;
    setStatus('connecting');
    setLevels([]);

    const teardown = () => {
      const d = destroy;
      destroy = () => {};
      d();
    };

    const fallBack = () => {
      if (cancelled) return;
      setNotice(t('player.fallback'));
      setMode('hls');
    };

    /** The current player failed: start a new one after a pause, fall back, or give up. */
    const retry = () => {
      if (cancelled) return;
      teardown();
      clearTimeout(timer);
      failures += 1;
      const step = nextStep(failures, { live, mode });
      if (step.kind === 'fallback') return fallBack();
      if (step.kind === 'give-up') return setStatus('failed');
      setStatus(played ? 'reconnecting' : 'connecting');
      timer = setTimeout(start, step.delayMs);
    };

    const onPlaying = () => {
      failures = 0;
      played = true;
      setStatus('playing');
    };
    const onWaiting = () => setStatus((s) => (s === 'playing' ? 'buffering' : s));
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);

    async function startHls(el: HTMLVideoElement) {
      const { default: Hls } = await import('hls.js');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const config = live ? { ...HLS_LIVE_CONFIG } : { ...HLS_REPLAY_CONFIG };
        // hls.js's default loader is XMLHttpRequest: xhrSetup opens each request on the rewritten URL.
        const hls = new Hls(
          rewriteRef.current ? { ...config, xhrSetup: (xhr: XMLHttpRequest, url: string) => xhr.open('GET', rewrite(url), true) } : config,
        );
        // On the instance, not in the config above: so an LL-HLS playlist's PART-HOLD-BACK still wins (player-config.ts).
        if (live) Object.assign(hls.config, HLS_LIVE_FALLBACK);
        let recoveries = 0;
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          // Best first, as SPEC §1 names them (hls.js keeps its levels by ascending bitrate).
          const named = data.levels.map((l, index) => ({ index, name: levelName(l), bitrate: l.bitrate }));
          named.sort((a, b) => rank(a.name) - rank(b.name) || b.bitrate - a.bitrate);
          setLevels(named.map(({ index, name }) => ({ index, name })));
          // A viewer's choice of quality outlives a reconnection.
          if (levelRef.current >= 0 && levelRef.current < data.levels.length) hls.currentLevel = levelRef.current;
          void el.play().catch(() => {});
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A decoder hiccup: hls.js's own recovery first. Anything else (the manifest, a playlist or a
          // segment that would not load, even after hls.js's own retries): a new player after a pause.
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && recoveries < MEDIA_RECOVERIES) {
            recoveries += 1;
            hls.recoverMediaError();
            return;
          }
          retry();
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(el);
        hlsRef.current = hls;
        edgeRef.current = {
          latency: () => (hls.latency > 0 ? hls.latency : null),
          behind: () => (hls.liveSyncPosition === null ? null : hls.liveSyncPosition - el.currentTime),
          jump: () => {
            if (hls.liveSyncPosition !== null) el.currentTime = hls.liveSyncPosition;
          },
        };
        destroy = () => {
          hls.destroy();
          hlsRef.current = null;
          edgeRef.current = null;
        };
      } else if (el.canPlayType('application/vnd.apple.mpegurl')) {
        const onError = () => retry();
        el.addEventListener('error', onError);
        el.src = rewrite(hlsUrl);
        void el.play().catch(() => {});
        const end = () => (el.seekable.length ? el.seekable.end(el.seekable.length - 1) : null);
        edgeRef.current = {
          latency: () => null,
          behind: () => null,
          jump: () => {
            const e = end();
            if (e !== null) el.currentTime = Math.max(el.currentTime, e - NATIVE_HOLD_BACK_SEC);
          },
        };
        destroy = () => {
          edgeRef.current = null;
          el.removeEventListener('error', onError);
          el.removeAttribute('src');
          el.load();
        };
      } else {
        setStatus('failed');
      }
    }

    async function startFlv(el: HTMLVideoElement) {
      const { default: mpegts } = await import('mpegts.js');
      if (cancelled) return;
      if (!mpegts.isSupported() || !mpegts.getFeatureList().mseLivePlayback) return fallBack();
      const player = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: new URL(rewrite(flvUrl), window.location.href).href },
        { ...FLV_LIVE_CONFIG },
      );
      // A network or decoder error, or the stream closing under a live room: connect again.
      player.on(mpegts.Events.ERROR, () => retry());
      player.on(mpegts.Events.LOADING_COMPLETE, () => retry());
      player.attachMediaElement(el);
      player.load();
      void Promise.resolve(player.play()).catch(() => {});
      const end = () => (el.buffered.length ? el.buffered.end(el.buffered.length - 1) : null);
      const latency = () => {
        const e = end();
        return e === null ? null : Math.max(0, e - el.currentTime);
      };
      edgeRef.current = {
        latency,
        behind: latency,
        jump: () => {
          const e = end();
          if (e !== null) el.currentTime = Math.max(el.currentTime, e - FLV_LIVE_CONFIG.liveBufferLatencyMinRemain);
        },
      };
      destroy = () => {
        edgeRef.current = null;
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      };
    }

    function start() {
      if (cancelled) return;
      if (mode === 'ultra' && flvUrl) void startFlv(video as HTMLVideoElement).catch(retry);
      else void startHls(video as HTMLVideoElement).catch(retry);
    }

    start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
      teardown();
    };
  }, [hlsUrl, flvUrl, mode, live, t, round]);

  // While live: every second (and at once on pause, play or a seek) whether the viewer is behind the live edge,
  // and the latency for the heartbeat while the video plays.
  useEffect(() => {
    const video = videoRef.current;
    if (!live || !video) return;
    const check = () => {
      const edge = edgeRef.current;
      const started = status === 'playing' || status === 'buffering';
      const behind = edge?.behind() ?? null;
      setBehindLive(started && (video.paused || (behind !== null && behind > LIVE_BEHIND_SEC)));
      onLatencyRef.current?.(status === 'playing' && !video.paused ? (edge?.latency() ?? null) : null);
    };
    check();
    const timer = setInterval(check, 1000);
    const events = ['pause', 'play', 'seeked'] as const;
    for (const e of events) video.addEventListener(e, check);
    return () => {
      clearInterval(timer);
      for (const e of events) video.removeEventListener(e, check);
    };
  }, [live, status]);
  const goLive = () => {
    const video = videoRef.current;
    if (!video) return;
    edgeRef.current?.jump();
    setBehindLive(false);
    void video.play().catch(() => undefined);
  };

  // Starts muted (autoplay); the badge goes once the sound is on, by it or by the video's own controls.
  const [muted, setMuted] = useState(true);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const sync = () => setMuted(video.muted || video.volume === 0);
    video.addEventListener('volumechange', sync);
    return () => video.removeEventListener('volumechange', sync);
  }, []);
  const unmute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    if (video.volume === 0) video.volume = 1;
    void video.play().catch(() => undefined);
  };

  const chooseLevel = (index: number) => {
    setLevel(index);
    levelRef.current = index;
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };

  return (
    <div className="bg-black" data-player data-mode={mode} data-state={status}>
      <div className="relative aspect-video">
        <video ref={videoRef} className="h-full w-full" controls muted playsInline autoPlay aria-label={t('player.label')} />
        {muted && status === 'playing' && (
          // Browsers only autoplay muted video: one tap turns the sound on (issue 15).
          <button
            type="button"
            className="absolute right-3 top-3 flex min-h-11 items-center gap-2 rounded-full bg-black/70 px-4 text-sm font-semibold text-white hover:bg-black/85"
            onClick={unmute}
            data-unmute
          >
            <span aria-hidden="true">🔇</span>
            {t('player.unmute')}
          </button>
        )}
        {live &&
          (behindLive ? (
            // Paused or fallen behind: one tap back to the live edge, playing (issue 25).
            <button
              type="button"
              className="absolute left-3 top-3 flex min-h-11 items-center gap-2 rounded-full bg-black/70 px-4 text-sm font-semibold text-white hover:bg-black/85"
              onClick={goLive}
              data-live-jump
            >
              <span className="h-2 w-2 rounded-full bg-neutral-400" aria-hidden="true" />
              {t('player.goLive')}
            </button>
          ) : (
            <span className="absolute left-3 top-3 rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white" data-live-badge>
              {t('badge.live')}
            </span>
          ))}
        {(status === 'connecting' || status === 'reconnecting' || status === 'buffering') && (
          <div
            className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/40 text-sm text-white"
            aria-live="polite"
            data-player-overlay
          >
            <span className="h-9 w-9 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" />
            {status !== 'buffering' && <span>{t(`player.${status}`)}</span>}
          </div>
        )}
        {status === 'failed' && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/70 px-4 text-center text-sm text-white"
          >
            <p>{t('player.error')}</p>
            <button
              type="button"
              className="rounded bg-violet-600 px-3 py-1.5 font-semibold text-white"
              onClick={() => setRound((r) => r + 1)}
            >
              {t('player.retry')}
            </button>
          </div>
        )}
        {overlay}
      </div>
      <div className="flex flex-wrap items-center gap-4 px-3 py-2 text-sm text-neutral-200">
        <label className="flex items-center gap-2">
          {t('player.quality')}
          <select
            className={selectClass}
            value={level}
            disabled={mode === 'ultra' || levels.length === 0}
            onChange={(e) => chooseLevel(Number(e.target.value))}
            data-quality
          >
            <option value={-1}>{t('player.auto')}</option>
            {levels.map((l) => (
              <option key={l.index} value={l.index} data-level={l.name}>
                {(QUALITIES as readonly string[]).includes(l.name) ? t(`player.${l.name as Quality}`) : l.name}
              </option>
            ))}
          </select>
        </label>
        {live && flvUrl && (
          <fieldset className="flex items-center gap-2" data-latency>
            <legend className="sr-only">{t('player.latency')}</legend>
            <span aria-hidden="true">{t('player.latency')}</span>
            {(['hls', 'ultra'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => {
                  setNotice(null);
                  setMode(m);
                }}
                className={`rounded px-2 py-1 ${mode === m ? 'bg-violet-600 text-white' : 'bg-neutral-800 text-neutral-300'}`}
              >
                {m === 'hls' ? t('player.latencyNormal') : t('player.latencyUltra')}
              </button>
            ))}
          </fieldset>
        )}
        {controls}
        {notice && (
          <p role="status" className="text-amber-300">
            {notice}
          </p>
        )}
      </div>
    </div>
  );
}
