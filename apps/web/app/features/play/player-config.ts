/**
 * The players' settings, shared with bench/live-latency so the benchmark measures exactly what ships.
 * HLS: two 1 s segments behind the live edge, and speeding up to 1.2× to get back there after a slow start
 * or a stall (at the default rate of 1 the first load's delay stays all session). Ultra-low: mpegts.js on
 * HTTP-FLV without a stash buffer, chasing the live edge when more than 0.5 s is buffered.
 */
export const HLS_LIVE_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 5,
  maxLiveSyncPlaybackRate: 1.2,
  backBufferLength: 30,
} as const;

/**
 * Replays: read ahead about 20 s (at most 40 s or 20 MB), not the whole file: hls.js's defaults let a fast
 * connection pull ~50 MB in the first seconds (issue 15), which a phone on mobile data pays for.
 */
export const HLS_REPLAY_CONFIG = {
  backBufferLength: 60,
  maxBufferLength: 20,
  maxMaxBufferLength: 40,
  maxBufferSize: 20 * 1000 * 1000,
} as const;

export const FLV_LIVE_CONFIG = {
  enableWorker: false,
  lazyLoad: false,
  // No stash buffer and a tight chase: 0.70 s p50 against 1.21 s with a 0.9 s chase (bench/live-latency,
  // 2026-11-22); HLS stays the steadier default.
  enableStashBuffer: false,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 0.5,
  liveBufferLatencyMinRemain: 0.15,
} as const;
