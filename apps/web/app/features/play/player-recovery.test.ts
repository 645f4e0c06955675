import { describe, expect, it } from 'vitest';
import { nextStep, REPLAY_MAX_TRIES, retryDelayMs, ULTRA_MAX_TRIES } from './player-recovery';

describe('player recovery', () => {
  it('waits longer after each failure in a row, up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('keeps a live room trying, gives a replay up and sends the ultra-low mode back to HLS', () => {
    expect(nextStep(1, { live: true, mode: 'hls' })).toEqual({ kind: 'retry', delayMs: 500 });
    expect(nextStep(50, { live: true, mode: 'hls' })).toEqual({ kind: 'retry', delayMs: 8000 });
    expect(nextStep(REPLAY_MAX_TRIES - 1, { live: false, mode: 'hls' }).kind).toBe('retry');
    expect(nextStep(REPLAY_MAX_TRIES, { live: false, mode: 'hls' })).toEqual({ kind: 'give-up' });
    expect(nextStep(ULTRA_MAX_TRIES - 1, { live: true, mode: 'ultra' }).kind).toBe('retry');
    expect(nextStep(ULTRA_MAX_TRIES, { live: true, mode: 'ultra' })).toEqual({ kind: 'fallback' });
  });
});
