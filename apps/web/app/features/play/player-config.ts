/**
 * The players' settings, shared with bench/live-latency so the benchmark measures exactly what ships.
 * HLS (issue 25): hls.js in low-latency mode (parts, blocking playlist reload) aims at the playlist's
 * PART-HOLD-BACK (0.63 s on the LL-HLS playlists), and speeds up to 1.5× to get back there after a slow
 * start or a stall (at the default rate of 1 the first load's delay stays all session). It speeds up only
 * while more than 1 s is buffered, so on LL-HLS it settles about 1.1 s behind the edge rather than at
 * 0.63 s (one viewer on this machine, 2026-11-28; plain HLS: 2.1 s). Ultra-low: mpegts.js on HTTP-FLV
 * without a stash buffer, chasing the live edge when more than 0.5 s is buffered.
 */
export const HLS_LIVE_CONFIG = {
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1.5,
  backBufferLength: 30,
} as const;

/**
 * For a live playlist without a hold-back (plain HLS, as ffmpeg writes it): two 1 s segments behind the
 * live edge, and a jump forward past five. Not part of the config handed to `new Hls()`: hls.js 1.7
 * (latency-controller `targetLatency`) lets a liveSyncDurationCount the caller set win over the playlist's
 * PART-HOLD-BACK. So the player puts these on the instance's own config after creating it
 * (`Object.assign(hls.config, HLS_LIVE_FALLBACK)`), where hls.js reads them only when the playlist names
 * no hold-back (and the jump forward always).
 */
export const HLS_LIVE_FALLBACK = {
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 5,
} as const;

/** Further behind the live edge than this (s), the player offers the jump back to live (issue 25). */
export const LIVE_BEHIND_SEC = 3;

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
  // No stash buffer; a seek to 0.15 s from the buffered end when more than 0.5 s is buffered (the join, whose
  // first second is node-media-server's GOP cache); then playing at 1.1× while more than 0.3 s is buffered,
  // back to 1× at 0.2 s, so wherever the join or a stall left the buffer it comes back to 0.2–0.3 s without a
  // seek. bench/live-latency (2026-11-28, docs/live-video.md): 0.33 s p50 glass to glass against 0.46–0.51 s
  // with the seek alone, whose buffer stayed wherever the join left it (0.25–0.39 s). HLS stays the steadier default.
  enableStashBuffer: false,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 0.5,
  liveBufferLatencyMinRemain: 0.15,
  liveSync: true,
  liveSyncMaxLatency: 0.3,
  liveSyncTargetLatency: 0.2,
  liveSyncPlaybackRate: 1.1,
} as const;
