import type { Duplex } from 'node:stream';
import {
  CHAT_LIMITS,
  type ChatFrame,
  type ChatRoomRole,
  type ChatRoomState,
  type ChatUserInfo,
  chatRoomRole,
  LANGS,
  type Lang,
  type MsgSendPush,
} from '@byeol/contract';
import type { WebSocket } from 'ws';
import type { MemberStanding, RoomContext } from './chat.types.js';

/**
 * Rooms and their fan-out (docs/chat-protocol.md, "Fan-out").
 *
 * Pipelined delivery: a room frame is serialised once (by whoever raises it) and appended to the room's
 * window, where it gets the next sequence number. A writer walks the room's sockets round and round, in
 * slices (the event loop reads what arrived between two slices), and writes to each socket everything
 * from the last frame it got to the head of the window as ONE WebSocket message (a JSON array when it
 * holds several frames). Consecutive sockets almost always lack the same range, so the message is built
 * (joined and framed) once per range, not per socket, and the same Buffer is written to each socket's
 * underlying net socket. A frame therefore waits at most one walk over the room's sockets, however
 * late in a walk it arrives. When every socket has the head the writer stops, and the window is emptied.
 *
 * Frames for one socket (answers, whispers, pushes to one member) are written at once, after that
 * socket's undelivered room frames, in the same message: every socket sees the room's frames and its
 * own in the order they were raised.
 *
 * A socket whose unsent bytes pass CHAT_LIMITS.slowConsumerBytes is terminated instead of written to: a
 * slow reader never holds the room.
 */

/** One WebSocket and what the chat knows about it; kept small (about 200 bytes besides the user info). */
/** The BJ's banned words as one case-insensitive pattern (null when none): the chat and the channel's comments mask them. */
export function bannedWordsPattern(words: readonly string[]): RegExp | null {
  const list = words.filter((w) => w.length > 0);
  return list.length ? new RegExp(list.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu') : null;
}

export class Conn {
  /** The room this socket joined (one at a time), or null. */
  room: Room | null = null;
  /** The user as the room shows them, after a join. */
  user: ChatUserInfo | null = null;
  role: ChatRoomRole = 'guest';
  /** BJ, manager or operator in the joined room: moderator-only frames reach it, the chat limits do not. */
  mod = false;
  standing: MemberStanding | null = null;
  /** Answered a ping since the last liveness round. */
  alive = true;
  /** A join or an action is being answered: later frames wait in `queue` so answers keep their order. */
  busy = false;
  queue: Array<Buffer | string> | null = null;
  /** Closed or being closed: nothing is written to it any more. */
  dead = false;
  /** Sequence number of the first room frame this socket has not been sent (see Room). */
  seq = 0;
  /** The client address of the upgrade (the forwarded one behind a trusted proxy). */
  address = '';
  /** Who joined with it, for the per-identity cap: `u:<user_key>` or `g:<guest id>`; '' when not joined. */
  identity = '';
  /** A guest's id from the chat token (guests are counted once per id, not per socket). */
  guestId = '';
  /**
   * Translations (250) this socket gets: 0 none, else 1 + the index in LANGS of the member's language (their
   * translation setting is on). Set before the socket enters a room, unchanged while it is in it.
   */
  tr = 0;
  /** The member verified a phone number (the chat token's `pv`): they may join the broadcast on camera (200). */
  phoneVerified = false;

  constructor(
    readonly ws: WebSocket,
    /** The underlying TCP socket: room frames are written to it directly. */
    readonly sock: Duplex | null,
    /** Failure messages' language: the `xlang` cookie of the upgrade, then the token's `lg`. */
    public lang: Lang,
  ) {}

  get userKey(): number {
    return this.user?.user_key ?? 0;
  }
}

/** Control, line-separator and bidi-override characters: never kept in what a member writes to a room. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
export const CHAT_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Room chat messages kept per room for pins (130): a moderator pins what they just saw. */
export const RECENT_MESSAGES = 200;

/** `{service, param}` as the JSON text every socket receives. */
export const frameJson = (service: ChatFrame['service'], param: object): string => JSON.stringify({ service, param });

/**
 * The bytes of one unmasked, final WebSocket text message carrying `payload` (RFC 6455 §5.2): the same
 * header `ws`'s Sender.frame writes, built here once for every socket of a room.
 */
export function wsTextMessage(payload: string): Buffer {
  const length = Buffer.byteLength(payload);
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const buf = Buffer.allocUnsafe(head + length);
  buf[0] = 0x81;
  if (head === 2) buf[1] = length;
  else if (head === 4) {
    buf[1] = 126;
    buf.writeUInt16BE(length, 2);
  } else {
    buf[1] = 127;
    buf.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    buf.writeUInt32BE(length >>> 0, 6);
  }
  buf.write(payload, head, 'utf8');
  return buf;
}

/** One message for a list of frames (JSON texts): the frame itself, or the JSON array of them. */
export const wsFrames = (frames: readonly string[]): Buffer =>
  wsTextMessage(frames.length === 1 ? (frames[0] as string) : `[${frames.join(',')}]`);

/** Counters for the benchmark and /metrics-like reports. */
export interface FanoutStats {
  /** Frames delivered to sockets (one frame to one socket counts one). */
  deliveries: number;
  /** WebSocket messages written. */
  writes: number;
  /** Sockets terminated as slow consumers. */
  slowDropped: number;
}

const OPEN = 1;

/**
 * Writes a prepared message to one socket: directly to its TCP socket (the bytes are a complete WebSocket
 * message, and with per-message deflate off `ws` writes its own frames synchronously too, so messages
 * never interleave). A socket too far behind is terminated.
 */
export function writeTo(conn: Conn, message: Buffer, stats: FanoutStats): boolean {
  if (conn.dead) return false;
  const { ws, sock } = conn;
  if (ws.readyState !== OPEN) return false;
  if (sock) {
    if (!sock.writable) return false;
    const handle = (sock as RawSocket)._handle;
    const queued = sock.writableLength;
    if (queued + (handle?.writeQueueSize ?? 0) > CHAT_LIMITS.slowConsumerBytes) {
      dropSlow(conn, stats);
      return false;
    }
    if (queued > 0 || !handle || (sock as RawSocket).encrypted || !rawWrite(handle, message)) sock.write(message);
  } else {
    if (ws.bufferedAmount > CHAT_LIMITS.slowConsumerBytes) {
      dropSlow(conn, stats);
      return false;
    }
    ws.send(message.subarray(message[1] === 126 ? 4 : message[1] === 127 ? 10 : 2), { binary: false });
  }
  stats.writes++;
  return true;
}

/** The libuv stream handle of a net.Socket, as Node's own stream code uses it. */
interface RawHandle {
  writeBuffer(req: object, data: Buffer): number;
  /** Bytes libuv holds that the kernel has not taken yet. */
  readonly writeQueueSize: number;
}
/** A TLS socket's handle encrypts in its own stream code: only plain TCP sockets are written raw. */
type RawSocket = Duplex & { _handle?: RawHandle | null; encrypted?: boolean };
interface WriteReq {
  buffer: Buffer | null;
  oncomplete: () => void;
}
const streamWrap = (() => {
  try {
    const b = (process as unknown as { binding(name: string): Record<string, unknown> }).binding('stream_wrap');
    const state = b.streamBaseState as Int32Array | undefined;
    const WriteWrap = b.WriteWrap as (new () => WriteReq) | undefined;
    const async = b.kLastWriteWasAsync as number | undefined;
    return state && WriteWrap && async !== undefined ? { state, WriteWrap, async } : null;
  } catch {
    return null;
  }
})();
let spareReq: WriteReq | null = null;
const noop = () => {};

/**
 * One write straight to the TCP socket's libuv handle: what net.Socket.write ends in, without the stream
 * machinery around it (Writable state, a request object and callbacks per call, about 1 µs of a write's
 * 5–10). Only for a socket whose stream holds nothing queued, so bytes keep their order; when the kernel
 * takes only part, libuv queues the rest itself (counted in writeQueueSize, and every later write, ours
 * or the stream's, queues behind it). False when this Node offers no such handle: write through the stream.
 */
function rawWrite(handle: RawHandle, message: Buffer): boolean {
  if (!streamWrap || typeof handle.writeBuffer !== 'function') return false;
  let req = spareReq;
  if (!req) {
    req = new streamWrap.WriteWrap();
    req.oncomplete = noop;
  }
  req.buffer = message;
  spareReq = null;
  if (handle.writeBuffer(req, message) !== 0) return false; // nothing written: the stream reports the error
  if (streamWrap.state[streamWrap.async]) return true; // libuv holds the request (and the buffer) until the kernel takes it
  req.buffer = null;
  spareReq = req;
  return true;
}

function dropSlow(conn: Conn, stats: FanoutStats) {
  conn.dead = true;
  stats.slowDropped++;
  conn.ws.terminate();
}

/** A member's send counters in one room (shared by their sockets on this node). */
interface SendState {
  /** Start of the current rate window and messages in it. */
  windowStart: number;
  count: number;
  /** Last accepted message (slow mode). */
  last: number;
}

/** What another node holding the same room last said about it. */
/** Another node's room summary is forgotten this long after its last word (a killed node stops counting). */
export const PEER_TTL_MS = 5_000;

export interface PeerRoom {
  count: number;
  users: ChatUserInfo[];
  /** The node's list was capped: a user missing from it may still be there. */
  truncated: boolean;
  until: number;
}

export const USER_LIST_MAX = 500;

/**
 * Sockets the writer visits per slice (one turn of the event loop), and the writes it makes at most in
 * one. A write costs about 5–10 µs (the kernel's loopback or network send, whatever the bytes), so a slice
 * takes a few milliseconds: incoming frames and joins are read between two slices.
 */
export const SLICE_WRITES = 256;
const SLICE_VISITS = 4096;

/** A message built for a range of room frames, kept while the next sockets lack the same range. */
interface RangeMessage {
  from: number;
  to: number;
  /** The WebSocket message, or null when the range holds no frame for this kind of socket. */
  message: Buffer | null;
  /** Frames in it. */
  count: number;
}

/**
 * Who gets a room frame (the window's audience mask): everyone, the moderators, or (AUD_TR + t, t ≥ 1) the
 * sockets whose Conn.tr is t, i.e. whose translations are into LANGS[t - 1].
 */
const AUD_ALL = 0;
const AUD_MODS = 1;
const AUD_TR = 1;
/** Everyone but the moderators (the member count of a room whose BJ keeps it private goes to these without it). */
const AUD_VIEWERS = -1;

/** The translation audience of a language (its Conn.tr). */
export const translationAudience = (lang: Lang): number => LANGS.indexOf(lang) + 1;

const ROLE_ORDER: Record<ChatRoomRole, number> = { bj: 0, manager: 1, operator: 2, user: 3, guest: 4 };

/** One live room on this node: its sockets, its members, its pending frames. */
export class Room {
  readonly conns = new Set<Conn>();
  /** Signed-in members by user_key (a member may have several sockets). */
  private readonly members = new Map<number, Conn[]>();
  /** Guests on this node: sockets per guest id (a guest with three tabs is one user). */
  private readonly guests = new Map<string, number>();
  /**
   * The window: room frames (JSON texts) that some socket may still lack; `frames[i]` has sequence number
   * `base + i`, and `aud[i]` (when there is any) says who receives it: AUD_ALL, AUD_MODS, or AUD_TR + a
   * translation audience (translationAudience).
   */
  private frames: string[] = [];
  private aud: number[] | null = null;
  private base = 0;
  /** The writer: a slice is scheduled or running; the walk in progress; the head when it began; when it began. */
  private writing = false;
  private walk: Iterator<Conn> | null = null;
  private walkHead = 0;
  private walkStart = -Infinity;
  /**
   * The last message built for a range, per kind of socket (moderator or not × the language of its
   * translations, rangeMessage); only the first is used while every frame of the window is for everyone.
   */
  private ranges: RangeMessage[] = [];
  /** Sockets here per translation audience (index Conn.tr; 0 counts those without translations). */
  private readonly trCounts: number[] = new Array(LANGS.length + 1).fill(0);
  /** Joins in progress (the room is not disposed under them). */
  holds = 0;
  /** The count last pushed to the sockets (presence pushes are throttled). */
  pushedTotal = -1;
  /** Bumped on every member change: the user list sent to other nodes is resent when it moved. */
  listVersion = 0;
  publishedVersion = -1;
  publishedCount = -1;
  lastPublish = 0;
  /** Other nodes holding this room (Redis bus only), by node id. */
  readonly peers = new Map<string, PeerRoom>();
  private readonly sends = new Map<number, SendState>();
  private bannedRe: RegExp | null = null;
  disposed = false;
  /** Why the room closed here (the broadcast ended or was frozen), for joins still in flight. */
  closedState: 'ended' | 'frozen' | null = null;
  /** The room's recent chat messages (T 0, any node, not hidden users' lines) by mid, as sent: what a pin (130) may pick. */
  private readonly recent = new Map<string, string>();

  constructor(
    public ctx: RoomContext,
    private readonly stats: FanoutStats,
  ) {
    this.compileBanned();
  }

  get vk(): string {
    return this.ctx.vk;
  }

  /** The room as a joiner gets it. */
  state(): ChatRoomState {
    const c = this.ctx;
    return {
      vk: c.vk,
      bj_user_key: c.bjUserKey,
      title: c.title,
      frozen: c.frozen ? 1 : 0,
      frozen_allow: c.frozen ? c.frozenAllow : [],
      hide_users: c.hideUsers,
      settings: c.settings,
      count_hidden: c.countHidden ? 1 : 0,
      notice: c.notice,
      pin: c.pin,
    };
  }

  /** Applies a patch of the room (an action's effects, a reload) and recompiles what depends on it. */
  patch(patch: Partial<RoomContext>) {
    this.ctx = { ...this.ctx, ...patch };
    if (patch.settings) this.compileBanned();
  }

  private compileBanned() {
    this.bannedRe = bannedWordsPattern(this.ctx.settings.banned_words);
  }

  /** Keeps a room chat message (its MSG_SEND frame) among the last RECENT_MESSAGES, for pins. */
  keepMessage(mid: string, json: string) {
    this.recent.set(mid, json);
    if (this.recent.size > RECENT_MESSAGES) this.recent.delete(this.recent.keys().next().value as string);
  }

  /** A recent room chat message by mid, or null when it is not (or no longer) kept. */
  recentMessage(mid: string): { mid: string; m: string; user: ChatUserInfo; ts: number } | null {
    const json = this.recent.get(mid);
    if (!json) return null;
    const { param } = JSON.parse(json) as { param: MsgSendPush };
    return { mid: param.mid, m: param.m, user: param.user, ts: param.ts };
  }

  /** The BJ's banned words replaced with `***`, case-insensitively. */
  censor(text: string): string {
    return this.bannedRe ? text.replace(this.bannedRe, '***') : text;
  }

  /** Users on this node (members and guests once each, whatever their sockets). */
  localCount(): number {
    return this.members.size + this.guests.size;
  }

  /** Users in the room on every node. */
  total(now = Date.now()): number {
    let n = this.localCount();
    for (const p of this.peers.values()) if (p.until > now) n += p.count;
    return n;
  }

  /** Adds a joined socket; true when it is the member's first socket here (a new user in the room). */
  add(conn: Conn): boolean {
    this.conns.add(conn);
    conn.room = this;
    this.trCounts[conn.tr] = (this.trCounts[conn.tr] ?? 0) + 1;
    // It gets the frames raised from now on.
    conn.seq = this.head;
    const key = conn.userKey;
    if (key === 0) {
      const n = this.guests.get(conn.guestId) ?? 0;
      this.guests.set(conn.guestId, n + 1);
      return n === 0;
    }
    const list = this.members.get(key);
    if (list) {
      list.push(conn);
      return false;
    }
    this.members.set(key, [conn]);
    this.listVersion++;
    return true;
  }

  /** Takes a socket out; true when it was the user's last socket here (the user left the room). */
  remove(conn: Conn): boolean {
    if (!this.conns.delete(conn)) return false;
    conn.room = null;
    this.trCounts[conn.tr] = (this.trCounts[conn.tr] ?? 1) - 1;
    const key = conn.userKey;
    if (key === 0) {
      const n = (this.guests.get(conn.guestId) ?? 1) - 1;
      if (n > 0) this.guests.set(conn.guestId, n);
      else this.guests.delete(conn.guestId);
      return n === 0;
    }
    const list = this.members.get(key);
    if (!list) return true;
    const i = list.indexOf(conn);
    if (i >= 0) list.splice(i, 1);
    if (list.length > 0) return false;
    this.members.delete(key);
    this.sends.delete(key);
    this.listVersion++;
    return true;
  }

  /** The sockets of one member on this node. */
  connsOf(userKey: number): readonly Conn[] {
    return this.members.get(userKey) ?? [];
  }

  /** The languages some socket here gets translations into (their members' translation setting is on). */
  translationTargets(): Lang[] {
    const out: Lang[] = [];
    for (let i = 0; i < LANGS.length; i++) if ((this.trCounts[i + 1] ?? 0) > 0) out.push(LANGS[i] as Lang);
    return out;
  }

  /** Marks the member list changed (a member's badges changed). */
  touchList() {
    this.listVersion++;
  }

  /**
   * The members of this node, moderators first (BJ, managers, operators), then in order of arrival, at
   * most `max`; `truncated` when some were left out.
   */
  localUsers(max = USER_LIST_MAX): { users: ChatUserInfo[]; truncated: boolean } {
    const mods: ChatUserInfo[] = [];
    const rest: ChatUserInfo[] = [];
    for (const list of this.members.values()) {
      const c = list[0] as Conn;
      if (!c.user) continue;
      if (c.mod) mods.push(c.user);
      else if (rest.length < max) rest.push(c.user);
    }
    mods.sort((a, b) => ROLE_ORDER[roleOf(a, this.ctx)] - ROLE_ORDER[roleOf(b, this.ctx)]);
    const users = mods.concat(rest).slice(0, max);
    return { users, truncated: this.members.size > users.length };
  }

  /** Every node's members, de-duplicated by user_key, moderators first, at most USER_LIST_MAX. */
  userList(now = Date.now()): ChatUserInfo[] {
    const seen = new Set<number>();
    const mods: ChatUserInfo[] = [];
    const rest: ChatUserInfo[] = [];
    const take = (u: ChatUserInfo) => {
      if (seen.has(u.user_key)) return;
      seen.add(u.user_key);
      if (roleOf(u, this.ctx) === 'user') rest.push(u);
      else mods.push(u);
    };
    for (const u of this.localUsers().users) take(u);
    for (const p of this.peers.values()) if (p.until > now) for (const u of p.users) take(u);
    mods.sort((a, b) => ROLE_ORDER[roleOf(a, this.ctx)] - ROLE_ORDER[roleOf(b, this.ctx)]);
    return mods.concat(rest).slice(0, USER_LIST_MAX);
  }

  /** A member of the room on another node, as that node last listed them. */
  peerUser(userKey: number, now = Date.now()): ChatUserInfo | 'maybe' | null {
    let maybe = false;
    for (const p of this.peers.values()) {
      if (p.until <= now) continue;
      const u = p.users.find((x) => x.user_key === userKey);
      if (u) return u;
      if (p.truncated) maybe = true;
    }
    return maybe ? 'maybe' : null;
  }

  /**
   * Rate per member (CHAT_LIMITS.ratePerWindow per rateWindowMs) and the BJ's slow mode: the seconds to
   * wait, or 0 when the message may go (and is counted).
   */
  admit(userKey: number, slowSec: number, now = Date.now()): number {
    let s = this.sends.get(userKey);
    if (!s) {
      s = { windowStart: now, count: 0, last: 0 };
      this.sends.set(userKey, s);
    }
    if (slowSec > 0 && s.last > 0 && now - s.last < slowSec * 1000) return Math.ceil((s.last + slowSec * 1000 - now) / 1000);
    if (now - s.windowStart >= CHAT_LIMITS.rateWindowMs) {
      s.windowStart = now;
      s.count = 0;
    }
    if (s.count >= CHAT_LIMITS.ratePerWindow) return Math.max(1, Math.ceil((s.windowStart + CHAT_LIMITS.rateWindowMs - now) / 1000));
    s.count++;
    s.last = now;
    return 0;
  }

  // -------------------------------------------------------------------------------------------------
  // Fan-out
  // -------------------------------------------------------------------------------------------------

  /** Sequence number the next room frame gets. */
  get head(): number {
    return this.base + this.frames.length;
  }

  /** Room frames some socket may still lack (tests and diagnostics). */
  get windowSize(): number {
    return this.frames.length;
  }

  /** Queues a frame (JSON text) for every socket of the room, or only its moderators, or everyone but them. */
  broadcast(json: string, moderatorsOnly = false, viewersOnly = false) {
    this.enqueue(json, moderatorsOnly ? AUD_MODS : viewersOnly ? AUD_VIEWERS : AUD_ALL);
  }

  /**
   * Queues a translation (250) for the sockets that get translations into `lang`, behind every frame raised
   * so far (its original among them): they get both in the same write when the writer reaches them.
   */
  broadcastTranslation(json: string, lang: Lang) {
    this.enqueue(json, AUD_TR + translationAudience(lang));
  }

  private enqueue(json: string, audience: number) {
    if (this.disposed) return;
    if (audience !== AUD_ALL) {
      if (!this.aud) this.aud = this.frames.map(() => AUD_ALL);
      this.aud.push(audience);
    } else if (this.aud) this.aud.push(AUD_ALL);
    this.frames.push(json);
    if (!this.writing) this.startWriter();
  }

  /**
   * Starts the writer for frames raised in an idle room: on the next turn of the event loop (so frames
   * read in the same turn travel together), or, when the last walk began less than CHAT_LIMITS.tickMs ago
   * (a small room walks its sockets in a few milliseconds), when tickMs has passed since: a busy small room
   * gathers a tick's frames into one message per socket. A room big enough that a walk lasts longer than
   * tickMs walks without a pause while frames keep coming.
   */
  private startWriter() {
    this.writing = true;
    const wait = this.walkStart + CHAT_LIMITS.tickMs - performance.now();
    if (wait <= 0) setImmediate(this.slice);
    else setTimeout(this.slice, wait);
  }

  /** One slice of the walk: up to SLICE_WRITES writes, then the rest on the next turn of the event loop. */
  private readonly slice = () => {
    if (this.disposed) {
      this.writing = false;
      this.walk = null;
      return;
    }
    if (!this.walk) {
      // A Set's iterator visits the sockets added after it began and skips those removed.
      this.walk = this.conns.values();
      this.walkHead = this.head;
      this.walkStart = performance.now();
    }
    const writes = this.stats.writes;
    let visits = 0;
    let delivered = 0;
    for (;;) {
      const next = this.walk.next();
      if (next.done) break;
      delivered += this.catchUp(next.value);
      if (this.stats.writes - writes >= SLICE_WRITES || ++visits >= SLICE_VISITS) {
        this.stats.deliveries += delivered;
        setImmediate(this.slice);
        return;
      }
    }
    this.stats.deliveries += delivered;
    // The walk is over: every socket has at least what the head was when it began.
    this.walk = null;
    this.trim(this.walkHead);
    if (this.head > this.walkHead) this.startWriter();
    else this.writing = false;
  };

  /** Writes a socket the room frames it lacks, as one message; the frames delivered. */
  private catchUp(conn: Conn): number {
    const to = this.head;
    const from = Math.max(conn.seq, this.base);
    if (from >= to) return 0;
    conn.seq = to;
    const range = this.rangeMessage(from, to, conn);
    return range.message && writeTo(conn, range.message, this.stats) ? range.count : 0;
  }

  /** The message for frames [from, to) as this kind of socket gets them, built once per range and kind. */
  private rangeMessage(from: number, to: number, conn: Conn): RangeMessage {
    // Every frame for everyone: one message for all. Else one per kind: moderator or not × translation language.
    const kind = this.aud ? (conn.mod ? 1 : 0) + 2 * conn.tr : 0;
    const last = this.ranges[kind];
    if (last && last.from === from && last.to === to) return last;
    const frames = this.framesFor(from, to, conn);
    const built: RangeMessage = { from, to, message: frames.length > 0 ? wsFrames(frames) : null, count: frames.length };
    this.ranges[kind] = built;
    return built;
  }

  /** The room frames [from, to) a socket gets: those for everyone, for moderators if it is one, its translations. */
  private framesFor(from: number, to: number, conn: Conn): string[] {
    const start = from - this.base;
    const end = to - this.base;
    const mask = this.aud;
    if (!mask) return this.frames.slice(start, end);
    const mod = conn.mod;
    const tr = conn.tr === 0 ? -1 : AUD_TR + conn.tr;
    const out: string[] = [];
    for (let i = start; i < end; i++) {
      const a = mask[i];
      if (a === AUD_ALL || (a === AUD_MODS && mod) || (a === AUD_VIEWERS && !mod) || a === tr) out.push(this.frames[i] as string);
    }
    return out;
  }

  /** Drops the frames before `seq` (every socket has them). */
  private trim(seq: number) {
    const n = seq - this.base;
    if (n <= 0) return;
    if (n >= this.frames.length) {
      this.frames = [];
      this.aud = null;
    } else {
      this.frames = this.frames.slice(n);
      if (this.aud) {
        this.aud = this.aud.slice(n);
        if (this.aud.every((a) => a === AUD_ALL)) this.aud = null;
      }
    }
    this.base = seq;
  }

  /**
   * Sends frames to one socket now, as one message, after the room frames it has not been sent yet (so it
   * sees everything in the order it was raised); a socket of another room, or of none, gets the frames alone.
   */
  sendNow(conn: Conn, frames: readonly string[]) {
    let all = frames;
    if (conn.room === this && conn.seq < this.head) {
      all = this.framesFor(Math.max(conn.seq, this.base), this.head, conn).concat(frames);
      conn.seq = this.head;
    }
    if (all.length > 0 && writeTo(conn, wsFrames(all), this.stats)) this.stats.deliveries += all.length;
  }

  /** Sends frames now to every socket of one member here (those `only` accepts), each after its undelivered room frames. */
  sendToMember(userKey: number, frames: readonly string[], only?: (conn: Conn) => boolean) {
    const conns = this.members.get(userKey);
    if (!conns || frames.length === 0) return;
    let message: Buffer | null = null;
    for (const conn of conns) {
      if (only && !only(conn)) continue;
      if (conn.seq < this.head) this.sendNow(conn, frames);
      else {
        message ??= wsFrames(frames);
        if (writeTo(conn, message, this.stats)) this.stats.deliveries += frames.length;
      }
    }
  }
}

/** Sends frames to one socket now: through its room when it is in one (after the room frames it lacks), else alone. */
export function sendTo(conn: Conn, frames: readonly string[], stats: FanoutStats) {
  if (conn.room) conn.room.sendNow(conn, frames);
  else if (frames.length > 0 && writeTo(conn, wsFrames(frames), stats)) stats.deliveries += frames.length;
}

/** The room role of a user as its info says (the info carries is_bj/is_manager/is_operator for this room). */
export const roleOf = (user: ChatUserInfo, ctx: Pick<RoomContext, 'bjUserKey'>): ChatRoomRole => chatRoomRole(user, ctx.bjUserKey);
