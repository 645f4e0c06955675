import { QUALITIES, type Quality } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLV_LIVE_CONFIG, HLS_LIVE_CONFIG, HLS_REPLAY_CONFIG } from './player-config';

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

type Mode = 'hls' | 'ultra';

/** high, normal, low first (in that order), anything else after them. */
const rank = (name: string) => {
  const i = (QUALITIES as readonly string[]).indexOf(name);
  return i === -1 ? QUALITIES.length : i;
};

const selectClass = 'rounded border border-neutral-600 bg-neutral-900 px-2 py-1 text-sm text-white disabled:opacity-50';

/**
 * The player of /play and /vod. HLS through hls.js (Safari plays HLS itself), with a quality selector
 * built from the master playlist's levels (auto by default). While live, the latency switch plays the
 * ultra-low-latency HTTP-FLV through mpegts.js instead, and falls back to HLS when mpegts.js is not
 * supported here or fails. The players are loaded in the browser only (never during SSR).
 */
export function Player({ hlsUrl, flvUrl, live }: { hlsUrl: string; flvUrl: string; live: boolean }) {
  const { t } = useTranslation('play');
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<{ currentLevel: number } | null>(null);
  const [levels, setLevels] = useState<PlayerLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [mode, setMode] = useState<Mode>('hls');
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    setFailed(false);

    const fallBack = () => {
      if (cancelled) return;
      setNotice(t('player.fallback'));
      setMode('hls');
    };

    async function startHls(el: HTMLVideoElement) {
      const { default: Hls } = await import('hls.js');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls(live ? { ...HLS_LIVE_CONFIG } : { ...HLS_REPLAY_CONFIG });
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          // Best first, as SPEC §1 names them (hls.js keeps its levels by ascending bitrate).
          const named = data.levels.map((l, index) => ({ index, name: levelName(l), bitrate: l.bitrate }));
          named.sort((a, b) => rank(a.name) - rank(b.name) || b.bitrate - a.bitrate);
          setLevels(named.map(({ index, name }) => ({ index, name })));
          void el.play().catch(() => {});
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setFailed(true);
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(el);
        hlsRef.current = hls;
        destroy = () => {
          hls.destroy();
          hlsRef.current = null;
        };
      } else if (el.canPlayType('application/vnd.apple.mpegurl')) {
        el.src = hlsUrl;
        void el.play().catch(() => {});
        destroy = () => {
          el.removeAttribute('src');
          el.load();
        };
      } else {
        setFailed(true);
      }
    }

    async function startFlv(el: HTMLVideoElement) {
      const { default: mpegts } = await import('mpegts.js');
      if (cancelled) return;
      if (!mpegts.isSupported() || !mpegts.getFeatureList().mseLivePlayback) return fallBack();
      const player = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: new URL(flvUrl, window.location.href).href },
        { ...FLV_LIVE_CONFIG },
      );
      player.on(mpegts.Events.ERROR, () => fallBack());
      player.attachMediaElement(el);
      player.load();
      void Promise.resolve(player.play()).catch(() => {});
      destroy = () => {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      };
    }

    setLevels([]);
    setLevel(-1);
    if (mode === 'ultra' && flvUrl) void startFlv(video).catch(fallBack);
    else void startHls(video).catch(() => setFailed(true));
    return () => {
      cancelled = true;
      destroy();
    };
  }, [hlsUrl, flvUrl, mode, live, t]);

  const chooseLevel = (index: number) => {
    setLevel(index);
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };

  return (
    <div className="bg-black" data-player data-mode={mode}>
      <div className="relative aspect-video">
        <video ref={videoRef} className="h-full w-full" controls muted playsInline autoPlay aria-label={t('player.label')} />
        {live && (
          <span className="absolute left-3 top-3 rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white" data-live-badge>
            {t('badge.live')}
          </span>
        )}
        {failed && (
          <p role="alert" className="absolute inset-x-0 bottom-12 mx-auto w-fit rounded bg-black/80 px-3 py-2 text-sm text-white">
            {t('player.error')}
          </p>
        )}
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
        {notice && (
          <p role="status" className="text-amber-300">
            {notice}
          </p>
        )}
      </div>
    </div>
  );
}
