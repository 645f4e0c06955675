import type { ClipItem } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { HLS_REPLAY_CONFIG } from '../play';

/**
 * A clip's video: a clip (kind 'clip') is an MP4 played by the <video> itself; a short is an HLS playlist,
 * played through hls.js (imported only then, so it stays out of the page's first load) or by the browser
 * itself where it plays HLS (Safari). `onPlaying` fires at the first frame played (the view is counted then).
 * Autoplay with sound is often refused: the video then starts muted and `onMuted` says so.
 */
export function ClipVideo({
  item,
  muted,
  controls = false,
  loop = false,
  onPlaying,
  onMutedChange,
  className = '',
}: {
  item: Pick<ClipItem, 'clip_key' | 'kind' | 'video_url' | 'thumbnail' | 'title'>;
  muted: boolean;
  controls?: boolean;
  loop?: boolean;
  onPlaying?: () => void;
  onMutedChange?: (muted: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation('clips');
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ onPlaying, onMutedChange });
  latest.current = { onPlaying, onMutedChange };

  // The sound follows the caller (React does not keep the `muted` property in step).
  useEffect(() => {
    const video = ref.current;
    if (video) video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !item.video_url) return;
    let cancelled = false;
    let destroy = () => {};
    let played = false;
    setFailed(false);
    const onPlay = () => {
      if (played) return;
      played = true;
      latest.current.onPlaying?.();
    };
    const onVolume = () => latest.current.onMutedChange?.(video.muted);
    video.addEventListener('playing', onPlay);
    video.addEventListener('volumechange', onVolume);
    // Sound refused without a tap: start muted rather than not at all.
    const start = () =>
      void video.play().catch(() => {
        if (cancelled || video.muted) return;
        video.muted = true;
        void video.play().catch(() => {});
      });

    const plain = () => {
      const onError = () => !cancelled && setFailed(true);
      video.addEventListener('error', onError);
      video.src = item.video_url;
      start();
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    };

    if (item.kind === 'short') {
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            if (video.canPlayType('application/vnd.apple.mpegurl')) plain();
            else setFailed(true);
            return;
          }
          const hls = new Hls({ ...HLS_REPLAY_CONFIG });
          hls.on(Hls.Events.MANIFEST_PARSED, start);
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal && !cancelled) setFailed(true);
          });
          hls.loadSource(item.video_url);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        })
        .catch(() => !cancelled && setFailed(true));
    } else {
      plain();
    }
    return () => {
      cancelled = true;
      video.removeEventListener('playing', onPlay);
      video.removeEventListener('volumechange', onVolume);
      destroy();
    };
  }, [item.video_url, item.kind]);

  return (
    <div className={`relative bg-black ${className}`} data-clip-video={item.clip_key}>
      <video
        ref={ref}
        className="h-full w-full object-contain"
        poster={item.thumbnail || undefined}
        controls={controls}
        loop={loop}
        muted={muted}
        playsInline
        autoPlay
        preload="auto"
        aria-label={item.title || t('feed.videoLabel')}
      />
      {failed && (
        <p role="alert" className="absolute inset-0 flex items-center justify-center bg-black/70 px-4 text-center text-sm text-white">
          {t('feed.videoFailed')}
        </p>
      )}
    </div>
  );
}
