import { z } from 'zod';
import type { ChatUserInfo } from './chat.js';
import { endpoint } from './endpoints.js';

/**
 * Video connection with guests (issue 24; docs/chat-protocol.md, "Video connection with guests"): a viewer
 * asks to join the BJ's broadcast on camera, the BJ or a manager accepts or refuses (the BJ may also
 * invite), and the BJ's studio page and each accepted guest hold a WebRTC call signalled over the chat
 * socket. The studio page composes the guests' tiles and is the OBS browser source: viewers keep watching
 * the one stream.
 *
 * Every command is a ROOM_MSG_SEND whose `plugins.T` is one of the codes below, `plugins.value` an object
 * with `op` (and the op's fields), `plugins.target` the member it is about; every push is an OUTSIDE_MSG
 * with the same code and `data` as typed here.
 */
export const VideoChatCode = {
  /** Requests: apply (a viewer), invite (the BJ), list, studio (the BJ's studio socket). Pushes: list and state. */
  REQUEST: 200,
  /** Answers: accept, refuse (a moderator to an application, the member to an invitation), end (either side). */
  ANSWER: 201,
  /** WebRTC signalling relayed between the studio and one accepted guest: offer, answer, ice. */
  SIGNAL: 202,
  /** Media controls on one guest (moderators): mute, audio-only. */
  MEDIA: 203,
} as const;

/** Video block for all (SPEC §9 93–95): every guest's video stops (the studio shows none, guests send none). */
export const VideoBlockCode = {
  ON: 93,
  OFF: 94,
  /** Sent with the list: the block's current state. */
  STATE: 95,
} as const;

/** Guests at once (SOOP's limit), applications and invitations waiting at once, and how long they wait. */
export const VIDEO_GUESTS = {
  maxGuests: 8,
  maxPending: 50,
  pendingTtlMs: 60_000,
  /**
   * An accepted guest whose call socket left (a reload, a lost connection, their chat node gone) stays in
   * the call, away, this long: back within it (201 'resume' from a new socket) the studio offers again.
   */
  reconnectMs: 30_000,
  /** Bytes of a ROOM_MSG_SEND frame from a socket in a call (an SDP is bigger than a chat frame). */
  signalFrameMaxBytes: 16_384,
  /** Characters of one relayed SDP or ICE candidate. */
  sdpMax: 12_000,
  candidateMax: 1_000,
} as const;

/**
 * SPEC §4 states of a video connection request: applied → accepted / refused. `invited` is the BJ's
 * invitation waiting for the member's answer; `ended` (hung up, or the guest left) and `expired` (60 s
 * without an answer) close an entry. Closing states are pushed once and the entry is forgotten.
 */
export type VideoGuestState = 'applied' | 'invited' | 'accepted' | 'refused' | 'ended' | 'expired';
export const OPEN_GUEST_STATES: readonly VideoGuestState[] = ['applied', 'invited', 'accepted'];

export interface VideoGuestEntry {
  /** The member, with the badges the chat shows (fan club fan_no, is_fan, vip_rank, is_supporter, is_follower). */
  user: ChatUserInfo;
  state: VideoGuestState;
  /** When it entered this state (ms). */
  at: number;
  /** applied / invited, and an away guest: when it expires (ms; an away guest's call then ends). */
  expires_at?: number;
  /** accepted: the guest's call socket left; back by expires_at (201 'resume') or the call ends. */
  away?: 1;
  /** accepted: 1 at first, one more each time the guest's call moves to a new socket (201 'resume'): the studio offers again. */
  call?: number;
  /** Who accepted, refused, invited or ended it. */
  by?: ChatUserInfo;
  /** The guest's microphone is off (203). */
  mute: 0 | 1;
  /** The guest sends no video (203). */
  audio_only: 0 | 1;
}

/** data of a 200 'list' push (to the one socket that asked, or that announced the studio). */
export interface VideoGuestListData {
  op: 'list';
  /** Moderators: every open entry; a member: their own, if any. */
  guests: VideoGuestEntry[];
  max: number;
  /** Video block for all is on (93/94). */
  video_blocked: 0 | 1;
  /** The BJ's studio page is connected. */
  studio: 0 | 1;
}
/** data of a 200 'state' push (to the room's moderators and to the member) and of a 203 push (the new controls). */
export interface VideoGuestStateData {
  op: 'state' | 'media';
  guest: VideoGuestEntry;
}

/** plugins.value of the commands. */
export type VideoChatCommand =
  | { T: 200; value: { op: 'apply' | 'list' | 'studio' } }
  | { T: 200; value: { op: 'invite' }; target: number }
  | { T: 201; value: { op: 'accept' | 'refuse' | 'end' }; target?: number }
  /** An accepted guest's new socket (after a reload) takes the call over. */
  | { T: 201; value: { op: 'resume' } }
  | { T: 202; value: VideoSignal; target?: number }
  | { T: 203; value: { mute?: 0 | 1; audio_only?: 0 | 1 }; target: number };

/** What 202 carries (value of the command, data of the push with `from` the sender's user_key). */
export type VideoSignal =
  | { kind: 'offer' | 'answer'; sdp: string }
  | { kind: 'ice'; candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null };
export type VideoSignalData = VideoSignal & { from: number };

// ---------------------------------------------------------------------------------------------------
// ICE servers: STUN/TURN for the call (TURN REST credentials, coturn's use-auth-secret)
// ---------------------------------------------------------------------------------------------------

/** An RTCIceServer as the browser takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}
export interface IceServersSet {
  ice_servers: IceServer[];
  /** Seconds the TURN credential stays valid (0 when no TURN is configured). */
  ttl: number;
}

export const IceServersSchema = z.object({ vod_key: z.string().trim().min(1).max(100) });

export const videoGuestEndpoints = {
  iceServers: endpoint<IceServersSet>()({
    method: 'POST',
    path: '/chat/ice_servers',
    request: IceServersSchema,
    tags: ['chat'],
    summary:
      "A video call's ICE servers (ICE_SERVERS) and a short-lived TURN credential (TURN_URL, coturn's use-auth-secret) for a member who may be in a call in this live room",
  }),
} as const;
