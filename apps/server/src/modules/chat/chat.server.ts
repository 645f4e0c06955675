import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type CaptionChatEventData,
  CHAT_ALL_ROOMS_CHANNEL,
  CHAT_LIMITS,
  CHAT_SOCKET_PATH,
  ChatEvent,
  ChatEventDetail,
  type ChatMinute,
  type ChatPlugins,
  ChatPush,
  ChatService,
  type ChatServiceName,
  type ChatUserInfo,
  chatRoomChannel,
  chatRoomRole,
  chatSticker,
  isChatModerator,
  JOIN_OK,
  kstMinute,
  LANG_COOKIE,
  LANGS,
  type Lang,
  LIVE_BUS_CHANNEL,
  type LiveBusMessage,
  type MsgSendPush,
  mayTalkWhileFrozen,
  mayUseSticker,
  type OutsideMsgPush,
  PLAIN_MESSAGE,
  PROGRESS_CHAT_CHANNEL,
  ResultCode,
  type ResultCodeName,
  type RoomClosePush,
  type RoomJoinAnswer,
  type RoomUserListParam,
  resolveLang,
  resultMessage,
  type StickerChatEventData,
  type UserPresencePush,
} from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Bus } from '../../platform/bus.js';
import { GuestCalls, isVideoChatCode } from './chat.guests.js';
import { NodeRegistry } from './chat.node.js';
import { CHAT_CONTROL_CHARS, Conn, type FanoutStats, frameJson, PEER_TTL_MS, type PeerRoom, Room, sendTo } from './chat.room.js';
import { type ChatTokenClaims, verifyChatToken } from './chat.token.js';
import type { ActionEffects, ApplyAction, ChatStore, MemberStanding, PushTarget, RoomContext } from './chat.types.js';
import { detectLanguage } from './translate/detect.js';
import type { Translations } from './translate/translator.js';

/**
 * The chat node: the `/wsock` WebSocket server on the app's HTTP server, the rooms this node holds, and
 * the bus traffic that ties it to the platform and to other chat nodes (docs/chat-protocol.md).
 *
 * Incoming frames are checked field by field; anything malformed is answered with CHAT_FRAME_INVALID
 * (under the request's service when it names a known one, else under ROOM_MSG_SEND) and the socket
 * stays open. A frame over CHAT_LIMITS.frameMaxBytes gets the same answer; only a frame over
 * HARD_PAYLOAD_MAX (which `ws` refuses before it is read whole) closes the socket with 1009.
 */

/** Incoming frames above this are cut by `ws` itself (close 1009); between frameMaxBytes and this they are answered. */
export const HARD_PAYLOAD_MAX = 16 * CHAT_LIMITS.frameMaxBytes;
/** Liveness: a socket that has not answered the previous ping within this is terminated. */
export const PING_INTERVAL_MS = 30_000;
/**
 * Each socket is pinged once per interval, a slice of them at a time in this many steps: a ping is a
 * socket write (5–10 µs), so pinging 19,000 sockets at once would stall the room writers for about 190 ms.
 */
const PING_STEPS = 60;
/** Above presencePushMaxRoom users, counts are pushed at most this often (and in any room when only guests moved). */
export const COUNT_PUSH_MS = 2_000;
/** Chat minutes go to the experience job every this many ticks (seconds). */
const CHAT_MINUTES_EVERY_TICKS = 5;
/** Frames a busy socket (a join or action in flight) may queue before further frames are refused. */
const QUEUE_MAX = 16;
const ROOM_KEY_MAX = 100;
/**
 * A star gift moves the BJ's VIP ranks once its fan row is written, just after the ledger commits
 * (docs/wallet-ledger.md#fans-and-rankings): the room's ranks are read again this long after a gift, and
 * once more while gifts keep coming (one read per room per interval at most).
 */
export const VIP_REFRESH_MS = 1000;

/** Messages chat nodes exchange on chatRoomChannel(vk); `o` is the origin node, which ignores its own echo. */
type NodeMessage = { kind: 'node'; o: string } & (
  | { t: 'hi' }
  | { t: 'bye' }
  /** The node's users in the room; `users` (capped, `tr` when cut) only when its list changed or was asked for. */
  | { t: 'cnt'; n: number; users?: ChatUserInfo[]; tr?: 1 }
  /**
   * A room frame; `mo`: moderators only; `u`: also to that member's own sockets (a hidden user's message);
   * `c`: a chat message's mid and text, which each node translates for its own sockets (250).
   */
  | { t: 'f'; f: string; mo?: 1; vo?: 1; u?: number; c?: [string, string] }
  /** Frames for single members: [user_key, frame]. */
  | { t: 'u'; d: Array<[number, string]> }
  /** An action's outcome: every node delivers the pushes and applies the effects. */
  | { t: 'act'; p: Array<{ target: PushTarget; push: OutsideMsgPush }>; e: ActionEffects }
);
type NodeBody = NodeMessage extends infer M ? (M extends { kind: 'node'; o: string } ? Omit<M, 'kind' | 'o'> : never) : never;

type Parsed =
  | { ok: true; service: ChatServiceName; param: Record<string, unknown>; rid: number | undefined }
  | { ok: false; service: ChatServiceName; rid: number | undefined };

const SERVICES = new Set<string>(Object.values(ChatService));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads one client frame; never throws. */
export function parseFrame(data: RawData, isBinary: boolean, maxBytes: number = CHAT_LIMITS.frameMaxBytes): Parsed {
  const fallback: ChatServiceName = ChatService.ROOM_MSG_SEND;
  if (isBinary || !Buffer.isBuffer(data) || data.length > maxBytes) return { ok: false, service: fallback, rid: undefined };
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    return { ok: false, service: fallback, rid: undefined };
  }
  if (!isObject(value)) return { ok: false, service: fallback, rid: undefined };
  const service = typeof value.service === 'string' && SERVICES.has(value.service) ? (value.service as ChatServiceName) : undefined;
  const param = value.param === undefined ? {} : value.param;
  const rid = isObject(param) && Number.isSafeInteger(param.rid) ? (param.rid as number) : undefined;
  if (!service || !isObject(param)) return { ok: false, service: service ?? fallback, rid };
  if (param.rid !== undefined && rid === undefined) return { ok: false, service, rid };
  switch (service) {
    case ChatService.ROOM_JOIN:
      if (typeof param.us !== 'string' || typeof param.vk !== 'string' || param.vk.length === 0 || param.vk.length > ROOM_KEY_MAX)
        return { ok: false, service, rid };
      break;
    case ChatService.ROOM_MSG_SEND: {
      if (param.m !== undefined && typeof param.m !== 'string') return { ok: false, service, rid };
      const p = param.plugins;
      if (p !== undefined) {
        if (!isObject(p) || !Number.isSafeInteger(p.T) || (p.T as number) < 0) return { ok: false, service, rid };
        if (p.target !== undefined && !Number.isSafeInteger(p.target)) return { ok: false, service, rid };
        if (p.off !== undefined && p.off !== 0 && p.off !== 1) return { ok: false, service, rid };
      }
      break;
    }
  }
  return { ok: true, service, param, rid };
}

/** A chat message as it is kept: control and bidi-override characters removed, trimmed. */
export const cleanText = (m: string) => m.replace(CHAT_CONTROL_CHARS, '').trim();
const chars = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
/** Something a browser would follow: a scheme or www., or a host name under a common top-level domain. */
export const LINK =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|kr|io|me|ly|gg|tv|co|jp|cn|xyz|info|link|app|dev|site|live|shop|biz|to|be|us|uk)\b/i;

function langOfCookie(header: string | undefined): Lang {
  if (!header) return 'ko';
  const m = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(header);
  return resolveLang(m ? decodeURIComponent(m[1] as string) : undefined);
}

const isLoopback = (address: string) => address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');

const CONN = Symbol('chat.conn');
type ChatSocket = WebSocket & { [CONN]?: Conn };

export interface ChatEngineOptions {
  bus: Bus;
  store: ChatStore;
  applyAction: ApplyAction;
  /** CHAT_TOKEN_SECRET */
  secret: string;
  /** This node's id in the presence set (chatNodeId). */
  nodeId: string;
  /** CHAT_NODE_CAPACITY: joined sockets before joins are refused and the monitor sends rooms elsewhere. */
  capacity: number;
  /** CHAT_MAX_SOCKETS_PER_ADDRESS: open sockets per client address (more are refused with HTTP 429). */
  maxSocketsPerAddress?: number;
  /** CHAT_MAX_SOCKETS_PER_IDENTITY: joined sockets per member or guest token (more joins: CHAT_TOO_MANY_CONNECTIONS). */
  maxSocketsPerIdentity?: number;
  /** TRUST_PROXY: the client address is the left-most X-Forwarded-For entry. */
  trustProxy?: boolean;
  log: FastifyBaseLogger;
  pingIntervalMs?: number;
  /** TRANSLATOR behind its cache: room messages are translated for members who turned translation on (250). */
  translations?: Translations;
}

export interface ChatNodeStats extends FanoutStats {
  sockets: number;
  joined: number;
  rooms: number;
}

/** A join, send or list that could not be done: the result code and its message parameters. */
class Refusal {
  constructor(
    readonly code: ResultCodeName,
    readonly params: Record<string, string | number> = {},
  ) {}
}

export class ChatEngine {
  readonly nodeId: string;
  private readonly stats: FanoutStats = { deliveries: 0, writes: 0, slowDropped: 0 };
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Conn>();
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | RoomContext | null>>();
  private readonly unsubscribers = new Map<Room, Promise<() => Promise<void>>>();
  private readonly globalUnsubscribers: Array<() => Promise<void>> = [];
  /** Rooms whose VIP ranks are to be read again (after a star gift): the pending timer and the last gift's time. */
  private readonly vipRefreshes = new Map<Room, { timer: NodeJS.Timeout | null; giftAt: number }>();
  private readonly registry: NodeRegistry;
  /** Video connection with guests (chat.guests.ts): the rooms' guests, and the WebRTC signalling relay. */
  readonly guests: GuestCalls;
  /** With Redis, rooms are shared with other nodes over the bus; in memory there is only this node. */
  private readonly shared: boolean;
  private readonly midPrefix = randomBytes(3).toString('hex');
  /** Members' chat minutes not yet sent to the experience job (PROGRESS_CHAT_CHANNEL), by member|room|minute. */
  private chatMinutes = new Map<string, ChatMinute>();
  private seq = 0;
  private joined = 0;
  /** Open sockets per client address, and joined sockets per identity (`u:…`/`g:…`), on this node. */
  private readonly perAddress = new Map<string, number>();
  private readonly perIdentity = new Map<string, number>();
  private closing = false;
  private pingTimer: NodeJS.Timeout | undefined;
  private pingWalk: Iterator<Conn> | null = null;
  private pingRoundStart = -Infinity;
  private tickTimer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private server: Server | null = null;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head);

  constructor(private readonly opts: ChatEngineOptions) {
    this.nodeId = opts.nodeId;
    this.shared = opts.bus.kind === 'redis';
    this.wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: HARD_PAYLOAD_MAX });
    this.registry = new NodeRegistry(opts.bus, opts.nodeId, opts.capacity, () => this.joined, opts.log);
    this.guests = new GuestCalls({ bus: opts.bus, store: opts.store, nodeId: opts.nodeId, log: opts.log });
  }

  // -------------------------------------------------------------------------------------------------
  // Lifecycle
  // -------------------------------------------------------------------------------------------------

  /** Takes WebSocket upgrades of CHAT_SOCKET_PATH on `server`. */
  attach(server: Server) {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
  }

  /** Subscribes to the platform's channels and joins the node presence set. */
  async start(): Promise<void> {
    const { bus } = this.opts;
    this.globalUnsubscribers.push(
      await bus.subscribe(LIVE_BUS_CHANNEL, (m) => this.guard('live', () => this.onLive(m))),
      await bus.subscribe(CHAT_ALL_ROOMS_CHANNEL, (m) => this.guard('all rooms', () => this.onAllRooms(m))),
    );
    await this.registry.start();
    this.pingTimer = setInterval(() => this.pingStep(), (this.opts.pingIntervalMs ?? PING_INTERVAL_MS) / PING_STEPS);
    this.pingTimer.unref();
    this.tickTimer = setInterval(() => this.guard('tick', () => this.tick()), 1000);
    this.tickTimer.unref();
  }

  /** Leaves the presence set, closes every socket with 1001 (terminating those that do not finish in 1 s). */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.pingTimer);
    clearInterval(this.tickTimer);
    this.flushChatMinutes();
    for (const r of this.vipRefreshes.values()) if (r.timer) clearTimeout(r.timer);
    this.vipRefreshes.clear();
    this.server?.off('upgrade', this.onUpgrade);
    await this.registry.stop();
    const closed = [...this.conns].map(
      (conn) =>
        new Promise<void>((resolve) => {
          if (conn.ws.readyState === 3) return resolve();
          conn.ws.once('close', () => resolve());
          try {
            conn.ws.close(1001, 'server shutting down');
          } catch {
            conn.ws.terminate();
          }
        }),
    );
    const grace = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([Promise.all(closed), grace]);
    for (const conn of this.conns) conn.ws.terminate();
    const unsubs = [...this.unsubscribers.values()];
    this.unsubscribers.clear();
    await Promise.allSettled([...unsubs.map(async (u) => (await u)()), ...this.globalUnsubscribers.map((u) => u())]);
    this.rooms.clear();
    // The guests' last changes reach chat_room_board before the database closes.
    await this.guests.flush();
  }

  statsNow(): ChatNodeStats {
    return { ...this.stats, sockets: this.conns.size, joined: this.joined, rooms: this.rooms.size };
  }

  /** A room this node holds (tests and diagnostics). */
  room(vk: string): Room | undefined {
    return this.rooms.get(vk);
  }

  private guard(what: string, fn: () => unknown) {
    try {
      const r = fn();
      if (r instanceof Promise) r.catch((err: unknown) => this.opts.log.error({ err }, `chat ${what} failed`));
    } catch (err) {
      this.opts.log.error({ err }, `chat ${what} failed`);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Sockets
  // -------------------------------------------------------------------------------------------------

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (req.url ?? '').split('?')[0];
    if (path !== CHAT_SOCKET_PATH) {
      // Nobody else takes upgrades in this process: refuse instead of leaving the socket hanging.
      if (this.server && this.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    if (this.closing) {
      socket.destroy();
      return;
    }
    const address = this.addressOf(req);
    // Loopback is not capped: the benchmarks, and a reverse proxy on this host without TRUST_PROXY (then
    // every client looks like 127.0.0.1; set TRUST_PROXY to cap real addresses).
    if (!isLoopback(address) && (this.perAddress.get(address) ?? 0) >= (this.opts.maxSocketsPerAddress ?? Number.POSITIVE_INFINITY)) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connection(ws as ChatSocket, req, address));
  }

  /** The client's address: the socket's, or behind a trusted proxy the left-most X-Forwarded-For entry. */
  private addressOf(req: IncomingMessage): string {
    const forwarded = this.opts.trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || req.socket.remoteAddress || '';
  }

  private connection(ws: ChatSocket, req: IncomingMessage, address: string) {
    const sock = (ws as unknown as { _socket?: Duplex })._socket ?? null;
    const conn = new Conn(ws, sock, langOfCookie(req.headers.cookie));
    conn.address = address;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    ws[CONN] = conn;
    this.conns.add(conn);
    // Shared listeners (`this` is the socket): no closure per socket.
    ws.on('message', this.onMessage);
    ws.on('close', this.onClose);
    ws.on('pong', onPong);
    ws.on('error', noop);
  }

  private readonly onMessage = ((engine: ChatEngine) =>
    function onMessage(this: ChatSocket, data: RawData, isBinary: boolean) {
      const conn = this[CONN];
      if (conn) engine.receive(conn, data, isBinary);
    })(this);

  private readonly onClose = ((engine: ChatEngine) =>
    function onClose(this: ChatSocket) {
      const conn = this[CONN];
      if (!conn) return;
      conn.dead = true;
      engine.conns.delete(conn);
      engine.leave(conn);
      const left = (engine.perAddress.get(conn.address) ?? 1) - 1;
      if (left > 0) engine.perAddress.set(conn.address, left);
      else engine.perAddress.delete(conn.address);
    })(this);

  /**
   * One step of the liveness round: the next slice of sockets (a round visits each socket once, in at most
   * PING_STEPS steps, and starts once per interval). A socket that has not answered its previous ping since
   * its last visit is terminated; the others are pinged.
   */
  private pingStep() {
    const interval = this.opts.pingIntervalMs ?? PING_INTERVAL_MS;
    if (!this.pingWalk) {
      const now = performance.now();
      if (now < this.pingRoundStart + interval) return;
      this.pingRoundStart = now;
      this.pingWalk = this.conns.values();
    }
    for (let n = Math.max(1, Math.ceil(this.conns.size / PING_STEPS)); n > 0; n--) {
      const next = this.pingWalk.next();
      if (next.done) {
        this.pingWalk = null;
        return;
      }
      const conn = next.value;
      if (!conn.alive) {
        conn.dead = true;
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        // closing already
      }
    }
  }

  private receive(conn: Conn, data: RawData, isBinary: boolean) {
    conn.alive = true;
    if (conn.busy) {
      if (isBinary) return this.fail(conn, ChatService.ROOM_MSG_SEND, undefined, new Refusal('CHAT_FRAME_INVALID'));
      conn.queue ??= [];
      if (conn.queue.length >= QUEUE_MAX) return this.fail(conn, ChatService.ROOM_MSG_SEND, undefined, new Refusal('CHAT_FRAME_INVALID'));
      conn.queue.push(data as Buffer);
      return;
    }
    this.handle(conn, data, isBinary);
  }

  private handle(conn: Conn, data: RawData, isBinary: boolean) {
    const parsed = parseFrame(data, isBinary, this.guests.frameLimit(conn));
    if (!parsed.ok) return this.fail(conn, parsed.service, parsed.rid, new Refusal('CHAT_FRAME_INVALID'));
    const { service, param, rid } = parsed;
    let work: Promise<void> | undefined;
    try {
      switch (service) {
        case ChatService.ROOM_JOIN:
          work = this.join(conn, param.us as string, param.vk as string, rid);
          break;
        case ChatService.ROOM_MSG_SEND:
          work = this.send(
            conn,
            (param.m as string | undefined) ?? '',
            (param.plugins as ChatPlugins | undefined) ?? { T: PLAIN_MESSAGE },
            rid,
          );
          break;
        case ChatService.ROOM_BYE:
          this.leave(conn);
          this.answer(conn, service, { result: 1, ...(rid !== undefined ? { rid } : {}) });
          break;
        case ChatService.ROOM_USER_LIST:
          this.listUsers(conn, rid);
          break;
      }
    } catch (err) {
      return this.fault(conn, service, rid, err);
    }
    if (!work) return;
    conn.busy = true;
    work
      .catch((err: unknown) => this.fault(conn, service, rid, err))
      .finally(() => {
        conn.busy = false;
        const queue = conn.queue;
        while (queue && queue.length > 0 && !conn.busy && !conn.dead) this.handle(conn, queue.shift() as Buffer, false);
      });
  }

  private fault(conn: Conn, service: ChatServiceName, rid: number | undefined, err: unknown) {
    if (err instanceof Refusal) return this.fail(conn, service, rid, err);
    this.opts.log.error({ err, service }, 'chat request failed');
    this.fail(conn, service, rid, new Refusal('INTERNAL_ERROR'));
  }

  /** An answer goes at once, after the room frames the socket has not been sent yet (it sees them first). */
  private answer(conn: Conn, service: ChatServiceName, param: object) {
    sendTo(conn, [frameJson(service, param)], this.stats);
  }

  private fail(conn: Conn, service: ChatServiceName, rid: number | undefined, r: Refusal) {
    this.answer(conn, service, {
      result: 0,
      ...(rid !== undefined ? { rid } : {}),
      msg: resultMessage(r.code, conn.lang, r.params),
      code: ResultCode[r.code],
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Rooms
  // -------------------------------------------------------------------------------------------------

  /** The room held here, loaded (and subscribed to) on first use; a RoomContext when it is not live; null when unknown. */
  private async openRoom(vk: string): Promise<Room | RoomContext | null> {
    const held = this.rooms.get(vk);
    if (held) return held;
    let loading = this.loading.get(vk);
    if (!loading) {
      loading = this.loadRoom(vk).finally(() => this.loading.delete(vk));
      this.loading.set(vk, loading);
    }
    return loading;
  }

  private async loadRoom(vk: string): Promise<Room | RoomContext | null> {
    const ctx = await this.opts.store.loadRoom(vk);
    if (ctx?.state !== 'live' || this.closing) return ctx;
    const room = new Room(ctx, this.stats);
    const subscribing = this.opts.bus.subscribe(chatRoomChannel(vk), (m) => this.guard('room bus', () => this.onRoomBus(room, m)));
    this.unsubscribers.set(room, subscribing);
    try {
      await subscribing;
    } catch (err) {
      this.unsubscribers.delete(room);
      throw err;
    }
    this.rooms.set(vk, room);
    this.publish(room, { t: 'hi' });
    return room;
  }

  private maybeDispose(room: Room) {
    if (room.conns.size === 0 && room.holds === 0) this.dispose(room);
  }

  private dispose(room: Room) {
    if (room.disposed) return;
    room.disposed = true;
    if (this.rooms.get(room.vk) === room) this.rooms.delete(room.vk);
    const vips = this.vipRefreshes.get(room);
    if (vips?.timer) clearTimeout(vips.timer);
    this.vipRefreshes.delete(room);
    this.publish(room, { t: 'bye' });
    const unsub = this.unsubscribers.get(room);
    this.unsubscribers.delete(room);
    unsub?.then((u) => u()).catch((err: unknown) => this.opts.log.warn({ err }, 'chat room unsubscribe failed'));
  }

  /**
   * Sends a node message to the other nodes holding the room (Redis only). Room traffic goes out even when
   * no other node is known yet: a node that just opened the room is subscribed before its first join is
   * answered, so it never misses what follows.
   */
  private publish(room: Room, body: NodeBody) {
    if (!this.shared || this.closing) return;
    const message = { kind: 'node', o: this.nodeId, ...body };
    this.opts.bus.publish(chatRoomChannel(room.vk), message).catch((err: unknown) => this.opts.log.warn({ err }, 'chat publish failed'));
  }

  /** A frame for the whole room on every node (or only its moderators, or everyone but them). */
  private roomFrame(room: Room, json: string, moderatorsOnly = false, viewersOnly = false) {
    room.broadcast(json, moderatorsOnly, viewersOnly);
    this.publish(room, moderatorsOnly ? { t: 'f', f: json, mo: 1 } : viewersOnly ? { t: 'f', f: json, vo: 1 } : { t: 'f', f: json });
  }

  private presence(room: Room, service: 'USER_JOIN' | 'USER_OUT', user: ChatUserInfo) {
    const total = room.total();
    if (total > CHAT_LIMITS.presencePushMaxRoom) return;
    const push: UserPresencePush = { user, user_total_count: total };
    if (room.ctx.countHidden) {
      // The BJ keeps the count private: moderators get it, the others the same presence without it.
      this.roomFrame(room, frameJson(service, push), true);
      this.roomFrame(room, frameJson(service, { user }), false, true);
    } else this.roomFrame(room, frameJson(service, push));
    room.pushedTotal = total;
  }

  /** The member count a socket may see: the room's, or 0 for a non-moderator when the BJ keeps it private. */
  private totalFor(room: Room | undefined, ctx: RoomContext, mod: boolean): number {
    if (ctx.countHidden && !mod) return 0;
    return room ? room.total() : 0;
  }

  // -------------------------------------------------------------------------------------------------
  // Services
  // -------------------------------------------------------------------------------------------------

  private async join(conn: Conn, us: string, vk: string, rid: number | undefined): Promise<void> {
    const claims = verifyChatToken(this.opts.secret, us);
    if (claims) conn.lang = claims.lg;
    if (!claims || claims.vk !== vk) throw new Refusal('CHAT_TOKEN_INVALID');
    if (this.joined - (conn.room ? 1 : 0) >= this.opts.capacity) throw new Refusal('CHAT_UNAVAILABLE');

    let room: Room | undefined;
    for (let attempt = 0; attempt < 3 && !room; attempt++) {
      const opened = await this.openRoom(vk);
      if (!opened) throw new Refusal('BROADCAST_NOT_FOUND');
      if (!(opened instanceof Room)) throw new Refusal(opened.state === 'frozen' ? 'BROADCAST_FROZEN' : 'BROADCAST_ENDED');
      if (!opened.disposed) room = opened;
    }
    if (!room) throw new Refusal('CHAT_UNAVAILABLE');

    // Held while the join is in flight: the room is not disposed under it (not even by this socket leaving it).
    room.holds++;
    try {
      await this.admit(conn, room, claims, rid);
    } finally {
      room.holds--;
      this.maybeDispose(room);
    }
  }

  private async admit(conn: Conn, room: Room, claims: ChatTokenClaims, rid: number | undefined): Promise<void> {
    const standing: MemberStanding =
      claims.uk === 0
        ? { isManager: false, roomBlocked: false, forcedOut: false, frozen: false, blocks: [] }
        : await this.opts.store.loadStanding(room.ctx, claims.uk);
    if (conn.dead) return;
    if (room.disposed) {
      const state = room.closedState;
      throw new Refusal(state === 'frozen' ? 'BROADCAST_FROZEN' : state === 'ended' ? 'BROADCAST_ENDED' : 'CHAT_UNAVAILABLE');
    }
    if (standing.forcedOut) throw new Refusal('CHAT_FORCED_OUT');
    if (standing.roomBlocked) throw new Refusal('CHAT_BLOCKED');
    const identity = claims.uk === 0 ? `g:${claims.gid}` : `u:${claims.uk}`;
    const maxPerIdentity = this.opts.maxSocketsPerIdentity ?? Number.POSITIVE_INFINITY;
    const held = (this.perIdentity.get(identity) ?? 0) - (conn.identity === identity ? 1 : 0);
    if (held >= maxPerIdentity) throw new Refusal('CHAT_TOO_MANY_CONNECTIONS', { num: maxPerIdentity });
    // One room at a time: a successful join leaves the room the socket was in (which may be this one).
    this.leave(conn);

    const ctx = room.ctx;
    const uk = claims.uk;
    const bjLike = (k: number) => k !== 0 && (k === ctx.bjUserKey || k === ctx.bjOwnerUserKey);
    const user: ChatUserInfo = {
      user_key: uk,
      id: claims.id,
      nick: claims.nick,
      is_bj: uk !== 0 && (bjLike(uk) || bjLike(claims.ow)) ? 1 : 0,
      is_manager: standing.isManager ? 1 : 0,
      is_operator: uk !== 0 ? claims.op : 0,
      is_guest: uk === 0 ? 1 : 0,
      ...(standing.isFan ? { is_fan: 1 as const } : {}),
      ...(standing.fanNo ? { fan_no: standing.fanNo } : {}),
      ...(standing.follower ? { is_follower: 1 as const } : {}),
      ...(standing.vipRank ? { vip_rank: standing.vipRank } : {}),
      ...(standing.supporter ? { is_supporter: 1 as const } : {}),
    };
    conn.user = user;
    conn.role = chatRoomRole(user, ctx.bjUserKey);
    conn.mod = isChatModerator(conn.role);
    conn.standing = standing;
    conn.guestId = claims.gid;
    conn.phoneVerified = uk !== 0 && claims.pv === 1;
    // Translations into the member's language when they turned them on and this node translates (250).
    conn.tr = uk !== 0 && claims.tr === 1 && this.opts.translations?.active ? LANGS.indexOf(claims.lg) + 1 : 0;
    const first = room.add(conn);
    this.joined++;
    conn.identity = identity;
    this.perIdentity.set(identity, (this.perIdentity.get(identity) ?? 0) + 1);

    const answer: RoomJoinAnswer = {
      result: JOIN_OK,
      ...(rid !== undefined ? { rid } : {}),
      user_info: user,
      user_total_count: this.totalFor(room, room.ctx, conn.mod),
      room: room.state(),
      // The member's own block list: a reloaded page hides those users' lines from the start.
      blocked: standing.blocks,
    };
    this.answer(conn, ChatService.ROOM_JOIN, answer);
    const ts = Date.now();
    const own: string[] = [];
    if (ctx.settings.greeting) own.push(outside({ code: ChatEvent.GREETINGS, ts, m: ctx.settings.greeting }));
    if (ctx.frozen) own.push(outside({ code: ChatEventDetail.FREEZE_ALL_STATE, ts }));
    if (standing.frozen) own.push(outside({ code: ChatEventDetail.FREEZE_USER_STATE, ts, target: user }));
    room.sendNow(conn, own);

    if (first && uk !== 0) {
      this.presence(room, ChatPush.USER_JOIN, user);
      if (conn.mod) this.roomFrame(room, outside({ code: ChatEvent.ENTER_EFFECT, ts, target: user }));
    }
  }

  /** Takes the socket out of its room (USER_OUT when it was the user's last socket there). */
  private leave(conn: Conn) {
    const room = conn.room;
    if (!room) return;
    const user = conn.user;
    const last = room.remove(conn);
    this.joined--;
    const held = (this.perIdentity.get(conn.identity) ?? 1) - 1;
    if (held > 0) this.perIdentity.set(conn.identity, held);
    else this.perIdentity.delete(conn.identity);
    conn.identity = '';
    if (last && user && user.user_key !== 0 && !room.disposed) this.presence(room, ChatPush.USER_OUT, user);
    this.maybeDispose(room);
  }

  private send(conn: Conn, m: string, plugins: ChatPlugins, rid: number | undefined): Promise<void> | undefined {
    const room = conn.room;
    const user = conn.user;
    if (!room || !user) throw new Refusal('CHAT_NOT_JOINED');
    if (user.user_key === 0) throw new Refusal('LOGIN_REQUIRED');
    const ok = { result: 1, ...(rid !== undefined ? { rid } : {}) };
    if (plugins.T === PLAIN_MESSAGE) {
      this.chat(conn, room, user, m);
      this.answer(conn, ChatService.ROOM_MSG_SEND, ok);
      return undefined;
    }
    if (plugins.T === ChatEvent.STICKER) {
      this.sticker(conn, room, user, plugins.value);
      this.answer(conn, ChatService.ROOM_MSG_SEND, ok);
      return undefined;
    }
    if (plugins.T === ChatEvent.WHISPER_SENDER) {
      const done = this.whisper(conn, room, user, m, plugins.target);
      if (!done) {
        this.answer(conn, ChatService.ROOM_MSG_SEND, ok);
        return undefined;
      }
      return done.then(() => this.answer(conn, ChatService.ROOM_MSG_SEND, ok));
    }
    if (isVideoChatCode(plugins.T))
      return this.guests.command(conn, room, plugins).then((refused) => {
        if (refused) throw new Refusal(refused.code, refused.params);
        this.answer(conn, ChatService.ROOM_MSG_SEND, ok);
      });
    return this.action(conn, room, user, m, plugins).then(() => this.answer(conn, ChatService.ROOM_MSG_SEND, ok));
  }

  /** The text of a message or whisper, checked: length, and for non-moderators the frozen chat and their own suspension. */
  private text(conn: Conn, m: string): string {
    const text = cleanText(m);
    const n = chars(text);
    if (n < 1 || n > CHAT_LIMITS.messageMax) throw new Refusal('CHAT_MESSAGE_LENGTH', { max: CHAT_LIMITS.messageMax });
    if (!conn.mod && conn.standing?.frozen) throw new Refusal('CHAT_USER_FROZEN');
    return text;
  }

  private nextMid() {
    this.seq++;
    return `${this.midPrefix}${this.seq.toString(36)}`;
  }

  /** A non-moderator may not write in a frozen chat unless the freeze lets their standing talk. */
  private checkFrozenRoom(conn: Conn, room: Room, user: ChatUserInfo) {
    const ctx = room.ctx;
    if (!conn.mod && ctx.frozen && !mayTalkWhileFrozen(user, ctx.frozenAllow)) {
      const allow = ctx.frozenAllow;
      throw new Refusal(allow.length === 0 ? 'CHAT_FROZEN' : allow.includes('follower') ? 'CHAT_FROZEN_FOLLOWERS' : 'CHAT_FROZEN_FANS');
    }
  }

  /** The per-user rate and the BJ's slow mode, for non-moderators. */
  private pace(conn: Conn, room: Room, user: ChatUserInfo) {
    if (conn.mod) return;
    const wait = room.admit(user.user_key, room.ctx.settings.slow_sec);
    if (wait > 0) throw new Refusal('CHAT_TOO_FAST', { num: wait });
  }

  /**
   * A member's line to the room (a message or a sticker); a hidden user's goes to the moderators and to the
   * user themself only (who is not told). Answers whether the whole room got it.
   */
  private roomLine(conn: Conn, room: Room, user: ChatUserInfo, json: string, chat?: [string, string]): boolean {
    this.noteChatMinute(room, user.user_key);
    if (!conn.mod && room.ctx.hideUsers.includes(user.user_key)) {
      room.broadcast(json, true);
      room.sendToMember(user.user_key, [json], (c) => !c.mod);
      this.publish(room, { t: 'f', f: json, mo: 1, u: user.user_key });
      return false;
    }
    room.broadcast(json);
    this.publish(room, chat ? { t: 'f', f: json, c: chat } : { t: 'f', f: json });
    return true;
  }

  private chat(conn: Conn, room: Room, user: ChatUserInfo, m: string) {
    this.checkFrozenRoom(conn, room, user);
    const text = this.text(conn, m);
    if (!conn.mod && room.ctx.settings.links_yn === 'N' && LINK.test(text)) throw new Refusal('CHAT_LINKS_NOT_ALLOWED');
    this.pace(conn, room, user);
    const push: MsgSendPush = { mid: this.nextMid(), m: room.censor(text), plugins: { T: PLAIN_MESSAGE }, user, ts: Date.now() };
    const json = frameJson(ChatPush.MSG_SEND, push);
    if (!this.roomLine(conn, room, user, json, [push.mid, push.m])) return;
    room.keepMessage(push.mid, json);
    this.translate(room, push.mid, push.m);
  }

  /**
   * A sticker (12, `plugins.value` its id in CHAT_STICKERS): the rules of a message (frozen chat, the
   * member's suspension, rate and slow mode, hidden users); fan-only stickers need the fan badge or a fan
   * club number, moderators use any. The room gets OUTSIDE_MSG 12 with `by` and `data.sticker`.
   */
  private sticker(conn: Conn, room: Room, user: ChatUserInfo, value: unknown) {
    this.checkFrozenRoom(conn, room, user);
    if (!conn.mod && conn.standing?.frozen) throw new Refusal('CHAT_USER_FROZEN');
    const sticker = chatSticker(value);
    if (!sticker) throw new Refusal('CHAT_STICKER_UNKNOWN');
    if (!mayUseSticker(sticker, user, conn.mod)) throw new Refusal('CHAT_STICKER_FANS_ONLY');
    this.pace(conn, room, user);
    const data = { sticker: sticker.id } satisfies StickerChatEventData;
    this.roomLine(conn, room, user, outside({ code: ChatEvent.STICKER, ts: Date.now(), by: user, data }));
  }

  /**
   * A room message's translations (250) for the sockets here that want them: one per language they want
   * besides the message's own, each behind the original in the room's window (the glossary and cached texts
   * at once, in the same write; a service's answer when it comes). The original never waits for them.
   */
  private translate(room: Room, mid: string, text: string) {
    const translations = this.opts.translations;
    if (!translations?.active) return;
    const targets = room.translationTargets();
    if (targets.length === 0) return;
    const source = detectLanguage(text);
    if (!source) return;
    for (const target of targets) {
      if (target === source) continue;
      const got = translations.get(text, source, target);
      if (typeof got === 'string') this.caption(room, mid, text, source, target, got);
      else if (got) {
        const answer = got;
        this.guard('translation', () => answer.then((t) => t !== null && this.caption(room, mid, text, source, target, t)));
      }
    }
  }

  private caption(room: Room, mid: string, orig: string, source: Lang, target: Lang, translated: string) {
    if (room.disposed) return;
    const data: CaptionChatEventData = {
      mid,
      orig,
      source,
      target,
      engine: this.opts.translations?.name as CaptionChatEventData['engine'],
    };
    room.broadcastTranslation(
      outside({ code: ChatEvent.CAPTION, ts: Date.now(), m: translated, data: data as unknown as Record<string, unknown> }),
      target,
    );
  }

  /** The member chatted in this room this KST minute (experience, docs/progression.md): sent every few seconds. */
  private noteChatMinute(room: Room, userKey: number) {
    const minute = kstMinute();
    const key = `${userKey}|${room.vk}|${minute}`;
    if (!this.chatMinutes.has(key)) this.chatMinutes.set(key, [userKey, room.ctx.bjUserKey, room.vk, minute]);
  }

  private flushChatMinutes() {
    if (this.chatMinutes.size === 0) return;
    const a = [...this.chatMinutes.values()];
    this.chatMinutes = new Map();
    this.opts.bus.publish(PROGRESS_CHAT_CHANNEL, { a }).catch((err: unknown) => this.opts.log.warn({ err }, 'chat minutes not sent'));
  }

  /** A whisper (T 30): only its sender (copy T 30) and receiver (T 31) get it, on whichever node they are. */
  private whisper(conn: Conn, room: Room, user: ChatUserInfo, m: string, target: number | undefined): Promise<void> | undefined {
    if (target === undefined) throw new Refusal('CHAT_FRAME_INVALID');
    if (target <= 0 || target === user.user_key) throw new Refusal('CHAT_WHISPER_REFUSED');
    const text = room.censor(this.text(conn, m));
    const deliver = (to: ChatUserInfo, blocks: readonly number[]) => {
      if (blocks.includes(user.user_key)) throw new Refusal('CHAT_WHISPER_REFUSED');
      if (!conn.mod) {
        const wait = room.admit(user.user_key, 0);
        if (wait > 0) throw new Refusal('CHAT_TOO_FAST', { num: wait });
      }
      const base = { mid: this.nextMid(), m: text, user, to, ts: Date.now() };
      const mine = frameJson(ChatPush.MSG_SEND, { ...base, plugins: { T: ChatEvent.WHISPER_SENDER } } satisfies MsgSendPush);
      const theirs = frameJson(ChatPush.MSG_SEND, { ...base, plugins: { T: ChatEvent.WHISPER_RECEIVER } } satisfies MsgSendPush);
      room.sendToMember(user.user_key, [mine]);
      room.sendToMember(to.user_key, [theirs]);
      this.publish(room, {
        t: 'u',
        d: [
          [user.user_key, mine],
          [to.user_key, theirs],
        ],
      });
    };
    const here = room.connsOf(target)[0];
    if (here?.user) {
      deliver(here.user, here.standing?.blocks ?? []);
      return undefined;
    }
    const elsewhere = room.peerUser(target);
    if (!elsewhere) throw new Refusal('CHAT_TARGET_NOT_FOUND');
    return (async () => {
      const ctx = room.ctx;
      const [info, standing] = await Promise.all([
        elsewhere === 'maybe' ? this.opts.store.lookupUser(ctx, target) : Promise.resolve(elsewhere),
        this.opts.store.loadStanding(ctx, target),
      ]);
      if (!info) throw new Refusal('CHAT_TARGET_NOT_FOUND');
      deliver(info, standing.blocks);
    })();
  }

  /** Any other T: moderation decides (chat.moderation.ts); every node delivers the outcome. */
  private async action(conn: Conn, room: Room, user: ChatUserInfo, m: string, plugins: ChatPlugins): Promise<void> {
    const lookup = async (userKey: number): Promise<ChatUserInfo | null> => {
      const here = room.connsOf(userKey)[0]?.user;
      if (here) return here;
      const elsewhere = room.peerUser(userKey);
      if (elsewhere && elsewhere !== 'maybe') return elsewhere;
      return this.opts.store.lookupUser(room.ctx, userKey);
    };
    const outcome = await this.opts.applyAction(room.ctx, { info: user, role: conn.role }, plugins, m, lookup, (mid) =>
      room.recentMessage(mid),
    );
    if (!outcome.ok) throw new Refusal(outcome.code, outcome.params);
    const current = this.rooms.get(room.vk) ?? room;
    this.applyOutcome(current, outcome.pushes, outcome.effects);
    this.publish(current, { t: 'act', p: outcome.pushes, e: outcome.effects });
  }

  /** Delivers an action's pushes on this node and applies its effects to the room and its sockets. */
  private applyOutcome(room: Room, pushes: Array<{ target: PushTarget; push: OutsideMsgPush }>, effects: ActionEffects) {
    const member = effects.member;
    const outKey =
      effects.removeUser ??
      (member && (member.standing.forcedOut === true || member.standing.roomBlocked === true) ? member.userKey : undefined);
    const leaving = outKey !== undefined ? [...room.connsOf(outKey)] : [];
    for (const { target, push } of pushes) {
      const json = outside(push);
      if (target.to === 'room') {
        room.broadcast(json);
      } else if (target.to === 'moderators') room.broadcast(json, true);
      else room.sendToMember(target.userKey, [json]);
    }
    if (effects.room) room.patch(effects.room);
    if (member) {
      for (const c of room.connsOf(member.userKey)) {
        c.standing = {
          ...(c.standing ?? { isManager: false, roomBlocked: false, forcedOut: false, frozen: false, blocks: [] }),
          ...member.standing,
        };
        if (member.standing.isManager !== undefined && c.user) {
          c.user = { ...c.user, is_manager: member.standing.isManager ? 1 : 0 };
          c.role = chatRoomRole(c.user, room.ctx.bjUserKey);
          c.mod = isChatModerator(c.role);
          room.touchList();
        }
      }
    }
    // The sockets leaving get the room frames they lack now (this action's pushes last): they are out before the writer reaches them.
    for (const c of leaving) {
      room.sendNow(c, []);
      this.leave(c);
    }
  }

  private listUsers(conn: Conn, rid: number | undefined) {
    const room = conn.room;
    if (!room) throw new Refusal('CHAT_NOT_JOINED');
    const visible = room.ctx.settings.user_list_public_yn === 'Y' || conn.mod;
    const param: RoomUserListParam = {
      user_list: visible ? room.userList() : [],
      user_total_count: this.totalFor(room, room.ctx, conn.mod),
    };
    this.answer(conn, ChatService.ROOM_USER_LIST, { result: 1, ...(rid !== undefined ? { rid } : {}), ...param });
  }

  /**
   * ROOM_USER_LIST.ws: the list of a room as this node knows it (every node's members when it holds the
   * room). A private list (user_list_public_yn 'N') is empty unless `us` is a token of a moderator.
   */
  async userListFor(vk: string, us: string | undefined): Promise<RoomUserListParam | Refusal> {
    const room = this.rooms.get(vk);
    const ctx = room?.ctx ?? (await this.opts.store.loadRoom(vk));
    if (!ctx) return new Refusal('BROADCAST_NOT_FOUND');
    const needsModerator = ctx.settings.user_list_public_yn !== 'Y' || ctx.countHidden;
    const mod = needsModerator && (await this.provesModerator(ctx, vk, us));
    const total = this.totalFor(room, ctx, mod);
    if (ctx.settings.user_list_public_yn !== 'Y' && !mod) return { user_list: [], user_total_count: total };
    return { user_list: room ? room.userList() : [], user_total_count: total };
  }

  private async provesModerator(ctx: RoomContext, vk: string, us: string | undefined): Promise<boolean> {
    const claims = verifyChatToken(this.opts.secret, us);
    if (!claims || claims.vk !== vk || claims.uk === 0) return false;
    const bjLike = (k: number) => k !== 0 && (k === ctx.bjUserKey || k === ctx.bjOwnerUserKey);
    if (claims.op === 1 || bjLike(claims.uk) || bjLike(claims.ow)) return true;
    return (await this.opts.store.loadStanding(ctx, claims.uk)).isManager;
  }

  // -------------------------------------------------------------------------------------------------
  // Bus
  // -------------------------------------------------------------------------------------------------

  private onRoomBus(room: Room, message: unknown) {
    if (room.disposed || !isObject(message)) return;
    if (message.kind === 'event') return this.deliverEvent(room, message.push, message.to_user_key);
    if (message.kind === 'guests') return this.guests.onBus(room, message);
    if (message.kind !== 'node' || message.o === this.nodeId || typeof message.o !== 'string') return;
    const m = message as NodeMessage;
    const now = Date.now();
    if (m.t === 'bye') {
      room.peers.delete(m.o);
      return;
    }
    let peer = room.peers.get(m.o);
    if (!peer) {
      peer = { count: 0, users: [], truncated: false, until: 0 } satisfies PeerRoom;
      room.peers.set(m.o, peer);
    }
    peer.until = now + PEER_TTL_MS;
    switch (m.t) {
      case 'hi':
        // A node just opened the room: tell it everything about ours.
        room.publishedVersion = -1;
        this.publishCount(room, now);
        break;
      case 'cnt':
        peer.count = m.n;
        if (m.users) {
          peer.users = m.users;
          peer.truncated = m.tr === 1;
        }
        break;
      case 'f':
        room.broadcast(m.f, m.mo === 1, m.vo === 1);
        if (m.u !== undefined) room.sendToMember(m.u, [m.f], (c) => !c.mod);
        if (Array.isArray(m.c) && typeof m.c[0] === 'string' && typeof m.c[1] === 'string') {
          room.keepMessage(m.c[0], m.f);
          this.translate(room, m.c[0], m.c[1]);
        }
        break;
      case 'u':
        for (const [userKey, json] of m.d) room.sendToMember(userKey, [json]);
        break;
      case 'act':
        this.applyOutcome(room, m.p, m.e);
        break;
    }
  }

  /** An event another module published (ChatRoomBusEvent): delivered on this node only (every node gets it). */
  private deliverEvent(room: Room, push: unknown, toUserKey: unknown) {
    if (!isObject(push) || !Number.isSafeInteger(push.code)) return;
    const code = push.code as number;
    const to = typeof toUserKey === 'number' && Number.isSafeInteger(toUserKey) && toUserKey > 0 ? toUserKey : undefined;
    if (code === ChatEvent.CHAT_BLOCK_UPDATE && to !== undefined && isObject(push.data) && push.data.scope === 'self')
      return this.selfBlockUpdate(room, push, push.data, to);
    const json = outside(push as unknown as OutsideMsgPush);
    if (to !== undefined) room.sendToMember(to, [json]);
    else room.broadcast(json);
    this.memberFlags(room, code, push);
  }

  /**
   * The flags a platform event changes on a member's sockets here, so their next messages, the user list and
   * a freeze that lets the fan club or the followers talk see them without a rejoin: a star gift (20–23)
   * makes the giver a fan (with their fan number) and may move the BJ's VIP ranks; a follow (211) or an
   * unfollow (212) sets or clears is_follower; a supporter join (220) sets is_supporter.
   */
  private memberFlags(room: Room, code: number, push: Record<string, unknown>) {
    const by = isObject(push.by) ? push.by : undefined;
    const byKey = by && Number.isSafeInteger(by.user_key) ? (by.user_key as number) : 0;
    const data = isObject(push.data) ? push.data : {};
    if ((code >= ChatEvent.STAR_GIFT_FIRST && code <= ChatEvent.STAR_GIFT_LAST) || code === ChatEvent.DONATION) {
      if (by?.is_fan === 1) {
        const fanNo = typeof data.fan_no === 'number' && Number.isSafeInteger(data.fan_no) ? data.fan_no : undefined;
        this.patchMember(room, byKey, (u) => ({ ...u, is_fan: 1, ...(fanNo !== undefined ? { fan_no: fanNo } : {}) }), {
          isFan: true,
          ...(fanNo !== undefined ? { fanNo } : {}),
        });
      }
      this.refreshVips(room);
    } else if (code === ChatEvent.CHANNEL_JOIN || code === ChatEvent.CHANNEL_LEAVE) {
      const on = code === ChatEvent.CHANNEL_JOIN;
      this.patchMember(room, byKey, (u) => withFlag(u, 'is_follower', on ? 1 : undefined), { follower: on });
    } else if (code === ChatEvent.SUPPORTER_JOIN) {
      const key = byKey || (typeof data.user_key === 'number' && Number.isSafeInteger(data.user_key) ? data.user_key : 0);
      this.patchMember(room, key, (u) => withFlag(u, 'is_supporter', 1), { supporter: true });
    }
  }

  /** Changes a member's user info and standing on each of their sockets here; the user list is told when it changed. */
  private patchMember(room: Room, userKey: number, user: (u: ChatUserInfo) => ChatUserInfo, standing: Partial<MemberStanding>) {
    if (userKey <= 0) return;
    let changed = false;
    for (const c of room.connsOf(userKey)) {
      if (!c.user) continue;
      const next = user(c.user);
      if (!sameFlags(next, c.user)) {
        c.user = next;
        changed = true;
      }
      if (c.standing) c.standing = { ...c.standing, ...standing };
    }
    if (changed) room.touchList();
  }

  /**
   * After a star gift: the room's VIP ranks are read again (the chat store forgets the BJ's kept ranks first)
   * VIP_REFRESH_MS later, and the members here whose rank moved get the new one. Gifts meanwhile share
   * the read; a gift that came too late for it gets one more.
   */
  private refreshVips(room: Room) {
    const pending = this.vipRefreshes.get(room);
    if (pending) {
      pending.giftAt = Date.now();
      return;
    }
    const state: { timer: NodeJS.Timeout | null; giftAt: number } = { timer: null, giftAt: Date.now() };
    this.vipRefreshes.set(room, state);
    const run = async () => {
      state.timer = null;
      const started = Date.now();
      try {
        if (room.disposed) return;
        this.opts.store.forgetVips(room.ctx.bjUserKey);
        const ranks = await this.opts.store.vipRanks(room.ctx.bjUserKey);
        if (!room.disposed) this.applyVips(room, ranks);
      } finally {
        if (room.disposed || this.closing || state.giftAt <= started - VIP_REFRESH_MS) {
          if (this.vipRefreshes.get(room) === state) this.vipRefreshes.delete(room);
        } else schedule();
      }
    };
    const schedule = () => {
      state.timer = setTimeout(() => this.guard('vip refresh', run), VIP_REFRESH_MS);
      state.timer.unref();
    };
    schedule();
  }

  private applyVips(room: Room, ranks: ReadonlyMap<number, number>) {
    let changed = false;
    for (const c of room.conns) {
      const u = c.user;
      if (!u || u.user_key === 0) continue;
      const rank = ranks.get(u.user_key);
      if (u.vip_rank === rank) continue;
      c.user = withFlag(u, 'vip_rank', rank);
      if (c.standing) c.standing = { ...c.standing, vipRank: rank };
      changed = true;
    }
    if (changed) room.touchList();
  }

  /**
   * A member's own block list changed outside the room (/mypage/blocking, publishMemberEvent): their sockets
   * here check whispers against the new list at once, and get the 230 push with `by` (the member) and
   * `target` as this room shows them.
   */
  private selfBlockUpdate(room: Room, push: Record<string, unknown>, data: Record<string, unknown>, userKey: number) {
    const conns = room.connsOf(userKey);
    const me = conns[0]?.user;
    if (!me || !Array.isArray(data.blocked)) return;
    const blocks = data.blocked.filter((k): k is number => Number.isSafeInteger(k) && (k as number) > 0);
    for (const c of conns) if (c.standing) c.standing = { ...c.standing, blocks };
    const about = isObject(push.target) ? push.target : undefined;
    const targetKey = about && Number.isSafeInteger(about.user_key) ? (about.user_key as number) : 0;
    const elsewhere = targetKey > 0 ? room.peerUser(targetKey) : null;
    const target = room.connsOf(targetKey)[0]?.user ?? (elsewhere && elsewhere !== 'maybe' ? elsewhere : about);
    room.sendToMember(userKey, [
      outside({ ...(push as unknown as OutsideMsgPush), by: me, ...(target ? { target: target as unknown as ChatUserInfo } : {}) }),
    ]);
  }

  private onAllRooms(message: unknown) {
    if (!isObject(message) || message.kind !== 'event') return;
    for (const room of this.rooms.values()) this.deliverEvent(room, message.push, message.to_user_key);
  }

  /** The broadcast lifecycle: ended or frozen closes the room here; updated reloads it (240 when the title or tags changed). */
  private onLive(message: unknown) {
    if (!isObject(message) || typeof message.vod_key !== 'string') return;
    const { type, vod_key, bj_user_key } = message as unknown as LiveBusMessage;
    // A BJ's own change without a broadcast named (the viewer count switch of /mypage/setting): their rooms here.
    if (vod_key === '' && type === 'updated' && Number.isSafeInteger(bj_user_key)) {
      return Promise.all([...this.rooms.values()].filter((r) => r.ctx.bjUserKey === bj_user_key).map((r) => this.reloadRoom(r)));
    }
    const room = this.rooms.get(vod_key);
    if (!room) return;
    if (type === 'ended' || type === 'frozen') return this.closeRoom(room, type);
    if (type !== 'updated') return;
    return this.reloadRoom(room);
  }

  /** Rereads a room's broadcast: its title and tags, and whether the BJ keeps the member count private (240 when either changed). */
  private reloadRoom(room: Room): Promise<void> {
    return this.opts.store.loadRoom(room.vk).then((ctx) => {
      if (!ctx || room.disposed) return;
      if (ctx.state !== 'live') return this.closeRoom(room, ctx.state);
      const changed =
        ctx.title !== room.ctx.title ||
        ctx.tags.join('\u0000') !== room.ctx.tags.join('\u0000') ||
        ctx.countHidden !== room.ctx.countHidden;
      room.patch({ title: ctx.title, tags: ctx.tags, countHidden: ctx.countHidden });
      if (!changed) return;
      const data = { title: ctx.title, tags: ctx.tags, count_hidden: ctx.countHidden ? 1 : 0 };
      room.broadcast(outside({ code: ChatEvent.VOD_INFO_UPDATE, ts: Date.now(), data }));
      // Shown again: everybody gets the count at once, not at the next change.
      if (!ctx.countHidden) room.broadcast(frameJson(ChatPush.USER_JOIN, { user_total_count: room.total() } satisfies UserPresencePush));
    });
  }

  /** OUTSIDE_MSG 8000 and ROOM_CLOSE (in each socket's language) to every socket of the room here, then the room goes. */
  private closeRoom(room: Room, state: 'ended' | 'frozen') {
    if (room.disposed) return;
    room.closedState = state;
    // Each socket gets the room frames it lacks, this one last, then its ROOM_CLOSE, in one message.
    room.broadcast(outside({ code: ChatEvent.VOD_STATE, ts: Date.now(), data: { state } }));
    const byLang = new Map<Lang, string>();
    for (const conn of [...room.conns]) {
      let json = byLang.get(conn.lang);
      if (!json) {
        const push: RoomClosePush = {
          vk: room.vk,
          state,
          msg: resultMessage(state === 'frozen' ? 'BROADCAST_FROZEN' : 'BROADCAST_ENDED', conn.lang),
        };
        json = frameJson(ChatPush.ROOM_CLOSE, push);
        byLang.set(conn.lang, json);
      }
      room.sendNow(conn, [json]);
      room.remove(conn);
      this.joined--;
    }
    this.dispose(room);
  }

  /** Every second: peers' summaries expire, this node's summary goes out when it changed, counts reach the sockets. */
  private tick() {
    const now = Date.now();
    this.ticks++;
    if (this.ticks % CHAT_MINUTES_EVERY_TICKS === 0) this.flushChatMinutes();
    this.guests.sweep(now);
    const pushCounts = this.ticks % (COUNT_PUSH_MS / 1000) === 0;
    for (const room of this.rooms.values()) {
      for (const [id, peer] of room.peers) if (peer.until <= now) room.peers.delete(id);
      if (this.shared && room.peers.size > 0) {
        const changed = room.localCount() !== room.publishedCount || room.listVersion !== room.publishedVersion;
        if (changed || now - room.lastPublish >= 2000) this.publishCount(room, now);
      }
      if (pushCounts) {
        const total = room.total(now);
        if (total !== room.pushedTotal) {
          const push: UserPresencePush = { user_total_count: total };
          // A private count (the BJ's choice) is pushed to the moderators only.
          room.broadcast(frameJson(ChatPush.USER_JOIN, push), room.ctx.countHidden);
          room.pushedTotal = total;
        }
      }
    }
  }

  private publishCount(room: Room, now: number) {
    const listChanged = room.listVersion !== room.publishedVersion;
    const n = room.localCount();
    let body: NodeBody = { t: 'cnt', n };
    if (listChanged) {
      const { users, truncated } = room.localUsers();
      body = truncated ? { t: 'cnt', n, users, tr: 1 } : { t: 'cnt', n, users };
    }
    room.publishedVersion = room.listVersion;
    room.publishedCount = n;
    room.lastPublish = now;
    this.publish(room, body);
  }
}

const outside = (push: OutsideMsgPush) => frameJson(ChatPush.OUTSIDE_MSG, push);

type MemberFlag = 'is_fan' | 'fan_no' | 'is_follower' | 'vip_rank' | 'is_supporter';
const MEMBER_FLAGS: readonly MemberFlag[] = ['is_fan', 'fan_no', 'is_follower', 'vip_rank', 'is_supporter'];

/** The user info with one flag set, or taken out (flags are absent when not held, ChatUserInfo). */
function withFlag<K extends MemberFlag>(user: ChatUserInfo, key: K, value: ChatUserInfo[K] | undefined): ChatUserInfo {
  const { [key]: _, ...rest } = user;
  return (value === undefined ? rest : { ...rest, [key]: value }) as ChatUserInfo;
}

const sameFlags = (a: ChatUserInfo, b: ChatUserInfo) => MEMBER_FLAGS.every((k) => a[k] === b[k]);

function onPong(this: ChatSocket) {
  const conn = this[CONN];
  if (conn) conn.alive = true;
}
function noop() {}

export { Refusal };

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat node of a process with the chat role, else null. */
    chat: ChatEngine | null;
  }
}
