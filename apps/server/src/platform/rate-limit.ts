import type { Bus } from './bus.js';
import { AppError } from './errors.js';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Counts one hit against each limit; the first one over its maximum refuses the call with HTTP 429 and
 * SPEC §8's 'retry in {num} minutes'. Counters live on the bus, so every process shares them.
 */
export async function enforceLimits(bus: Bus, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { count, resetMs } = await bus.counters.hit(`rl:${limit.key}`, limit.windowMs);
    if (count > limit.max) throw new AppError('RATE_LIMITED', { num: Math.max(1, Math.ceil(resetMs / 60_000)) }, 429);
  }
}
