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
});
export type BroadcastFreezeReq = z.infer<typeof BroadcastFreezeSchema>;

/** Answer of broadcast_freeze_proc. */
export interface BroadcastFreezeSet {
  vod_key: string;
  state: 'frozen';
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
