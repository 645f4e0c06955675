/**
 * A small real-WebSocket chat client for tests (docs/chat-protocol.md). Nothing is mocked: it speaks the
 * protocol to a running chat node over `ws`, and gets its tokens and hosts from the real HTTP calls.
 *
 *   const us = await chatToken(t, vk, member.cookie);           // POST /v1/chat/chat_token (guest without cookie)
 *   const c = await ChatClient.connect(t.url);                   // an http(s) origin, a `host:port`, or a ws:// URL
 *   const joined = await c.join(us, vk);                         // RoomJoinAnswer (result 1 = JOIN_OK)
 *   const sent = await c.send('hello');                          // RoomMsgSendAnswer; c.send('psst', { T: 30, target: 7 })
 *   await c.request('ROOM_USER_LIST');                           // any service; the answer is matched by `rid`
 *   c.sendRaw('not json');                                       // anything, as is (string or Buffer)
 *   const f = await c.waitFor((f) => isMsg(f, 'hello'));         // first frame matching, past or future (from: c.mark())
 *   const pushes = c.since(mark).filter(...);                    // frames received since a mark
 *   await c.expectNone((f) => ..., 300);                          // throws if a matching frame arrives within 300 ms
 *   c.frames;                                                    // every frame received (server arrays flattened)
 *   c.messages;                                                  // WebSocket messages received (an array counts one)
 *   await c.close();  await c.closed;                            // close, or wait until the server closes it
 *
 *   chatHost(apiOrigin, vk, avoid?) → the monitor's {result, param}; RoomSession keeps a member in a room
 *   across node deaths (monitor → token → connect → join, again whenever the socket closes).
 */
import {
  API_HEADERS,
  CHAT_MONITOR_PATH,
  CHAT_SOCKET_PATH,
  CHAT_TOKEN_CALL,
  type ChatFrame,
  type ChatHostParam,
  type ChatHttpAnswer,
  type ChatPlugins,
  type ChatServiceName,
  type ChatTokenSet,
  type Envelope,
  LANG_COOKIE,
  type Lang,
  type RoomJoinAnswer,
  type RoomMsgSendAnswer,
} from '@byeol/contract';
import { WebSocket } from 'ws';

/** A frame as received: `param` is whatever the server sent. */
// biome-ignore lint/suspicious/noExplicitAny: tests read pushes of every shape.
export type Frame = ChatFrame<any>;
export type FramePredicate = (frame: Frame) => boolean;

/** The WebSocket URL of a chat host: an http(s) origin, a ws(s) URL, or the monitor's `host:port`. */
export function chatSocketUrl(host: string): string {
  if (/^wss?:\/\//.test(host)) return host;
  if (/^https?:\/\//.test(host)) return `${host.replace(/^http/, 'ws').replace(/\/$/, '')}${CHAT_SOCKET_PATH}`;
  return `ws://${host}${CHAT_SOCKET_PATH}`;
}

interface Waiter {
  pred: FramePredicate;
  resolve: (f: Frame) => void;
}

export class ChatClient {
  readonly frames: Frame[] = [];
  messages = 0;
  /** Resolves when the socket closes (by either side). */
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<Waiter>();
  private rid = 0;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data) => {
      this.messages++;
      const value = JSON.parse(data.toString());
      for (const frame of (Array.isArray(value) ? value : [value]) as Frame[]) {
        this.frames.push(frame);
        for (const w of this.waiters)
          if (w.pred(frame)) {
            this.waiters.delete(w);
            w.resolve(frame);
          }
      }
    });
    ws.on('error', () => {});
  }

  /** Opens a socket to a chat host; `lang` sets the `xlang` cookie of the upgrade. */
  static connect(host: string, opts: { lang?: Lang; timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<ChatClient> {
    const headers: Record<string, string> = { ...(opts.lang ? { cookie: `${LANG_COOKIE}=${opts.lang}` } : {}), ...opts.headers };
    const ws = new WebSocket(chatSocketUrl(host), { headers, perMessageDeflate: false, handshakeTimeout: opts.timeoutMs ?? 5000 });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new ChatClient(ws)));
      ws.once('error', reject);
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends one frame `{service, param}`. */
  sendFrame(service: string, param: Record<string, unknown> = {}) {
    this.ws.send(JSON.stringify({ service, param }));
  }

  sendRaw(data: string | Buffer, binary = false) {
    this.ws.send(data, { binary });
  }

  /** Sends a service request with a fresh `rid` and resolves with its answer's param. */
  // biome-ignore lint/suspicious/noExplicitAny: answers of every service.
  async request<T = any>(service: ChatServiceName, param: Record<string, unknown> = {}, timeoutMs = 5000): Promise<T> {
    const rid = ++this.rid;
    const answer = this.waitFor((f) => f.service === service && f.param?.rid === rid, { timeoutMs, from: this.frames.length });
    this.sendFrame(service, { ...param, rid });
    return (await answer).param as T;
  }

  join(us: string, vk: string): Promise<RoomJoinAnswer> {
    return this.request<RoomJoinAnswer>('ROOM_JOIN', { us, vk });
  }

  send(m: string, plugins: ChatPlugins = { T: 0 }): Promise<RoomMsgSendAnswer> {
    return this.request<RoomMsgSendAnswer>('ROOM_MSG_SEND', { m, plugins });
  }

  /** The position after the frames received so far. */
  mark(): number {
    return this.frames.length;
  }

  since(mark: number): Frame[] {
    return this.frames.slice(mark);
  }

  /** The first frame matching `pred` from index `from` (default 0) on, waiting for it up to `timeoutMs`. */
  waitFor(pred: FramePredicate, { timeoutMs = 5000, from = 0 }: { timeoutMs?: number; from?: number } = {}): Promise<Frame> {
    const past = this.frames.slice(from).find(pred);
    if (past) return Promise.resolve(past);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        pred,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const tail = this.frames
          .slice(-5)
          .map((f) => JSON.stringify(f).slice(0, 200))
          .join('\n  ');
        reject(new Error(`no matching chat frame within ${timeoutMs} ms; last frames:\n  ${tail}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Waits `ms` and throws if a frame matching `pred` arrived (from now on). */
  async expectNone(pred: FramePredicate, ms = 300): Promise<void> {
    const from = this.mark();
    await new Promise((r) => setTimeout(r, ms));
    const hit = this.since(from).find(pred);
    if (hit) throw new Error(`unexpected chat frame: ${JSON.stringify(hit).slice(0, 300)}`);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}

/** Frame predicates used everywhere. */
export const isMsg =
  (m: string, T = 0) =>
  (f: Frame) =>
    f.service === 'MSG_SEND' && f.param?.m === m && f.param?.plugins?.T === T;
export const isOutside = (code: number) => (f: Frame) => f.service === 'OUTSIDE_MSG' && f.param?.code === code;

/** Anything with an API origin: a TestApp (`url`) or the origin itself. */
type Api = string | { url: string };
const originOf = (api: Api) => (typeof api === 'string' ? api : api.url);

/** POST /v1/chat/chat_token as the member of `cookie` (a guest without); the whole envelope. */
export async function chatTokenCall(api: Api, vk: string, cookie?: string, lang?: Lang): Promise<Envelope<ChatTokenSet>> {
  const cookies = [cookie, lang ? `${LANG_COOKIE}=${lang}` : ''].filter(Boolean).join('; ');
  const res = await fetch(`${originOf(api)}/v1${CHAT_TOKEN_CALL}`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded', ...(cookies ? { cookie: cookies } : {}) },
    body: new URLSearchParams({ vod_key: vk }),
  });
  return (await res.json()) as Envelope<ChatTokenSet>;
}

/** A chat token (`us`) for the room; throws when the call refuses. */
export async function chatToken(api: Api, vk: string, cookie?: string, lang?: Lang): Promise<string> {
  const body = await chatTokenCall(api, vk, cookie, lang);
  if (body.rslt_cd !== 0) throw new Error(`chat_token refused: ${JSON.stringify(body)}`);
  return body.rslt_set.us;
}

/** POST the monitor (ReqChatHost.ws) as a form. */
export async function chatHost(api: Api, vk: string, avoid?: string): Promise<ChatHttpAnswer<ChatHostParam>> {
  const res = await fetch(`${originOf(api)}${CHAT_MONITOR_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ site_key: '1', vod_key: vk, ...(avoid ? { avoid } : {}) }),
  });
  return (await res.json()) as ChatHttpAnswer<ChatHostParam>;
}

/** Connects through the monitor and joins: what the web client does. Answers the client and the host it used. */
export async function joinThroughMonitor(api: Api, vk: string, opts: { cookie?: string; avoid?: string } = {}) {
  const host = await chatHost(api, vk, opts.avoid);
  if (host.result !== 1) throw new Error(`monitor refused: ${JSON.stringify(host)}`);
  const chatHostOf = host.param.chat_host;
  const us = await chatToken(api, vk, opts.cookie);
  const client = await ChatClient.connect(chatHostOf);
  const answer = await client.join(us, vk);
  if (answer.result !== 1) {
    await client.close();
    throw new Error(`join refused: ${JSON.stringify(answer)}`);
  }
  return { client, host: chatHostOf, answer };
}

/**
 * A member kept in a room the way the web client keeps them: when the socket closes, ask the monitor
 * again (avoiding the host just lost), get a new token, connect and join; retried every `retryMs`.
 */
export class RoomSession {
  client: ChatClient | null = null;
  host = '';
  /** Successful joins, with when each happened. */
  readonly joins: Array<{ host: string; at: number }> = [];
  private stopped = false;
  private readonly joinWaiters = new Set<() => void>();

  constructor(
    private readonly api: Api,
    readonly vk: string,
    private readonly opts: { cookie?: string; retryMs?: number } = {},
  ) {}

  async start(): Promise<this> {
    await this.connect();
    return this;
  }

  private async connect(avoid?: string): Promise<void> {
    while (!this.stopped) {
      try {
        const { client, host } = await joinThroughMonitor(this.api, this.vk, { ...this.opts, ...(avoid ? { avoid } : {}) });
        if (this.stopped) {
          await client.close();
          return;
        }
        this.client = client;
        this.host = host;
        this.joins.push({ host, at: Date.now() });
        for (const w of this.joinWaiters) w();
        void client.closed.then(() => {
          if (!this.stopped && this.client === client) void this.connect(host);
        });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, this.opts.retryMs ?? 200));
      }
    }
  }

  /** Resolves once the session has joined `n` times in all. */
  async joined(n: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.joins.length < n) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`session joined ${this.joins.length} times, wanted ${n}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          this.joinWaiters.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.joinWaiters.add(done);
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.close();
  }
}
