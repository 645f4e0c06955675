import { z } from 'zod';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import { BjReplayMoreSchema, VodMoreSchema } from './play.js';

/** A live broadcast as lists show it (`/pubapi/play_live_list`). */
export interface LiveListItem {
  vod_key: string;
  title: string;
  tags: string[];
  thumbnail: string;
  /** 0 when `viewer_cnt_hidden_yn` is 'Y'. */
  viewer_cnt: number;
  /**
   * 'Y' when the BJ keeps their viewer count private (/mypage/setting `viewer_count_yn` N): `viewer_cnt` (and a
   * replay's `peak_viewer_cnt`) is then 0, never the real figure, and the web shows 비공개 (docs/live-video.md).
   */
  viewer_cnt_hidden_yn: 'Y' | 'N';
  like_cnt: number;
  adult_yn: 'Y' | 'N';
  start_date: string;
  bj: { user_key: number; id: string; nick: string; profile_image: string };
}

/** A replay as lists show it (`/pubapi/play_vod_list`). */
export interface VodListItem extends Omit<LiveListItem, 'viewer_cnt'> {
  peak_viewer_cnt: number;
  end_date: string;
  duration_sec: number;
}

/** A magazine article as lists show it (`/pubapi/magazine_list`). */
export interface MagazineListItem {
  mi_sn: number;
  title: string;
  summary: string;
  image: string;
  view_cnt: number;
  publish_date: string;
}

export const LiveListQuerySchema = PagingSchema.extend({
  /** Sort order of the list. */
  order: z.enum(['viewer', 'recent']).default('viewer'),
});
export const VodListQuerySchema = PagingSchema;
export const MagazineListQuerySchema = PagingSchema;

/** The public lists' calls (live list, replays, magazine), declared once for the server, the web and the tests. */
export const contentEndpoints = {
  vodList: endpoint<ListSet<VodListItem>>()({
    method: 'GET',
    path: '/pubapi/play_vod_list',
    request: VodListQuerySchema,
    tags: ['live'],
    summary: 'Replays of ended broadcasts',
  }),
  bjReplays: endpoint<ListSet<VodListItem> & { total_count: number }>()({
    method: 'POST',
    path: '/channel/bj_replay_more',
    request: BjReplayMoreSchema,
    tags: ['live'],
    summary: "One broadcaster's replays, paginated (SPEC §7)",
  }),
  magazineList: endpoint<ListSet<MagazineListItem>>()({
    method: 'GET',
    path: '/pubapi/magazine_list',
    request: MagazineListQuerySchema,
    tags: ['community'],
    summary: 'Published magazine articles, newest first',
  }),
  /** Answered from the in-memory live snapshot, serialised once per page and language. */
  liveList: endpoint<ListSet<LiveListItem>>()({
    method: 'GET',
    path: '/pubapi/play_live_list',
    request: LiveListQuerySchema,
    tags: ['live'],
    summary: 'Broadcasts live now (from the in-memory live snapshot)',
  }),
  vodMore: endpoint<ListSet<VodListItem> & { total_count: number }>()({
    method: 'POST',
    path: '/broadcast/vod_more',
    request: VodMoreSchema,
    tags: ['live'],
    summary: 'Replays, paginated (SPEC §7; total_count)',
  }),
} as const;
