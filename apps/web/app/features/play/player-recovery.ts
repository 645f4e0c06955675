/**
 * How the player gets its video back after a failure (a room opened before its first segment, a network
 * drop, a server restart, a decoder error): it tears the player down and starts it again after a
 * growing pause, shows "connecting" or "reconnecting" meanwhile, and starts counting afresh once the video
 * plays. A live room keeps trying while it is live; a replay and the ultra-low mode give up after a few
 * tries (the replay offers a retry button, the ultra-low mode falls back to HLS).
 */
export const RETRY_BASE_MS = 500;
export const RETRY_MAX_MS = 8000;
export const REPLAY_MAX_TRIES = 6;
export const ULTRA_MAX_TRIES = 3;
/** hls.js's own decoder recovery (recoverMediaError) is tried this often before a full restart. */
export const MEDIA_RECOVERIES = 2;

/** The pause before the try after `failures` failed ones in a row: 0.5 s, 1 s, 2 s, 4 s, then 8 s each. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures));
}

export type PlayerMode = 'hls' | 'ultra';

/** What to do after `failures` failed tries in a row: try again after `delayMs`, fall back to HLS, or give up. */
export function nextStep(
  failures: number,
  { live, mode }: { live: boolean; mode: PlayerMode },
): { kind: 'retry'; delayMs: number } | { kind: 'fallback' } | { kind: 'give-up' } {
  if (mode === 'ultra' && failures >= ULTRA_MAX_TRIES) return { kind: 'fallback' };
  if (!live && failures >= REPLAY_MAX_TRIES) return { kind: 'give-up' };
  return { kind: 'retry', delayMs: retryDelayMs(failures - 1) };
}

/** What the viewer is told over the video. */
export type PlayerStatus = 'connecting' | 'playing' | 'buffering' | 'reconnecting' | 'failed';
