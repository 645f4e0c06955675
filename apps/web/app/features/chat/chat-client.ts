import {
  API_HEADERS,
  CHAT_MONITOR_PATH,
  CHAT_SOCKET_PATH,
  CHAT_TOKEN_CALL,
  ChatEvent,
  type ChatFrame,
  type ChatHostParam,
  type ChatHttpAnswer,
  type ChatPlugins,
  ChatPush,
  ChatService,
  type ChatServiceName,
  type ChatTokenSet,
  type ChatUserInfo,
  JOIN_OK,
  type Lang,
  type OutsideMsgPush,
  PLAIN_MESSAGE,
  ResultCode,
  type ResultCodeName,
  type RoomJoinAnswer,
  type RoomUserListParam,
  resultMessage,
} from '@byeol/contract';
import type { Api } from '../../lib/api';

/**
 * The chat client of SPEC §4, framework-free: not connected → connected (socket open) → joined (ROOM_JOIN
 * answered with result 1). Each connection asks the API for a fresh chat token (`us`) and the monitor for
 * the chat node holding the room, then opens `ws(s)://{chat_host}/wsock` and joins. A lost connection
 * comes back with backoff (≈0.5 s, 1 s, 2 s … at most 5 s, with jitter), through the monitor again with
 * `avoid` naming the node that failed; a room that closed, or a join refused because the user was forced
 * out or blocked, is never retried. Requests (sends, whispers, moderation, the user list, the leave) are
 * queued until their answer arrives and matched to it by `rid`.
 */

/** The socket as the client uses it: the browser's WebSocket (and the `ws` package) fit. */
export interface ChatSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/**
 * Where the client is: `connecting`/`reconnecting` until a socket opens, `connected` until the join is
 * answered, then `joined`. `disconnected` after too many failed attempts in a row (retry() starts again);
 * `closed` when it stopped for good (see ChatClientSnapshot.ended); `idle` before start() and after stop().
 */
export type ChatStatus = 'idle' | 'connecting' | 'reconnecting' | 'connected' | 'joined' | 'disconnected' | 'closed';

/** Why a client stopped for good. */
export type ChatEndReason = 'left' | 'room-closed' | 'forced-out' | 'blocked' | 'refused';

export interface ChatClientSnapshot {
  status: ChatStatus;
  /** Failed attempts since the last successful join. */
  attempt: number;
  /** The chat node of the current (or last) connection, as the monitor named it. */
  host: string | null;
  /** Set with status `closed`: why, and the text to show. */
  ended: { reason: ChatEndReason; msg: string; code?: number } | null;
  /** The last failure (a refused join, an unreachable monitor), for the UI to show while it retries. */
  lastError: { msg: string; code?: number } | null;
}

export interface ChatClientEvents {
  state: ChatClientSnapshot;
  /** A successful ROOM_JOIN answer (also after each reconnect). */
  joined: RoomJoinAnswer;
  /** A refused ROOM_JOIN: the server's msg (SPEC §8). */
  joinFailed: { msg: string; code?: number };
  /** Pushes from the server (MSG_SEND, OUTSIDE_MSG, USER_JOIN, USER_OUT, ROOM_CLOSE), one call per WebSocket message. */
  frames: ChatFrame[];
  /** A refused ROOM_MSG_SEND (result 0): param.msg (SPEC §8). */
  sendFailed: { msg: string; code?: number; plugins: ChatPlugins };
  close: { code: number; reason: string };
  error: unknown;
}

type Listener<T> = (value: T) => void;

export interface ChatClientOptions {
  vodKey: string;
  /** SPEC §3 ASP key of the site (the monitor's site_key). */
  siteKey: number;
  /** The language of texts the client makes itself (the server's texts come in the token's language). */
  lang: Lang;
  /** The API client for the chat token (lib/api.ts `api` in the browser). */
  api: Api;
  /** Prefix of the monitor call: '' (same origin) in the browser, `http://host:port` in Node. */
  origin?: string;
  /** The page's location, to resolve the chat host (default: window.location). */
  location?: { protocol: string; host: string };
  fetch?: typeof fetch;
  createSocket?: (url: string) => ChatSocket;
  random?: () => number;
  /** Failed attempts in a row before giving up with status `disconnected` (default 12, about a minute). */
  maxAttempts?: number;
  /** How long a request waits for its answer (default 10 s). */
  requestTimeoutMs?: number;
  /** Where failures are logged (SPEC §8: a chat host that cannot be fetched is logged). */
  log?: (message: string, detail?: unknown) => void;
}

/** A fresh open socket's readyState (WebSocket.OPEN). */
const OPEN = 1;

/** Join refusals after which the client never tries again: the user is out of this room until a moderator lifts it, or the room is gone. */
const FINAL_JOIN_CODES: ReadonlyMap<number, ChatEndReason> = new Map([
  [ResultCode.CHAT_FORCED_OUT, 'forced-out'],
  [ResultCode.CHAT_BLOCKED, 'blocked'],
  [ResultCode.BROADCAST_ENDED, 'room-closed'],
  [ResultCode.BROADCAST_FROZEN, 'room-closed'],
  [ResultCode.BROADCAST_NOT_FOUND, 'room-closed'],
  [ResultCode.LOGIN_REQUIRED, 'refused'],
  [ResultCode.ADULT_REQUIRED, 'refused'],
  [ResultCode.FORBIDDEN, 'refused'],
]);

/** Backoff before reconnect attempt `attempt` (0-based): 0.5 s, 1 s, 2 s, 4 s, then 5 s, each ±25 %, never above 5 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(Math.min(5000, base * (0.75 + random() * 0.5)));
}

/** The `host` part of `host:port` (IPv6 in brackets kept). */
function hostnameOf(hostPort: string): string {
  if (hostPort.startsWith('[')) return hostPort.slice(0, hostPort.indexOf(']') + 1);
  const colon = hostPort.lastIndexOf(':');
  return colon === -1 ? hostPort : hostPort.slice(0, colon);
}

/**
 * The WebSocket URL of a chat node: an empty chat_host, or the page's own host, means this origin; an
 * https page uses wss, on chat_ssl_port when the monitor gives one.
 */
export function chatSocketUrl(param: ChatHostParam, page: { protocol: string; host: string }): string {
  const secure = page.protocol === 'https:';
  const scheme = secure ? 'wss' : 'ws';
  let host = (param.chat_host ?? '').trim();
  const withScheme = /^[a-z][a-z\d+.-]*:\/\/([^/]+)/i.exec(host);
  if (withScheme?.[1]) host = withScheme[1];
  if (host === '' || host === page.host) return `${scheme}://${page.host}${CHAT_SOCKET_PATH}`;
  if (secure && param.chat_ssl_port) return `wss://${hostnameOf(host)}:${param.chat_ssl_port}${CHAT_SOCKET_PATH}`;
  return `${scheme}://${host}${CHAT_SOCKET_PATH}`;
}

function isFrame(value: unknown): value is ChatFrame {
  if (typeof value !== 'object' || value === null) return false;
  const frame = value as { service?: unknown; param?: unknown };
  return typeof frame.service === 'string' && typeof frame.param === 'object' && frame.param !== null;
}

/** A server message is one frame or a JSON array of frames (one fan-out tick); anything else yields none. */
export function parseServerMessage(data: unknown): ChatFrame[] {
  if (typeof data !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return [];
  }
  if (Array.isArray(value)) return value.filter(isFrame);
  return isFrame(value) ? [value] : [];
}

const SERVICES: ReadonlySet<string> = new Set(Object.values(ChatService));

interface Pending {
  service: ChatServiceName;
  rid: number;
  resolve: (param: Record<string, unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A refused or failed request, in the shape of a ROOM_MSG_SEND answer. */
export interface ChatRequestResult {
  result: number;
  msg?: string;
  code?: number;
  [key: string]: unknown;
}

export class ChatClient {
  private readonly opts: Required<Omit<ChatClientOptions, 'location' | 'createSocket' | 'fetch'>> &
    Pick<ChatClientOptions, 'location' | 'createSocket' | 'fetch'>;
  private readonly listeners = new Map<keyof ChatClientEvents, Set<Listener<never>>>();
  private socket: ChatSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: Pending[] = [];
  private rid = 0;
  /** Bumped by every (re)connect and stop: callbacks of an older connection see a different value and do nothing. */
  private generation = 0;
  /** The node of the last connection that failed or was lost; the monitor is asked to avoid it. */
  private avoid = '';
  private me: ChatUserInfo | null = null;
  private snap: ChatClientSnapshot = { status: 'idle', attempt: 0, host: null, ended: null, lastError: null };

  constructor(options: ChatClientOptions) {
    this.opts = {
      origin: '',
      random: Math.random,
      maxAttempts: 12,
      requestTimeoutMs: 10_000,
      log: (message, detail) => console.warn(`[chat] ${message}`, detail ?? ''),
      ...options,
    };
  }

  get snapshot(): ChatClientSnapshot {
    return this.snap;
  }

  /** The user this client joined as (from the join answer); null before the first join. */
  get user(): ChatUserInfo | null {
    return this.me;
  }

  on<K extends keyof ChatClientEvents>(event: K, listener: Listener<ChatClientEvents[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  private emit<K extends keyof ChatClientEvents>(event: K, value: ChatClientEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as Listener<ChatClientEvents[K]>)(value);
      } catch (err) {
        this.opts.log(`a ${event} listener failed`, err);
      }
    }
  }

  private setState(patch: Partial<ChatClientSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.emit('state', this.snap);
  }

  /** Starts connecting (idle, disconnected). */
  start(): void {
    if (this.snap.status !== 'idle' && this.snap.status !== 'disconnected') return;
    this.setState({ status: 'connecting', attempt: 0, ended: null, lastError: null });
    void this.connect();
  }

  /** After `disconnected`: try again now. */
  retry(): void {
    if (this.snap.status !== 'disconnected') return;
    this.start();
  }

  /** Closes the connection without leaving politely and without reconnecting (the page goes away). */
  stop(): void {
    this.generation++;
    this.clearTimer();
    this.dropSocket();
    this.failPending('CHAT_UNAVAILABLE');
    this.setState({ status: 'idle' });
  }

  /** ROOM_BYE, waiting (briefly) for its acknowledgement, then closes for good. */
  async leave(): Promise<void> {
    if (this.snap.status === 'joined') await this.request(ChatService.ROOM_BYE, {}, 2000);
    this.generation++;
    this.clearTimer();
    this.dropSocket();
    this.failPending('CHAT_UNAVAILABLE');
    this.setState({ status: 'closed', ended: { reason: 'left', msg: '' } });
  }

  /** A chat message (plugins T 0). Resolves the answer; a refusal is also emitted as `sendFailed`. */
  send(m: string): Promise<ChatRequestResult> {
    return this.sendMsg(m, { T: PLAIN_MESSAGE });
  }

  /** A whisper to one user (30); only the two of them see it. */
  whisper(targetUserKey: number, m: string): Promise<ChatRequestResult> {
    return this.sendMsg(m, { T: ChatEvent.WHISPER_SENDER, target: targetUserKey });
  }

  /** A custom event the user asks for (moderation 70/80/81/90/91/100/101/230/8200, settings 8100–8105). */
  action(plugins: ChatPlugins, m = ''): Promise<ChatRequestResult> {
    return this.sendMsg(m, plugins);
  }

  /** ROOM_USER_LIST: the signed-in users of the room, moderators first. */
  async userList(): Promise<(RoomUserListParam & ChatRequestResult) | null> {
    const answer = await this.request(ChatService.ROOM_USER_LIST, {});
    return Array.isArray(answer.user_list) ? (answer as RoomUserListParam & ChatRequestResult) : null;
  }

  private async sendMsg(m: string, plugins: ChatPlugins): Promise<ChatRequestResult> {
    const answer = await this.request(ChatService.ROOM_MSG_SEND, { m, plugins });
    if (answer.result !== 1) {
      const msg = typeof answer.msg === 'string' ? answer.msg : this.text('CHAT_UNAVAILABLE');
      const failure = { msg, plugins, ...(typeof answer.code === 'number' ? { code: answer.code } : {}) };
      this.emit('sendFailed', failure);
    }
    return answer;
  }

  private text(name: ResultCodeName, params?: Record<string, string | number>): string {
    return resultMessage(name, this.opts.lang, params);
  }

  /**
   * Sends a request frame and resolves its answer's param, matched by rid (or the oldest of its service).
   * `onAnswer` runs synchronously when the answer arrives, before the frames after it in the same message
   * are handled (a join's answer must be applied before the pushes that follow it).
   */
  private request(
    service: ChatServiceName,
    param: Record<string, unknown>,
    timeoutMs = this.opts.requestTimeoutMs,
    onAnswer?: (answer: ChatRequestResult) => void,
  ): Promise<ChatRequestResult> {
    const socket = this.socket;
    const joined = this.snap.status === 'joined';
    if (!socket || socket.readyState !== OPEN || (!joined && service !== ChatService.ROOM_JOIN)) {
      const refused = { result: 0, msg: this.text('CHAT_NOT_JOINED'), code: ResultCode.CHAT_NOT_JOINED };
      onAnswer?.(refused);
      return Promise.resolve(refused);
    }
    const rid = ++this.rid;
    return new Promise((resolve) => {
      const settle = (answer: ChatRequestResult) => {
        onAnswer?.(answer);
        resolve(answer);
      };
      const entry: Pending = {
        service,
        rid,
        resolve: (answer) => settle(answer as ChatRequestResult),
        timer: setTimeout(() => {
          this.pending = this.pending.filter((p) => p !== entry);
          settle({ result: 0, msg: this.text('CHAT_UNAVAILABLE'), code: ResultCode.CHAT_UNAVAILABLE });
        }, timeoutMs),
      };
      this.pending.push(entry);
      socket.send(JSON.stringify({ service, param: { ...param, rid } }));
    });
  }

  private failPending(name: ResultCodeName): void {
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) {
      clearTimeout(p.timer);
      p.resolve({ result: 0, msg: this.text(name), code: ResultCode[name] });
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      // already closed
    }
  }

  /** Stops for good: no reconnect. */
  private end(reason: ChatEndReason, msg: string, code?: number): void {
    this.generation++;
    this.clearTimer();
    this.dropSocket();
    this.failPending('CHAT_UNAVAILABLE');
    this.setState({ status: 'closed', ended: { reason, msg, ...(code !== undefined ? { code } : {}) } });
  }

  /** After a failure: wait, then connect again; or give up with `disconnected` after maxAttempts in a row. */
  private scheduleReconnect(error: { msg: string; code?: number } | null): void {
    this.clearTimer();
    this.dropSocket();
    this.failPending('CHAT_UNAVAILABLE');
    const attempt = this.snap.attempt;
    if (attempt >= this.opts.maxAttempts) {
      this.setState({ status: 'disconnected', lastError: error ?? this.snap.lastError });
      return;
    }
    this.setState({ status: 'reconnecting', attempt: attempt + 1, lastError: error ?? this.snap.lastError });
    const generation = ++this.generation;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (generation === this.generation) void this.connect();
      },
      reconnectDelay(attempt, this.opts.random),
    );
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    const { vodKey } = this.opts;
    let token: ChatTokenSet;
    try {
      const res = await this.opts.api.post<ChatTokenSet>(CHAT_TOKEN_CALL, { vod_key: vodKey });
      if (generation !== this.generation) return;
      if (res.rslt_cd !== 0) {
        const final = FINAL_JOIN_CODES.get(res.rslt_cd);
        if (final) return this.end(final, res.rslt_msg, res.rslt_cd);
        return this.scheduleReconnect({ msg: res.rslt_msg, code: res.rslt_cd });
      }
      token = res.rslt_set;
    } catch (err) {
      if (generation !== this.generation) return;
      this.opts.log('the chat token could not be fetched', err);
      return this.scheduleReconnect({ msg: this.text('CHAT_UNAVAILABLE'), code: ResultCode.CHAT_UNAVAILABLE });
    }

    let host: ChatHostParam;
    try {
      host = await this.fetchHost();
    } catch (err) {
      if (generation !== this.generation) return;
      // SPEC §8: a chat host that cannot be fetched is logged and no connection is made (we try again later).
      this.opts.log('the chat host could not be fetched', err);
      return this.scheduleReconnect({ msg: this.text('CHAT_UNAVAILABLE'), code: ResultCode.CHAT_UNAVAILABLE });
    }
    if (generation !== this.generation) return;

    const location = this.opts.location ?? (globalThis as { location?: { protocol: string; host: string } }).location;
    if (!location) return this.scheduleReconnect({ msg: this.text('CHAT_UNAVAILABLE') });
    const url = chatSocketUrl(host, location);
    const createSocket = this.opts.createSocket ?? ((u: string) => new WebSocket(u) as unknown as ChatSocket);
    let socket: ChatSocket;
    try {
      socket = createSocket(url);
    } catch (err) {
      this.opts.log(`the chat socket ${url} could not be opened`, err);
      this.avoid = host.chat_host;
      return this.scheduleReconnect({ msg: this.text('CHAT_UNAVAILABLE') });
    }
    this.socket = socket;
    this.setState({ host: host.chat_host });

    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.setState({ status: 'connected' });
      this.join(generation, token.us);
    };
    socket.onmessage = (event) => {
      if (generation === this.generation) this.onMessage(event.data);
    };
    socket.onerror = (event) => {
      if (generation === this.generation) this.emit('error', event);
    };
    socket.onclose = (event) => {
      if (generation !== this.generation) return;
      this.socket = null;
      this.emit('close', { code: event.code, reason: event.reason });
      this.avoid = host.chat_host;
      this.scheduleReconnect(null);
    };
  }

  private async fetchHost(): Promise<ChatHostParam> {
    const doFetch = this.opts.fetch ?? globalThis.fetch;
    const body = new URLSearchParams({ site_key: String(this.opts.siteKey), vod_key: this.opts.vodKey });
    if (this.avoid) body.set('avoid', this.avoid);
    const res = await doFetch(`${this.opts.origin}${CHAT_MONITOR_PATH}`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body,
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`${CHAT_MONITOR_PATH}: HTTP ${res.status}`);
    const answer = (await res.json()) as ChatHttpAnswer<ChatHostParam>;
    if (answer?.result !== 1 || typeof answer.param?.chat_host !== 'string') {
      throw new Error(`${CHAT_MONITOR_PATH}: ${answer?.param?.msg ?? 'no chat host'}`);
    }
    return answer.param;
  }

  private join(generation: number, us: string): void {
    void this.request(ChatService.ROOM_JOIN, { us, vk: this.opts.vodKey }, undefined, (answer) => {
      if (generation === this.generation) this.onJoinAnswer(answer as RoomJoinAnswer & ChatRequestResult);
    });
  }

  private onJoinAnswer(answer: RoomJoinAnswer & ChatRequestResult): void {
    if (answer.result === JOIN_OK) {
      this.me = answer.user_info ?? null;
      this.avoid = '';
      this.setState({ status: 'joined', attempt: 0, lastError: null });
      this.emit('joined', answer);
      return;
    }
    const msg = typeof answer.msg === 'string' ? answer.msg : this.text('CHAT_UNAVAILABLE');
    const failure = { msg, ...(typeof answer.code === 'number' ? { code: answer.code } : {}) };
    this.emit('joinFailed', failure);
    const final = typeof answer.code === 'number' ? FINAL_JOIN_CODES.get(answer.code) : undefined;
    if (final) {
      this.end(final, msg, answer.code);
      return;
    }
    // A timeout counts against the node; a refusal with a reason (an expired token…) does not.
    if (answer.code === ResultCode.CHAT_UNAVAILABLE && this.snap.host !== null) this.avoid = this.snap.host;
    this.scheduleReconnect(failure);
  }

  private onMessage(data: unknown): void {
    const frames = parseServerMessage(data);
    if (frames.length === 0) {
      this.opts.log('a chat message that is not a frame was ignored', data);
      return;
    }
    // Frames are handled in order: pushes before an answer are emitted before the answer is applied.
    const generation = this.generation;
    let pushes: ChatFrame[] = [];
    for (const frame of frames) {
      if (SERVICES.has(frame.service) && this.isAwaited(frame)) {
        if (pushes.length > 0 && !this.deliver(pushes)) return;
        pushes = [];
        this.answer(frame);
        if (generation !== this.generation) return;
        continue;
      }
      pushes.push(frame);
    }
    if (pushes.length > 0) this.deliver(pushes);
  }

  /** Emits pushes and reacts to those that end the client; false when it ended. */
  private deliver(pushes: ChatFrame[]): boolean {
    this.emit('frames', pushes);
    for (const frame of pushes) {
      if (frame.service === ChatPush.ROOM_CLOSE) {
        const msg = typeof frame.param.msg === 'string' ? frame.param.msg : '';
        this.end('room-closed', msg);
        return false;
      }
      if (frame.service === ChatPush.OUTSIDE_MSG && this.watchStanding(frame.param as unknown as OutsideMsgPush)) return false;
    }
    return true;
  }

  private pendingIndex(frame: ChatFrame): number {
    const rid = typeof frame.param.rid === 'number' ? frame.param.rid : undefined;
    return rid !== undefined
      ? this.pending.findIndex((p) => p.rid === rid && p.service === frame.service)
      : this.pending.findIndex((p) => p.service === frame.service);
  }

  private isAwaited(frame: ChatFrame): boolean {
    return this.pendingIndex(frame) !== -1;
  }

  /** Resolves the pending request a service answer belongs to. */
  private answer(frame: ChatFrame): void {
    const index = this.pendingIndex(frame);
    const [entry] = index === -1 ? [] : this.pending.splice(index, 1);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.resolve(frame.param);
  }

  /** A forced exit or a room block aimed at this user ends the client: rejoining would be refused anyway. */
  private watchStanding(push: OutsideMsgPush): boolean {
    const me = this.me;
    if (!me || me.user_key === 0 || push.target?.user_key !== me.user_key || push.data?.off === 1) return false;
    if (push.code === ChatEvent.FORCED_EXIT) {
      this.end('forced-out', this.text('CHAT_FORCED_OUT'), ResultCode.CHAT_FORCED_OUT);
      return true;
    }
    if (push.code === ChatEvent.CHAT_BLOCK_UPDATE && (push.data?.value ?? push.data?.scope) === 'room') {
      this.end('blocked', this.text('CHAT_BLOCKED'), ResultCode.CHAT_BLOCKED);
      return true;
    }
    return false;
  }
}
