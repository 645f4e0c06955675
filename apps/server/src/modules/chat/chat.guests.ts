import {
  CHAT_LIMITS,
  type ChatPlugins,
  ChatPush,
  type ChatUserInfo,
  chatRoomChannel,
  OPEN_GUEST_STATES,
  type OutsideMsgPush,
  type ResultCodeName,
  VIDEO_GUESTS,
  VideoBlockCode,
  VideoChatCode,
  type VideoGuestEntry,
  type VideoGuestListData,
  type VideoGuestState,
  type VideoGuestStateData,
  type VideoSignal,
  type VideoSignalData,
} from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import { type Conn, frameJson, type Room } from './chat.room.js';
import type { ChatStore } from './chat.types.js';

/**
 * Video connection with guests (docs/chat-protocol.md, "Video connection with guests"): the `guests` part
 * of a room's state on a chat node, its commands (ROOM_MSG_SEND with T 200–203, 93/94) and the WebRTC
 * signalling relayed between the BJ's studio socket and each accepted guest's call socket.
 *
 * Every node holding the room keeps the same book: the node a command reaches decides on its copy, applies
 * the change, pushes it to its own sockets and publishes it on the room channel (kind 'guests'); the others
 * apply it and push it to theirs. Applications and invitations expire in one sweep a second (each node
 * sweeps its copy; the expiry time travels with the entry). The node holding a guest's call socket ends
 * the call when that socket leaves the room. Two nodes deciding at the same instant may both accept one
 * guest past the limit: the limit is exact on one node and best effort across nodes.
 */

export type GuestRefusal = { code: ResultCodeName; params?: Record<string, string | number> };

/** The codes this module answers: 200–203 and video block on/off (93/94). */
export const isVideoChatCode = (T: number) =>
  (T >= VideoChatCode.REQUEST && T <= VideoChatCode.MEDIA) || T === VideoBlockCode.ON || T === VideoBlockCode.OFF;

/** What nodes tell each other about a room's guests (on chatRoomChannel, kind 'guests'). */
type GuestBusMessage = {
  kind: 'guests';
  o: string;
} /** An entry changed (a closing state removes it); `f` the push each node delivers to its moderators and the member. */ & (
  | { t: 'ev'; e: VideoGuestEntry; f: string }
  /** A relayed signal: to a guest's call socket (`to` their user key), or to the studio (`to` 0). */
  | { t: 'relay'; to: number; f: string }
  /** Video block for all turned on or off; `f` the room push. */
  | { t: 'vb'; on: 0 | 1; f: string }
  /** A studio socket is connected on the sending node. */
  | { t: 'studio' }
);

class Book {
  readonly entries = new Map<number, VideoGuestEntry>();
  videoBlocked = false;
  /** A studio socket on another node spoke last at this time (ms). */
  peerStudioAt = 0;
  /** Call sockets of guests on this node (user_key → the socket that applied or answered the invitation). */
  readonly calls = new Map<number, Conn>();
  /** The BJ's studio sockets on this node. */
  readonly studios = new Set<Conn>();

  count(state: VideoGuestState): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.state === state) n++;
    return n;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refuse = (code: ResultCodeName, params?: Record<string, string | number>): GuestRefusal => (params ? { code, params } : { code });
const outside = (push: OutsideMsgPush) => frameJson(ChatPush.OUTSIDE_MSG, push);
/** Sockets that signal may send bigger frames (an SDP); see frameLimit. */
const SIGNALLING = new WeakSet<Conn>();

export interface GuestCallsOptions {
  bus: Bus;
  store: ChatStore;
  nodeId: string;
  log: FastifyBaseLogger;
  now?: () => number;
}

export class GuestCalls {
  private readonly books = new Map<Room, Book>();
  private readonly shared: boolean;
  private readonly now: () => number;

  constructor(private readonly opts: GuestCallsOptions) {
    this.shared = opts.bus.kind === 'redis';
    this.now = opts.now ?? Date.now;
  }

  /** The largest frame a socket may send: a socket in a call (studio or guest) may send an SDP. */
  frameLimit(conn: Conn): number {
    return SIGNALLING.has(conn) ? VIDEO_GUESTS.signalFrameMaxBytes : CHAT_LIMITS.frameMaxBytes;
  }

  /** The book of a room (tests and diagnostics). */
  entries(room: Room): VideoGuestEntry[] {
    return [...(this.books.get(room)?.entries.values() ?? [])];
  }

  private book(room: Room): Book {
    let book = this.books.get(room);
    if (!book) {
      book = new Book();
      this.books.set(room, book);
    }
    return book;
  }

  // -------------------------------------------------------------------------------------------------
  // Commands
  // -------------------------------------------------------------------------------------------------

  /** A ROOM_MSG_SEND with a video chat code from a signed-in member's socket: null when done, else the refusal. */
  async command(conn: Conn, room: Room, plugins: ChatPlugins): Promise<GuestRefusal | null> {
    const user = conn.user;
    if (!user || user.user_key === 0) return refuse('LOGIN_REQUIRED');
    const value = isObject(plugins.value) ? plugins.value : {};
    const op = typeof value.op === 'string' ? value.op : '';
    switch (plugins.T) {
      case VideoBlockCode.ON:
      case VideoBlockCode.OFF:
        return this.videoBlock(conn, room, plugins.T === VideoBlockCode.ON);
      case VideoChatCode.REQUEST:
        if (op === 'apply') return this.apply(conn, room, user);
        if (op === 'invite') return this.invite(conn, room, user, plugins.target);
        if (op === 'list') return this.sendList(conn, room);
        if (op === 'studio') {
          if (conn.role !== 'bj') return refuse('FORBIDDEN');
          this.book(room).studios.add(conn);
          SIGNALLING.add(conn);
          this.publish(room, { t: 'studio' });
          return this.sendList(conn, room);
        }
        return refuse('CHAT_FRAME_INVALID');
      case VideoChatCode.ANSWER:
        if (op !== 'accept' && op !== 'refuse' && op !== 'end') return refuse('CHAT_FRAME_INVALID');
        return this.answer(conn, room, user, op, plugins.target);
      case VideoChatCode.SIGNAL:
        return this.signal(conn, room, user, value, plugins.target);
      case VideoChatCode.MEDIA:
        return this.media(conn, room, user, value, plugins.target);
    }
    return refuse('CHAT_FRAME_INVALID');
  }

  /** The BJ blocked this member (their own block list, chat_user_block): no call with them. */
  private async bjBlocked(room: Room, userKey: number): Promise<boolean> {
    const bj = room.connsOf(room.ctx.bjUserKey)[0]?.standing;
    const blocks = bj ? bj.blocks : (await this.opts.store.loadStanding(room.ctx, room.ctx.bjUserKey)).blocks;
    return blocks.includes(userKey);
  }

  private async apply(conn: Conn, room: Room, user: ChatUserInfo): Promise<GuestRefusal | null> {
    if (conn.role === 'bj') return refuse('CHAT_TARGET_PROTECTED');
    if (!conn.phoneVerified) return refuse('VIDEO_GUEST_PHONE_REQUIRED');
    const book = this.book(room);
    if (book.entries.has(user.user_key)) return refuse('ALREADY_APPLIED');
    if (book.count('accepted') >= VIDEO_GUESTS.maxGuests) return refuse('VIDEO_GUEST_FULL', { num: VIDEO_GUESTS.maxGuests });
    if (book.entries.size - book.count('accepted') >= VIDEO_GUESTS.maxPending) return refuse('VIDEO_GUEST_QUEUE_FULL');
    if (await this.bjBlocked(room, user.user_key)) return refuse('CHAT_BLOCKED');
    if (room.disposed || book.entries.has(user.user_key)) return refuse('ALREADY_APPLIED');
    const now = this.now();
    book.calls.set(user.user_key, conn);
    SIGNALLING.add(conn);
    this.change(room, { user, state: 'applied', at: now, expires_at: now + VIDEO_GUESTS.pendingTtlMs, mute: 0, audio_only: 0 }, user);
    return null;
  }

  private async invite(conn: Conn, room: Room, user: ChatUserInfo, target: number | undefined): Promise<GuestRefusal | null> {
    if (conn.role !== 'bj') return refuse('FORBIDDEN');
    if (target === undefined) return refuse('CHAT_FRAME_INVALID');
    if (target === user.user_key) return refuse('CHAT_TARGET_PROTECTED');
    const here = room.connsOf(target)[0];
    const elsewhere = here ? null : room.peerUser(target);
    const invitee = here?.user ?? (elsewhere && elsewhere !== 'maybe' ? elsewhere : null);
    if (!invitee || invitee.user_key === 0) return refuse('CHAT_TARGET_NOT_FOUND');
    if (here && !here.phoneVerified) return refuse('VIDEO_GUEST_PHONE_REQUIRED');
    const book = this.book(room);
    if (book.entries.has(target)) return refuse('ALREADY_APPLIED');
    if (book.count('accepted') >= VIDEO_GUESTS.maxGuests) return refuse('VIDEO_GUEST_FULL', { num: VIDEO_GUESTS.maxGuests });
    if (book.entries.size - book.count('accepted') >= VIDEO_GUESTS.maxPending) return refuse('VIDEO_GUEST_QUEUE_FULL');
    if (await this.bjBlocked(room, target)) return refuse('CHAT_BLOCKED');
    if (room.disposed || book.entries.has(target)) return refuse('ALREADY_APPLIED');
    const now = this.now();
    const entry: VideoGuestEntry = {
      user: invitee,
      state: 'invited',
      at: now,
      expires_at: now + VIDEO_GUESTS.pendingTtlMs,
      by: user,
      mute: 0,
      audio_only: 0,
    };
    this.change(room, entry, user);
    return null;
  }

  private async answer(
    conn: Conn,
    room: Room,
    user: ChatUserInfo,
    op: 'accept' | 'refuse' | 'end',
    target: number | undefined,
  ): Promise<GuestRefusal | null> {
    const book = this.book(room);
    const self = target === undefined || target === user.user_key;
    const key = self ? user.user_key : target;
    const entry = book.entries.get(key);
    if (!entry) return refuse('VIDEO_GUEST_NOT_FOUND');
    const now = this.now();
    if (self) {
      // The member: answers the BJ's invitation, or ends their own application or call.
      if (op === 'end') return this.close(room, entry, 'ended', user);
      if (entry.state !== 'invited') return refuse('VIDEO_GUEST_NOT_FOUND');
      if (op === 'refuse') return this.close(room, entry, 'refused', user);
      if (!conn.phoneVerified) return refuse('VIDEO_GUEST_PHONE_REQUIRED');
      if (book.count('accepted') >= VIDEO_GUESTS.maxGuests) return refuse('VIDEO_GUEST_FULL', { num: VIDEO_GUESTS.maxGuests });
      book.calls.set(key, conn);
      SIGNALLING.add(conn);
      this.change(room, { ...entry, user, state: 'accepted', at: now, expires_at: undefined, by: entry.by ?? user }, user);
      return null;
    }
    // A moderator: answers an application, withdraws an invitation, ends a call.
    if (!conn.mod) return refuse('FORBIDDEN');
    if (op === 'end') return this.close(room, entry, 'ended', user);
    if (op === 'refuse') {
      if (entry.state === 'accepted') return refuse('VIDEO_GUEST_NOT_FOUND');
      return this.close(room, entry, 'refused', user);
    }
    if (entry.state !== 'applied') return refuse('VIDEO_GUEST_NOT_FOUND');
    if (book.count('accepted') >= VIDEO_GUESTS.maxGuests) return refuse('VIDEO_GUEST_FULL', { num: VIDEO_GUESTS.maxGuests });
    if (await this.bjBlocked(room, key)) return refuse('CHAT_BLOCKED');
    const still = book.entries.get(key);
    if (still?.state !== 'applied') return refuse('VIDEO_GUEST_NOT_FOUND');
    // The member's latest badges, when their socket is here.
    const latest = room.connsOf(key)[0]?.user ?? still.user;
    this.change(room, { ...still, user: latest, state: 'accepted', at: now, expires_at: undefined, by: user }, user);
    return null;
  }

  private close(room: Room, entry: VideoGuestEntry, state: 'refused' | 'ended' | 'expired', by?: ChatUserInfo): null {
    const { expires_at: _, ...rest } = entry;
    this.change(room, { ...rest, state, at: this.now(), ...(by ? { by } : {}) }, by);
    return null;
  }

  private signal(
    conn: Conn,
    room: Room,
    user: ChatUserInfo,
    value: Record<string, unknown>,
    target: number | undefined,
  ): GuestRefusal | null {
    const signal = readSignal(value);
    if (!signal) return refuse('CHAT_FRAME_INVALID');
    const book = this.book(room);
    const data: VideoSignalData = { ...signal, from: user.user_key };
    const json = outside({ code: VideoChatCode.SIGNAL, ts: this.now(), by: user, data: data as unknown as Record<string, unknown> });
    if (book.studios.has(conn)) {
      // The studio to one accepted guest.
      if (target === undefined) return refuse('CHAT_FRAME_INVALID');
      if (book.entries.get(target)?.state !== 'accepted') return refuse('VIDEO_GUEST_NOT_FOUND');
      this.relayHere(room, book, target, json);
      this.publish(room, { t: 'relay', to: target, f: json });
      return null;
    }
    // An accepted guest, from their call socket, to the studio.
    if (book.entries.get(user.user_key)?.state !== 'accepted' || book.calls.get(user.user_key) !== conn)
      return refuse('VIDEO_GUEST_NOT_FOUND');
    this.relayHere(room, book, 0, json);
    this.publish(room, { t: 'relay', to: 0, f: json });
    return null;
  }

  private relayHere(room: Room, book: Book, to: number, json: string) {
    if (to === 0) {
      for (const s of book.studios) if (s.room === room && !s.dead) room.sendNow(s, [json]);
      return;
    }
    const call = book.calls.get(to);
    if (call && call.room === room && !call.dead) room.sendNow(call, [json]);
  }

  private media(
    conn: Conn,
    room: Room,
    user: ChatUserInfo,
    value: Record<string, unknown>,
    target: number | undefined,
  ): GuestRefusal | null {
    if (!conn.mod) return refuse('FORBIDDEN');
    if (target === undefined) return refuse('CHAT_FRAME_INVALID');
    const flag = (v: unknown) => (v === 1 || v === true ? 1 : v === 0 || v === false ? 0 : undefined);
    const mute = flag(value.mute);
    const audioOnly = flag(value.audio_only);
    if (mute === undefined && audioOnly === undefined) return refuse('CHAT_FRAME_INVALID');
    const entry = this.book(room).entries.get(target);
    if (entry?.state !== 'accepted') return refuse('VIDEO_GUEST_NOT_FOUND');
    this.change(
      room,
      { ...entry, mute: mute ?? entry.mute, audio_only: audioOnly ?? entry.audio_only, by: user },
      user,
      VideoChatCode.MEDIA,
    );
    return null;
  }

  private videoBlock(conn: Conn, room: Room, on: boolean): GuestRefusal | null {
    if (!conn.mod || !conn.user) return refuse('FORBIDDEN');
    const book = this.book(room);
    book.videoBlocked = on;
    const json = outside({
      code: on ? VideoBlockCode.ON : VideoBlockCode.OFF,
      ts: this.now(),
      by: conn.user,
      data: { guests: book.count('accepted') },
    });
    room.broadcast(json);
    this.publish(room, { t: 'vb', on: on ? 1 : 0, f: json });
    return null;
  }

  private sendList(conn: Conn, room: Room): null {
    const book = this.book(room);
    const own = conn.user?.user_key ?? 0;
    const guests = [...book.entries.values()].filter((e) => conn.mod || e.user.user_key === own);
    const data: VideoGuestListData = {
      op: 'list',
      guests,
      max: VIDEO_GUESTS.maxGuests,
      video_blocked: book.videoBlocked ? 1 : 0,
      studio: this.hasStudio(room, book) ? 1 : 0,
    };
    room.sendNow(conn, [outside({ code: VideoChatCode.REQUEST, ts: this.now(), data: data as unknown as Record<string, unknown> })]);
    return null;
  }

  private hasStudio(room: Room, book: Book): boolean {
    for (const s of book.studios) if (s.room === room && !s.dead) return true;
    return this.now() - book.peerStudioAt < 10_000;
  }

  // -------------------------------------------------------------------------------------------------
  // Changes, on every node
  // -------------------------------------------------------------------------------------------------

  /** Applies a change here, pushes it to the sockets here and tells the other nodes. */
  private change(room: Room, entry: VideoGuestEntry, by: ChatUserInfo | undefined, code: number = VideoChatCode.REQUEST) {
    const data: VideoGuestStateData = { op: code === VideoChatCode.MEDIA ? 'media' : 'state', guest: entry };
    const json = outside({
      code,
      ts: this.now(),
      ...(by ? { by } : {}),
      target: entry.user,
      data: data as unknown as Record<string, unknown>,
    });
    this.applyHere(room, entry, json);
    this.publish(room, { t: 'ev', e: entry, f: json });
  }

  private applyHere(room: Room, entry: VideoGuestEntry, json: string) {
    const book = this.book(room);
    const key = entry.user.user_key;
    if (OPEN_GUEST_STATES.includes(entry.state)) book.entries.set(key, entry);
    else {
      book.entries.delete(key);
      const call = book.calls.get(key);
      if (call) {
        book.calls.delete(key);
        if (!book.studios.has(call)) SIGNALLING.delete(call);
      }
    }
    // The room's moderators see every change; the member sees theirs.
    room.broadcast(json, true);
    room.sendToMember(key, [json], (c) => !c.mod);
  }

  private publish(
    room: Room,
    body: GuestBusMessage extends infer M ? (M extends { kind: 'guests'; o: string } ? Omit<M, 'kind' | 'o'> : never) : never,
  ) {
    if (!this.shared) return;
    const message = { kind: 'guests', o: this.opts.nodeId, ...body };
    this.opts.bus
      .publish(chatRoomChannel(room.vk), message)
      .catch((err: unknown) => this.opts.log.warn({ err }, 'chat guests publish failed'));
  }

  /** A 'guests' message of another node on the room channel. */
  onBus(room: Room, message: Record<string, unknown>) {
    if (message.o === this.opts.nodeId || (typeof message.f !== 'string' && message.t !== 'studio')) return;
    const m = message as GuestBusMessage;
    const book = this.book(room);
    switch (m.t) {
      case 'ev':
        if (isObject(m.e) && isObject(m.e.user) && Number.isSafeInteger(m.e.user.user_key)) this.applyHere(room, m.e, m.f);
        break;
      case 'relay':
        if (Number.isSafeInteger(m.to)) this.relayHere(room, book, m.to, m.f);
        break;
      case 'vb':
        book.videoBlocked = m.on === 1;
        room.broadcast(m.f);
        break;
      case 'studio':
        book.peerStudioAt = this.now();
        break;
    }
  }

  /**
   * Once a second (the engine's tick): applications and invitations past their time expire; a call whose
   * socket here left the room ends; studio sockets gone are forgotten; books of rooms gone are dropped.
   */
  sweep(now = this.now()) {
    for (const [room, book] of this.books) {
      if (room.disposed) {
        // The room closed here (its last socket left): the calls whose socket was here end on every node.
        for (const key of book.calls.keys()) {
          const entry = book.entries.get(key);
          if (entry) this.close(room, entry, 'ended');
        }
        this.books.delete(room);
        continue;
      }
      for (const s of book.studios) if (s.dead || s.room !== room) book.studios.delete(s);
      for (const entry of [...book.entries.values()]) {
        const key = entry.user.user_key;
        if (entry.expires_at !== undefined && entry.expires_at <= now) {
          // Every node sweeps its own copy: the expiry is pushed here only.
          const { expires_at: _, ...rest } = entry;
          const expired: VideoGuestEntry = { ...rest, state: 'expired', at: now };
          const data: VideoGuestStateData = { op: 'state', guest: expired };
          this.applyHere(
            room,
            expired,
            outside({ code: VideoChatCode.REQUEST, ts: now, target: entry.user, data: data as unknown as Record<string, unknown> }),
          );
          continue;
        }
        const call = book.calls.get(key);
        if (call && (call.dead || call.room !== room)) this.close(room, entry, 'ended');
      }
    }
  }
}

/** A 202 value: an offer or answer with its SDP, or an ICE candidate; null when malformed. */
export function readSignal(value: Record<string, unknown>): VideoSignal | null {
  const kind = value.kind;
  if (kind === 'offer' || kind === 'answer') {
    const sdp = value.sdp;
    if (typeof sdp !== 'string' || sdp.length === 0 || sdp.length > VIDEO_GUESTS.sdpMax) return null;
    return { kind, sdp };
  }
  if (kind === 'ice') {
    const candidate = value.candidate;
    if (typeof candidate !== 'string' || candidate.length > VIDEO_GUESTS.candidateMax) return null;
    const mid = value.sdpMid;
    const index = value.sdpMLineIndex;
    if (mid !== undefined && mid !== null && (typeof mid !== 'string' || mid.length > 64)) return null;
    if (index !== undefined && index !== null && !(Number.isSafeInteger(index) && (index as number) >= 0 && (index as number) < 64))
      return null;
    return {
      kind,
      candidate,
      ...(mid !== undefined ? { sdpMid: mid as string | null } : {}),
      ...(index !== undefined ? { sdpMLineIndex: index as number | null } : {}),
    };
  }
  return null;
}
