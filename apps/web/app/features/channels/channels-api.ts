import {
  type ChannelImageKind,
  channelsEndpoints,
  contentEndpoints,
  type EndpointAnswer,
  type EndpointInput,
  type MessageBox,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';

/**
 * The channel calls of issue 17 from the browser (packages/contract/src/channels.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language (rslt_msg), a network
 * failure `fallback`.
 */

/** Rows per page of every channel list (fans, comments, replays, follows, fan clubs, blocks, messages). */
export const CHANNEL_PAGE_SIZE = 20;

export type FanKind = 'fan' | 'vip';

/** `?kind=` of the fan tab: the VIP ranking, or the fan club (the default). */
export const fanKindOf = (value: string | null | undefined): FanKind => (value === 'vip' ? 'vip' : 'fan');

/** One broadcaster's replays (SPEC §7 POST /channel/bj_replay_more). */
export type BjReplaySet = EndpointAnswer<typeof contentEndpoints.bjReplays>;

export function bjReplays(userKey: number, offset: number, fallback: string): Promise<Answer<BjReplaySet>> {
  return send(() => api.call(contentEndpoints.bjReplays, { user_key: userKey, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function channelFans(id: string, kind: FanKind, offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.fans, { id, kind, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function channelComments(id: string, offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.comments, { id, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function writeComment(id: string, content: string, fallback: string) {
  return send(() => api.call(channelsEndpoints.commentProc, { mode: 'insert', id, content }), fallback);
}

export function deleteComment(commentSn: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.commentProc, { mode: 'delete', comment_sn: commentSn }), fallback);
}

/** Follow (true) or stop following (false) the BJ with login ID `id`. */
export function subscribe(id: string, on: boolean, fallback: string) {
  return send(() => api.call(channelsEndpoints.subscribeProc, { id, subscribe_yn: on ? 'Y' : 'N' }), fallback);
}

export function mySubscriptions(offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.subscribeMore, { offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function myFanclubs(offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.fanclubMore, { offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function myBlocks(offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.blockingMore, { offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

/** Block (true) or unblock (false) the member with login ID `id`. */
export function block(id: string, on: boolean, fallback: string) {
  return send(() => api.call(channelsEndpoints.blockingProc, { id, block_yn: on ? 'Y' : 'N' }), fallback);
}

export function myMessages(box: MessageBox, offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.messageMore, { box, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export type MessageSendInput = EndpointInput<typeof channelsEndpoints.messageSend>;

export function sendMessage(input: MessageSendInput, fallback: string) {
  return send(() => api.call(channelsEndpoints.messageSend, input), fallback);
}

export function readMessage(messageSn: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.messageRead, { box: 'received', message_sn: messageSn }), fallback);
}

export function deleteMessage(box: MessageBox, messageSn: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.messageDelete, { box, message_sn: messageSn }), fallback);
}

export function channelFeed(id: string, offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.feed, { id, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

/** A post on the caller's own channel feed (only a BJ account's session may). */
export function writeFeed(content: string, fallback: string) {
  return send(() => api.call(channelsEndpoints.feedProc, { mode: 'insert', content }), fallback);
}

export function deleteFeed(feedSn: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.feedProc, { mode: 'delete', feed_sn: feedSn }), fallback);
}

/** A program account's replays (`id` fills the path's :id). */
export function programReplays(id: string, offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.programReplays, { id, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function programComments(id: string, offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.programComments, { id, offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

export function myBookmarks(offset: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.bookmarkMore, { offset, limit: CHANNEL_PAGE_SIZE }), fallback);
}

/** Save (true) or drop (false) the replay `vodKey` in my bookmarks. */
export function bookmark(vodKey: string, on: boolean, fallback: string) {
  return send(() => api.call(channelsEndpoints.bookmarkProc, { vod_key: vodKey, bookmark_yn: on ? 'Y' : 'N' }), fallback);
}

/** Whether I bookmarked the replay `vodKey` (the replay page's button, signed in). */
export function bookmarkState(vodKey: string, fallback: string) {
  return send(() => api.call(channelsEndpoints.bookmarkInfo, { vod_key: vodKey }), fallback);
}

/** The BJ sets the channel's banner or main image from their upload `tempFileSn`, or removes it (0). */
export function setChannelImage(kind: ChannelImageKind, tempFileSn: number, fallback: string) {
  return send(() => api.call(channelsEndpoints.imageProc, { kind, temp_file_sn: tempFileSn }), fallback);
}
