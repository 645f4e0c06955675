import type { Duplex } from 'node:stream';
import {
  CHAT_LIMITS,
  type ChatFrame,
  type ChatRoomRole,
  type ChatRoomState,
  type ChatUserInfo,
  chatRoomRole,
  type Lang,
} from '@byeol/contract';
import type { WebSocket } from 'ws';
import type { MemberStanding, RoomContext } from './chat.types.js';

/**
 * Rooms and their fan-out (docs/chat-protocol.md, "Fan-out").
 *
 * A room frame is serialised once (by whoever raises it) and queued on the room; the frames of one tick
 * are joined into one JSON array, framed as one WebSocket text message once, and the same Buffer is
 * written to every socket's underlying net socket. A socket whose unsent bytes pass
 * CHAT_LIMITS.slowConsumerBytes is terminated instead of written to: a slow reader never holds the room.
 */

/** One WebSocket and what the chat knows about it; kept small (about 200 bytes besides the user info). */
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
    if (sock.writableLength > CHAT_LIMITS.slowConsumerBytes) {
      dropSlow(conn, stats);
      return false;
    }
    sock.write(message);
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
export interface PeerRoom {
  count: number;
  users: ChatUserInfo[];
  /** The node's list was capped: a user missing from it may still be there. */
  truncated: boolean;
  until: number;
}

export const USER_LIST_MAX = 500;

/**
 * Socket writes one room may make per second. A flush costs one write (a system call) per socket, about
 * 4–5 µs on a machine like the reference one, whatever the number of frames it carries: a room of 19,000
 * flushes every 190 ms (about half a core), one of up to 2,500 every CHAT_LIMITS.tickMs. Fewer, fuller
 * messages are also what lets every reader keep up.
 */
export const ROOM_WRITES_PER_SEC = 100_000;
const ROLE_ORDER: Record<ChatRoomRole, number> = { bj: 0, manager: 1, operator: 2, user: 3, guest: 4 };

/** One live room on this node: its sockets, its members, its pending frames. */
export class Room {
  readonly conns = new Set<Conn>();
  /** Signed-in members by user_key (a member may have several sockets). */
  private readonly members = new Map<number, Conn[]>();
  private guests = 0;
  /** Frames of the current tick; `modOnly[i]` marks those only moderators receive. */
  private pending: string[] = [];
  private modOnly: boolean[] | null = null;
  private scheduled = false;
  private lastStart = 0;
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
    return { vk: c.vk, bj_user_key: c.bjUserKey, title: c.title, frozen: c.frozen ? 1 : 0, hide_users: c.hideUsers, settings: c.settings };
  }

  /** Applies a patch of the room (an action's effects, a reload) and recompiles what depends on it. */
  patch(patch: Partial<RoomContext>) {
    this.ctx = { ...this.ctx, ...patch };
    if (patch.settings) this.compileBanned();
  }

  private compileBanned() {
    const words = this.ctx.settings.banned_words.filter((w) => w.length > 0);
    this.bannedRe = words.length ? new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu') : null;
  }

  /** The BJ's banned words replaced with `***`, case-insensitively. */
  censor(text: string): string {
    return this.bannedRe ? text.replace(this.bannedRe, '***') : text;
  }

  /** Users on this node (members once each, guests per socket). */
  localCount(): number {
    return this.members.size + this.guests;
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
    const key = conn.userKey;
    if (key === 0) {
      this.guests++;
      return true;
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
    const key = conn.userKey;
    if (key === 0) {
      this.guests--;
      return true;
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

  /** Queues a frame (JSON text) for every socket of the room, or only its moderators. */
  broadcast(json: string, moderatorsOnly = false) {
    if (this.disposed) return;
    if (moderatorsOnly) {
      if (!this.modOnly) this.modOnly = this.pending.map(() => false);
      this.modOnly.push(true);
    } else if (this.modOnly) this.modOnly.push(false);
    this.pending.push(json);
    this.schedule();
  }

  /**
   * Flushes at most once per tick: CHAT_LIMITS.tickMs, or longer in a room so big that a flush every tickMs
   * would pass ROOM_WRITES_PER_SEC. A quiet room sends at once (on the next turn of the event loop); a busy
   * one gathers a tick's frames into one message per socket. The next flush is always scheduled after the
   * event loop has read what arrived meanwhile (setImmediate runs after the poll phase): reading is never
   * starved.
   */
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    const now = performance.now();
    const earliest = this.lastStart + Math.max(CHAT_LIMITS.tickMs, (this.conns.size / ROOM_WRITES_PER_SEC) * 1000);
    if (earliest <= now) setImmediate(() => this.flush());
    else setTimeout(() => this.flush(), earliest - now);
  }

  /** Sends the pending frames: one message per socket, built once (twice when some are for moderators only). */
  flush() {
    this.scheduled = false;
    const frames = this.pending;
    if (frames.length === 0) return;
    const mask = this.modOnly;
    this.pending = [];
    this.modOnly = null;
    const start = performance.now();
    const everyone = mask ? frames.filter((_, i) => !mask[i]) : frames;
    const forAll = everyone.length > 0 ? wsFrames(everyone) : null;
    const forMods = mask ? wsFrames(frames) : forAll;
    let delivered = 0;
    for (const conn of this.conns) {
      const message = conn.mod ? forMods : forAll;
      if (message && writeTo(conn, message, this.stats)) delivered += conn.mod ? frames.length : everyone.length;
    }
    this.stats.deliveries += delivered;
    this.lastStart = start;
  }

  /** Sends frames to one socket now, as one message. */
  sendNow(conn: Conn, frames: readonly string[]) {
    if (frames.length === 0) return;
    if (writeTo(conn, wsFrames(frames), this.stats)) this.stats.deliveries += frames.length;
  }

  /** Sends frames now to every socket of one member here (those `only` accepts). */
  sendToMember(userKey: number, frames: readonly string[], only?: (conn: Conn) => boolean) {
    const conns = this.members.get(userKey);
    if (!conns || frames.length === 0) return;
    const message = wsFrames(frames);
    for (const conn of conns) if ((!only || only(conn)) && writeTo(conn, message, this.stats)) this.stats.deliveries += frames.length;
  }
}

/** The room role of a user as its info says (the info carries is_bj/is_manager/is_operator for this room). */
export const roleOf = (user: ChatUserInfo, ctx: Pick<RoomContext, 'bjUserKey'>): ChatRoomRole => chatRoomRole(user, ctx.bjUserKey);
