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
import { type Conn, frameJson, PEER_TTL_MS, type Room } from './chat.room.js';
import type { ChatStore } from './chat.types.js';

/**
 * Video connection with guests (docs/chat-protocol.md, "Video connection with guests"): the `guests` part
 * of a room's state on a chat node, its commands (ROOM_MSG_SEND with T 200–203, 93/94) and the WebRTC
 * signalling relayed between the BJ's studio socket and each accepted guest's call socket.
 *
 * Every node holding the room keeps the same book: the node a command reaches decides on its copy, applies
 * the change, pushes it to its own sockets and publishes it on the room channel (kind 'guests'); the others
 * apply it and push it to theirs. Applications and invitations expire in one sweep a second (each node
 * sweeps its copy; the expiry time travels with the entry). Two nodes deciding at the same instant may
 * both accept one guest past the limit: the limit is exact on one node and best effort across nodes.
 *
 * Away and back: when an accepted guest's call socket leaves the room (a reload, a lost connection), the
 * node that held it marks the guest away for VIDEO_GUESTS.reconnectMs; their new socket (any node) takes
 * the call over with 201 'resume', which counts `call` up so the studio offers again; still away at the
 * end, the call ends. A guest whose call was held by a node that went silent (killed: no room summary for
 * PEER_TTL_MS) is marked away by the nodes still holding the room.
 *
 * Kept: every change of an entry and of the video block is written to chat_room_board (in order, per room
 * and node), with the node holding the guest's call. A node opening the room starts its book from there,
 * so the guests and the block outlive a restart and reach a node that opens the room later.
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
  | { t: 'ev'; e: VideoGuestEntry; f: string; n?: string }
  /** A relayed signal: to a guest's call socket (`to` their user key), or to the studio (`to` 0). */
  | { t: 'relay'; to: number; f: string }
  /** Video block for all turned on or off; `f` the room push. */
  | { t: 'vb'; on: 0 | 1; f: string }
  /** A studio socket is connected on the sending node. */
  | { t: 'studio' }
);

class Book {
  readonly entries = new Map<number, VideoGuestEntry>();
  /** The node holding each applicant's or accepted guest's call socket ('' none: away, or invited). */
  readonly callNodes = new Map<number, string>();
  videoBlocked = false;
  /** The room's writes to chat_room_board from this node, in order. */
  writes: Promise<void> = Promise.resolve();
  /** A studio socket on another node spoke last at this time (ms). */
  peerStudioAt = 0;
  /** Call sockets of guests on this node (user_key → the socket that applied or answered the invitation). */
  readonly calls = new Map<number, Conn>();
  /** The BJ's studio sockets on this node. */
  readonly studios = new Set<Conn>();

  /** When this node's book started (a silent node is judged only after PEER_TTL_MS here). */
  constructor(readonly startedAt: number) {}

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
  private readonly inflight = new Set<Promise<void>>();
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
      const now = this.now();
      book = new Book(now);
      // As kept when the room opened here (later changes reach this node on the bus).
      const kept = room.ctx.guests;
      if (kept) {
        book.videoBlocked = kept.videoBlocked;
        for (const { e, n } of kept.entries) {
          if (!OPEN_GUEST_STATES.includes(e.state) || (e.expires_at !== undefined && e.expires_at <= now)) continue;
          book.entries.set(e.user.user_key, e);
          if (n) book.callNodes.set(e.user.user_key, n);
        }
      }
      this.books.set(room, book);
    }
    return book;
  }

  /** Writes to chat_room_board, after the room's earlier writes from this node. */
  private keep(room: Room, write: () => Promise<void>) {
    const book = this.book(room);
    const done = book.writes.then(write).catch((err: unknown) => this.opts.log.warn({ err, vk: room.vk }, 'chat guests keep failed'));
    book.writes = done;
    this.inflight.add(done);
    void done.then(() => this.inflight.delete(done));
  }

  /** Every write in flight has finished (a node closing, tests). */
  async flush(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
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
        if (op === 'resume')
          return plugins.target === undefined || plugins.target === user.user_key ? this.resume(conn, room, user) : refuse('FORBIDDEN');
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
    this.change(
      room,
      { user, state: 'applied', at: now, expires_at: now + VIDEO_GUESTS.pendingTtlMs, mute: 0, audio_only: 0 },
      user,
      VideoChatCode.REQUEST,
      this.opts.nodeId,
    );
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
      const { expires_at: _, ...open } = entry;
      this.change(
        room,
        { ...open, user, state: 'accepted', at: now, by: entry.by ?? user, call: 1 },
        user,
        VideoChatCode.REQUEST,
        this.opts.nodeId,
      );
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
    const { expires_at: _, ...open } = still;
    this.change(room, { ...open, user: latest, state: 'accepted', at: now, by: user, call: 1 }, user);
    return null;
  }

  /** 201 'resume': an accepted guest's socket (a new one after a reload, or on another node) takes the call over. */
  private resume(conn: Conn, room: Room, user: ChatUserInfo): GuestRefusal | null {
    const book = this.book(room);
    const entry = book.entries.get(user.user_key);
    if (entry?.state !== 'accepted') return refuse('VIDEO_GUEST_NOT_FOUND');
    book.calls.set(user.user_key, conn);
    SIGNALLING.add(conn);
    this.change(room, this.back(entry, user), user, VideoChatCode.REQUEST, this.opts.nodeId);
    return null;
  }

  /** An accepted entry with its call on a new socket: not away, the call counted up (the studio offers again). */
  private back(entry: VideoGuestEntry, user = entry.user): VideoGuestEntry {
    const { expires_at: _, away: __, ...rest } = entry;
    return { ...rest, user, call: (entry.call ?? 1) + 1 };
  }

  /** An accepted guest whose call socket is gone: away until VIDEO_GUESTS.reconnectMs from now. */
  private away(room: Room, entry: VideoGuestEntry, now: number) {
    this.change(room, { ...entry, away: 1, expires_at: now + VIDEO_GUESTS.reconnectMs }, undefined, VideoChatCode.REQUEST, '');
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
    this.keep(room, () => this.opts.store.keepVideoBlock(room.vk, on));
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

  /**
   * Applies a change here, pushes it to the sockets here, tells the other nodes and keeps it. `node`: the
   * node now holding the member's call socket ('' none), when the change moves it.
   */
  private change(room: Room, entry: VideoGuestEntry, by: ChatUserInfo | undefined, code: number = VideoChatCode.REQUEST, node?: string) {
    const data: VideoGuestStateData = { op: code === VideoChatCode.MEDIA ? 'media' : 'state', guest: entry };
    const json = outside({
      code,
      ts: this.now(),
      ...(by ? { by } : {}),
      target: entry.user,
      data: data as unknown as Record<string, unknown>,
    });
    this.applyHere(room, entry, json, node);
    this.publish(room, node === undefined ? { t: 'ev', e: entry, f: json } : { t: 'ev', e: entry, f: json, n: node });
    const key = entry.user.user_key;
    if (OPEN_GUEST_STATES.includes(entry.state)) {
      const kept = { e: entry, n: this.book(room).callNodes.get(key) ?? '' };
      this.keep(room, () => this.opts.store.keepGuest(room.vk, key, kept));
    } else this.forget(room, key, entry.at);
  }

  /** A closed entry leaves chat_room_board (unless a newer one for the member is kept there). */
  private forget(room: Room, key: number, at: number) {
    this.keep(room, () => this.opts.store.keepGuest(room.vk, key, { closedAt: at }));
  }

  private applyHere(room: Room, entry: VideoGuestEntry, json: string, node?: string) {
    const book = this.book(room);
    const key = entry.user.user_key;
    if (OPEN_GUEST_STATES.includes(entry.state)) {
      book.entries.set(key, entry);
      if (node !== undefined) {
        book.callNodes.set(key, node);
        // The call moved to another node's socket: a socket here no longer speaks for it. (Marked away by
        // another node, a live socket here keeps the call: the sweep here takes it back.)
        if (node !== '' && node !== this.opts.nodeId) this.dropCall(book, key);
      }
    } else {
      book.entries.delete(key);
      book.callNodes.delete(key);
      this.dropCall(book, key);
    }
    // The room's moderators see every change; the member sees theirs.
    room.broadcast(json, true);
    room.sendToMember(key, [json], (c) => !c.mod);
  }

  private dropCall(book: Book, key: number) {
    const call = book.calls.get(key);
    if (!call) return;
    book.calls.delete(key);
    if (!book.studios.has(call)) SIGNALLING.delete(call);
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
        if (isObject(m.e) && isObject(m.e.user) && Number.isSafeInteger(m.e.user.user_key))
          this.applyHere(room, m.e, m.f, typeof m.n === 'string' ? m.n : undefined);
        break;
      case 'relay':
        if (Number.isSafeInteger(m.to)) this.relayHere(room, book, m.to, m.f);
        break;
      case 'vb':
        // Kept by the node that decided.
        book.videoBlocked = m.on === 1;
        room.broadcast(m.f);
        break;
      case 'studio':
        book.peerStudioAt = this.now();
        break;
    }
  }

  /**
   * Once a second (the engine's tick): applications and invitations past their time expire, and so do the
   * calls of guests away too long (ended); a guest whose call socket here left the room is away; so is one
   * whose call was on a node gone silent; studio sockets gone are forgotten; books of rooms gone are dropped.
   */
  sweep(now = this.now()) {
    for (const [room, book] of this.books) {
      if (room.disposed) {
        // The room closed here (its last socket left): the guests whose call socket was here are away (they
        // may be back on any node), applications from here are withdrawn.
        for (const key of [...book.calls.keys()]) {
          const entry = book.entries.get(key);
          if (entry?.state === 'accepted') this.away(room, entry, now);
          else if (entry) this.close(room, entry, 'ended');
        }
        this.books.delete(room);
        continue;
      }
      for (const s of book.studios) if (s.dead || s.room !== room) book.studios.delete(s);
      for (const entry of [...book.entries.values()]) {
        const key = entry.user.user_key;
        if (entry.expires_at !== undefined && entry.expires_at <= now) {
          // Every node sweeps its own copy: the expiry is pushed here only (and each forgets the kept entry).
          const { expires_at: _, away: __, ...rest } = entry;
          const closed: VideoGuestEntry = { ...rest, state: entry.state === 'accepted' ? 'ended' : 'expired', at: now };
          const data: VideoGuestStateData = { op: 'state', guest: closed };
          this.applyHere(
            room,
            closed,
            outside({ code: VideoChatCode.REQUEST, ts: now, target: entry.user, data: data as unknown as Record<string, unknown> }),
          );
          this.forget(room, key, entry.at);
          continue;
        }
        const call = book.calls.get(key);
        if (call && (call.dead || call.room !== room)) {
          // An applicant who left withdrew; a guest in the call may be back (a reload).
          this.dropCall(book, key);
          if (entry.state === 'accepted') this.away(room, entry, now);
          else this.close(room, entry, 'ended');
          continue;
        }
        if (entry.state !== 'accepted') continue;
        if (call && entry.away === 1) {
          // Marked away by a node that lost sight of this one: the guest's socket here still holds the call.
          this.change(room, this.back(entry), undefined, VideoChatCode.REQUEST, this.opts.nodeId);
          continue;
        }
        const node = book.callNodes.get(key);
        if (
          entry.away !== 1 &&
          node &&
          node !== this.opts.nodeId &&
          now - book.startedAt > PEER_TTL_MS &&
          !((room.peers.get(node)?.until ?? 0) > now)
        ) {
          // The node holding the call went silent (killed, or a restart under a new id).
          this.away(room, entry, now);
        }
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
