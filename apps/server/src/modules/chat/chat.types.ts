import type {
  ChatPinnedMessage,
  ChatPlugins,
  ChatRoomNotice,
  ChatRoomRole,
  ChatRoomSettings,
  ChatUserInfo,
  FreezeAllowRole,
  OutsideMsgPush,
  ResultCodeName,
  VideoGuestEntry,
} from '@byeol/contract';

/**
 * The seam between the chat engine (chat.server.ts / chat.room.ts: sockets, rooms, fan-out, bus) and
 * moderation (chat.repository.ts / chat.moderation.ts: who may do what, and what is stored). The engine
 * never reads moderation tables itself and moderation never touches a socket.
 */

/** A live room as moderation knows it; loaded once per room per node and patched by action outcomes. */
export interface RoomContext {
  vk: string;
  bjUserKey: number;
  /** The main account owning the BJ account (SPEC §4 is_bj for its owner), 0 if none. */
  bjOwnerUserKey: number;
  title: string;
  tags: string[];
  state: 'live' | 'ended' | 'frozen';
  frozen: boolean;
  /** Who may still talk while frozen besides the moderators. */
  frozenAllow: FreezeAllowRole[];
  hideUsers: number[];
  settings: ChatRoomSettings;
  /** The BJ keeps the viewer count private: the member count goes to moderators only (ChatRoomState.count_hidden). */
  countHidden: boolean;
  /** The BJ's notice (120/121) and the pinned message (130/131), null when none. */
  notice: ChatRoomNotice | null;
  pin: ChatPinnedMessage | null;
  /** The room's video guests and video block as last kept (chat_room_board), read once when a node's guest book starts. */
  guests?: KeptGuests;
}

/** A room's open video guest entries as kept, each with the node holding the guest's call socket ('' none). */
export interface KeptGuests {
  entries: Array<{ e: VideoGuestEntry; n: string }>;
  videoBlocked: boolean;
}

/** One member's standing in one room, loaded at join. Guests (user_key 0) get the empty standing. */
export interface MemberStanding {
  isManager: boolean;
  /** Blocked from the BJ's rooms (SPEC §8 'blocked'). */
  roomBlocked: boolean;
  /** Forced out of this broadcast and not yet lifted (SPEC §8 'forced out of the broadcast'). */
  forcedOut: boolean;
  /** Chat suspended in this broadcast (100). */
  frozen: boolean;
  /** Users this member blocked (whispers from them are refused). */
  blocks: number[];
  /** Gifted STAR to the room's BJ at least once (bj_fan): the fan badge. */
  isFan?: boolean;
  /** The member's number in the BJ's fan club (fan_club). */
  fanNo?: number;
  /** Follows the BJ's channel. */
  follower?: boolean;
  /** Rank among the BJ's VIPs (top givers of STAR). */
  vipRank?: number;
  /** A current paying supporter of the BJ. */
  supporter?: boolean;
}

/** Who acts, as the engine knows them from the verified token and the standing. */
export interface ChatActor {
  info: ChatUserInfo;
  role: ChatRoomRole;
}

/** Where an outcome's push goes: the whole room, one user's sockets, or the room's moderators only. */
export type PushTarget = { to: 'room' } | { to: 'user'; userKey: number } | { to: 'moderators' };

/** What the engine must change in its memory after an action was stored. */
export interface ActionEffects {
  /** Remove this user's sockets from the room (forced exit); they get their push first. */
  removeUser?: number;
  room?: Partial<Pick<RoomContext, 'frozen' | 'frozenAllow' | 'hideUsers' | 'settings' | 'notice' | 'pin'>>;
  /** Patch a member's standing on every socket of that user in this room. */
  member?: { userKey: number; standing: Partial<MemberStanding> };
}

export type ActionOutcome =
  | { ok: false; code: ResultCodeName; params?: Record<string, string | number> }
  | { ok: true; pushes: Array<{ target: PushTarget; push: OutsideMsgPush }>; effects: ActionEffects };

/**
 * Resolves a target user_key to their ChatUserInfo: from the room's connected sockets first (any node),
 * else from the database (an offline user can still be blocked, dismissed or have a forced exit lifted).
 */
export type TargetLookup = (userKey: number) => Promise<ChatUserInfo | null>;

/** A room chat message among the room's recent ones (any node), by its mid, for a pin (130); null when not kept. */
export type MessageLookup = (mid: string) => { mid: string; m: string; user: ChatUserInfo; ts: number } | null;

/** The moderation entry point the engine calls for every ROOM_MSG_SEND whose plugins.T is not 0 or 30. */
export type ApplyAction = (
  room: RoomContext,
  actor: ChatActor,
  plugins: ChatPlugins,
  m: string,
  lookup: TargetLookup,
  message?: MessageLookup,
) => Promise<ActionOutcome>;

/** Reads for the engine (chat.repository.ts implements it over PostgreSQL, with prepared statements). */
export interface ChatStore {
  /** The room of a broadcast (any state: the engine refuses joins to rooms not live), or null if no broadcast has this key. */
  loadRoom(vk: string): Promise<RoomContext | null>;
  /** A member's standing in the room; the empty standing for user_key 0. */
  loadStanding(room: RoomContext, userKey: number): Promise<MemberStanding>;
  /** A member as the chat shows them in this room (is_bj/is_manager/is_operator from the database), or null. */
  lookupUser(room: Pick<RoomContext, 'bjUserKey' | 'bjOwnerUserKey'>, userKey: number): Promise<ChatUserInfo | null>;
  /** The BJ's VIP ranks (user_key → 1..VIP_COUNT), as joins read them (kept a while per process). */
  vipRanks(bjUserKey: number): Promise<Map<number, number>>;
  /** Forgets the BJ's kept VIP ranks: the next read (a join, or the refresh after a gift) reads them anew. */
  forgetVips(bjUserKey: number): void;
  /**
   * Keeps a guest entry of the room (open, with the node holding the call), or forgets it when closed
   * (`closedAt`: only a kept entry not newer than the closing goes, so a later application stays).
   */
  keepGuest(vk: string, userKey: number, kept: { e: VideoGuestEntry; n: string } | { closedAt: number }): Promise<void>;
  /** Keeps the room's video block for all (93/94). */
  keepVideoBlock(vk: string, on: boolean): Promise<void>;
}
