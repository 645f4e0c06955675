import { z } from 'zod';
import { endpoint } from './endpoints.js';

/**
 * The media role's calls (docs/live-video.md, "Ingest and media"). Broadcasts are created by publishing
 * with a stream key, not by a call; an operator can freeze one.
 */

/** POST /admin/broadcast_freeze_proc: an operator cuts a live broadcast (SPEC §4 'frozen by an administrator'). */
export const BroadcastFreezeSchema = z.object({
  /** The live broadcast's vod_key. */
  vod_key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
  /** Also suspend the BJ's broadcasting for this many hours (0: the next publish is a new broadcast). */
  suspend_hours: z.coerce.number().int().min(0).max(87_600).default(0),
  /** The reason the BJ sees (required with suspend_hours). */
  reason: z.string().trim().max(200).default(''),
});
export type BroadcastFreezeReq = z.infer<typeof BroadcastFreezeSchema>;

/** Answer of broadcast_freeze_proc. */
export interface BroadcastFreezeSet {
  vod_key: string;
  state: 'frozen';
  /** The broadcasting suspension that came with the freeze, if one was asked for. */
  suspended_until: string | null;
}

/** The media role's calls under /v1, declared once for the server, the web and the tests. */
export const mediaEndpoints = {
  freeze: endpoint<BroadcastFreezeSet>()({
    method: 'POST',
    path: '/admin/broadcast_freeze_proc',
    request: BroadcastFreezeSchema,
    tags: ['media'],
    summary: 'Freeze a live broadcast (operators): the ingest is cut',
  }),
} as const;
