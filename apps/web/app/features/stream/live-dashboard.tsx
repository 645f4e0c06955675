import { LIVE_HEALTH, type LiveWarning, type StreamInfo, type StreamLiveStats, streamEndpoints } from '@byeol/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { formatDuration, formatNumber, kstDate } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { ChatPanel } from '../chat';

type Live = NonNullable<StreamInfo['live']>;

/** A figure of the dashboard: its label, the number, a line under it; `data-stat`/`data-value` for tests. `wide`: the whole row. */
function Tile({
  name,
  label,
  value,
  raw,
  detail,
  wide,
}: {
  name: string;
  label: string;
  value: string;
  raw: number;
  detail?: string;
  wide?: boolean;
}) {
  return (
    <div className={`min-w-0 rounded-xl bg-neutral-50 px-4 py-3 ${wide ? 'col-span-2' : ''}`} data-stat={name} data-value={raw}>
      <dt className="text-xs font-semibold text-neutral-600">{label}</dt>
      <dd className="mt-1 truncate text-2xl font-bold tabular-nums text-neutral-900">{value}</dd>
      {detail && <dd className="mt-0.5 text-xs text-neutral-600">{detail}</dd>}
    </div>
  );
}

/** One row of the stream health list. */
function HealthRow({ name, label, value, detail, bad }: { name: string; label: string; value: string; detail?: string; bad?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2" data-health={name}>
      <dt className="text-sm text-neutral-700">{label}</dt>
      <dd className={`text-right text-sm font-semibold tabular-nums ${bad ? 'text-red-700' : 'text-neutral-900'}`}>
        {value}
        {detail && <span className="block text-xs font-normal text-neutral-600">{detail}</span>}
      </dd>
    </div>
  );
}

/**
 * The BJ's live dashboard on /mypage/stream (issue 15): viewers, STAR and items received this broadcast,
 * the ingest's health (bitrate, fps, keyframe interval, dropped and late frames, the packager's speed)
 * with warnings, and the room's chat with its moderation tools. Asks `stream_live_stats` every
 * LIVE_HEALTH.refreshMs (not while the tab is hidden); once the broadcast is over it shows the final figures
 * and tells the page (`onEnded`).
 */
export function LiveDashboard({ live, onEnded }: { live: Live; onEnded: () => void }) {
  const { t } = useTranslation('stream');
  const lang = useLang();
  const star = useStarName();
  const cubic = useSite()?.site.site_terms.CURRENCY_ITEM_NAME || 'CUBIC';
  const [stats, setStats] = useState<StreamLiveStats | null>(null);
  const [error, setError] = useState('');
  const [chatOpen, setChatOpen] = useState(true);
  const ended = stats !== null && stats.state !== 'live';
  const latest = useRef(onEnded);
  latest.current = onEnded;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (!stopped) timer = setTimeout(() => void tick(), LIVE_HEALTH.refreshMs);
    };
    async function tick() {
      if (document.visibilityState === 'hidden') return next();
      const res = await send(() => api.call(streamEndpoints.liveStats, { vod_key: live.vod_key }), t('dashboard.error'));
      if (stopped) return;
      if (isOk(res)) {
        setStats(res.rslt_set);
        setError('');
        if (res.rslt_set.state !== 'live') {
          latest.current();
          return;
        }
      } else {
        setError(res.rslt_msg || t('dashboard.error'));
      }
      next();
    }
    // Back to a visible tab: fresh figures at once.
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || stopped) return;
      clearTimeout(timer);
      void tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [live.vod_key, t]);

  const n = (v: number) => formatNumber(v, lang);
  // Seconds to one decimal: 1,250 ms → 1.3.
  const sec = (ms: number) => formatNumber(Math.round(ms / 100) / 10, lang);
  const ingest = stats?.ingest ?? null;
  const latency = stats?.viewer_latency ?? null;
  const warningText = (w: LiveWarning): string => {
    switch (w) {
      case 'no_data':
        return t('dashboard.warning.no_data', { sec: n(LIVE_HEALTH.noDataSec) });
      case 'keyframe_interval':
        return t('dashboard.warning.keyframe_interval', { sec: n(ingest?.keyframe_interval_sec ?? 0) });
      case 'bitrate_spike':
      case 'bitrate_drop':
        return t(`dashboard.warning.${w}`, { n: n(ingest?.bitrate_kbps ?? 0), median: n(ingest?.bitrate_median_kbps ?? 0) });
    }
  };

  let health: ReactNode;
  if (ended) {
    health = <p className="text-sm text-neutral-600">{t('dashboard.endedNote')}</p>;
  } else if (!ingest) {
    health = <p className="text-sm text-neutral-600">{stats ? t('dashboard.healthWaiting') : t('dashboard.loading')}</p>;
  } else {
    const droppedPct = ingest.frames > 0 ? Math.round((ingest.dropped_frames / (ingest.frames + ingest.dropped_frames)) * 1000) / 10 : 0;
    health = (
      <>
        <dl className="divide-y divide-neutral-200">
          <HealthRow
            name="bitrate"
            label={t('dashboard.bitrate')}
            value={t('dashboard.bitrateValue', { n: n(ingest.bitrate_kbps) })}
            detail={[
              t('dashboard.bitrateVideo', { n: n(ingest.video_kbps) }),
              // The minute's median once 20 s are known.
              ...(ingest.bitrate_median_kbps > 0 ? [t('dashboard.bitrateMedian', { n: n(ingest.bitrate_median_kbps) })] : []),
            ].join(' · ')}
            bad={stats?.warnings.includes('bitrate_drop') || stats?.warnings.includes('bitrate_spike')}
          />
          <HealthRow
            name="fps"
            label={t('dashboard.fps')}
            value={t('dashboard.fpsValue', { n: n(ingest.fps) })}
            {...(ingest.declared_fps ? { detail: t('dashboard.fpsDetail', { n: n(ingest.declared_fps) }) } : {})}
          />
          <HealthRow
            name="keyframe"
            label={t('dashboard.keyframe')}
            value={ingest.keyframe_interval_sec ? t('dashboard.keyframeValue', { n: n(ingest.keyframe_interval_sec) }) : '—'}
            bad={stats?.warnings.includes('keyframe_interval')}
          />
          {ingest.width > 0 && <HealthRow name="resolution" label={t('dashboard.resolution')} value={`${ingest.width}×${ingest.height}`} />}
          <HealthRow
            name="dropped"
            label={t('dashboard.dropped')}
            value={t('dashboard.droppedValue', { n: n(ingest.dropped_frames), pct: n(droppedPct) })}
            bad={droppedPct >= 1}
          />
          <HealthRow name="late" label={t('dashboard.late')} value={n(ingest.late_frames)} />
          {ingest.packager && (
            <HealthRow
              name="packager"
              label={t('dashboard.packager')}
              value={t('dashboard.packagerValue', { n: n(ingest.packager.speed) })}
              bad={ingest.packager.speed > 0 && ingest.packager.speed < 0.9}
            />
          )}
        </dl>
        <p className="mt-2 text-xs text-neutral-600">{t('dashboard.measured', { sec: n(ingest.data_age_sec) })}</p>
      </>
    );
  }

  return (
    <div data-live-dashboard={live.vod_key} data-state={stats?.state ?? 'live'}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className={`rounded-full px-3 py-1 text-sm font-bold text-white ${ended ? 'bg-neutral-600' : 'bg-red-600'}`}>
          {ended ? t('dashboard.ended') : t('status.live')}
        </span>
        <span className="text-sm text-neutral-600">{t('status.since', { time: kstDate(live.start_date, true) })}</span>
        {stats && (
          <span className="text-sm text-neutral-600 tabular-nums" data-stat="duration">
            {t('dashboard.duration', { time: formatDuration(stats.duration_sec) })}
          </span>
        )}
        <Link
          to={`/play/${encodeURIComponent(live.vod_key)}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-2 hover:underline"
        >
          {t('status.watch')}
        </Link>
      </div>

      <h2 className="mt-4 text-base font-bold">{t('dashboard.title')}</h2>
      {error && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Tile
          name="viewers"
          label={t('dashboard.viewers')}
          value={stats ? n(stats.viewer_cnt) : '—'}
          raw={stats?.viewer_cnt ?? 0}
          {...(stats ? { detail: t('dashboard.peak', { n: n(stats.peak_viewer_cnt) }) } : {})}
        />
        <Tile
          name="star"
          label={t('dashboard.star', { star })}
          value={stats ? n(stats.star_cnt) : '—'}
          raw={stats?.star_cnt ?? 0}
          {...(stats ? { detail: t('dashboard.starDetail', { gifts: n(stats.star_gift_cnt), givers: n(stats.star_giver_cnt) }) } : {})}
        />
        <Tile
          name="items"
          label={t('dashboard.items')}
          value={stats ? n(stats.item_cnt) : '—'}
          raw={stats?.item_cnt ?? 0}
          {...(stats ? { detail: t('dashboard.itemsDetail', { cubic: n(stats.item_cubic), currency: cubic }) } : {})}
        />
        <Tile name="likes" label={t('dashboard.likes')} value={stats ? n(stats.like_cnt) : '—'} raw={stats?.like_cnt ?? 0} />
        {/* Issue 25: how far behind the live edge the viewers' players are, from their heartbeats of the last minute. */}
        {!ended && (
          <Tile
            name="latency"
            wide
            label={t('dashboard.latency')}
            value={latency ? t('dashboard.latencyValue', { p50: sec(latency.p50_ms), p90: sec(latency.p90_ms) }) : '—'}
            raw={latency?.p50_ms ?? 0}
            {...(stats ? { detail: latency ? t('dashboard.latencyDetail', { n: n(latency.reporting) }) : t('dashboard.latencyNone') } : {})}
          />
        )}
      </dl>

      <div aria-live="polite" className="mt-3 space-y-2">
        {stats?.warnings.map((w) => (
          <p key={w} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-warning={w}>
            ⚠ {warningText(w)}
            {w === 'keyframe_interval' && (
              <>
                {' '}
                <Link to="/guide/obs" className="font-semibold underline underline-offset-2">
                  {t('dashboard.guide')}
                </Link>
              </>
            )}
          </p>
        ))}
        {ingest && !ended && stats?.warnings.length === 0 && (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-health-ok>
            {t('dashboard.good')}
          </p>
        )}
      </div>

      <section aria-labelledby="stream-health-title" className="mt-4">
        <h3 id="stream-health-title" className="text-sm font-bold text-neutral-800">
          {t('dashboard.health')}
        </h3>
        <div className="mt-1">{health}</div>
      </section>

      {!ended && (
        <section aria-labelledby="stream-chat-title" className="mt-4">
          <div className="flex items-center justify-between gap-3">
            <h3 id="stream-chat-title" className="text-sm font-bold text-neutral-800">
              {t('dashboard.chat')}
            </h3>
            <button
              type="button"
              className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand hover:underline"
              aria-expanded={chatOpen}
              aria-controls="stream-chat"
              onClick={() => setChatOpen((o) => !o)}
            >
              {chatOpen ? t('dashboard.chatHide') : t('dashboard.chatShow')}
            </button>
          </div>
          <div id="stream-chat">
            {chatOpen && (
              <div className="mt-2 h-[28rem] overflow-hidden rounded-2xl border border-neutral-800" data-dashboard-chat>
                <ChatPanel vodKey={live.vod_key} />
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
