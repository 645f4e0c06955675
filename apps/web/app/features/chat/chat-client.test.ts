import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHAT_MONITOR_PATH,
  CHAT_SOCKET_PATH,
  type ChatFrame,
  ChatPush,
  ChatService,
  type ChatUserInfo,
  ResultCode,
  resultMessage,
} from '@byeol/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as WsSocket } from 'ws';
import { createApi } from '../../lib/api';
import {
  ChatClient,
  type ChatClientOptions,
  type ChatClientSnapshot,
  type ChatSocket,
  chatSocketUrl,
  parseServerMessage,
  reconnectDelay,
} from './chat-client';
import { ChatRoom } from './chat-room';

describe('chatSocketUrl', () => {
  const http1 = { protocol: 'http:', host: 'byeol.test:3000' };
  const https1 = { protocol: 'https:', host: 'byeol.test' };
  it('uses the page origin for an empty host or the page host', () => {
    expect(chatSocketUrl({ chat_host: '', chat_ssl_port: 0 }, http1)).toBe(`ws://byeol.test:3000${CHAT_SOCKET_PATH}`);
    expect(chatSocketUrl({ chat_host: 'byeol.test:3000', chat_ssl_port: 0 }, http1)).toBe('ws://byeol.test:3000/wsock');
    expect(chatSocketUrl({ chat_host: '', chat_ssl_port: 8443 }, https1)).toBe('wss://byeol.test/wsock');
  });
  it('connects to another node by its host, with wss and the TLS port on an https page', () => {
    expect(chatSocketUrl({ chat_host: 'chat2.byeol.test:3100', chat_ssl_port: 0 }, http1)).toBe('ws://chat2.byeol.test:3100/wsock');
    expect(chatSocketUrl({ chat_host: 'chat2.byeol.test:3100', chat_ssl_port: 8443 }, https1)).toBe('wss://chat2.byeol.test:8443/wsock');
    expect(chatSocketUrl({ chat_host: 'chat2.byeol.test:3100', chat_ssl_port: 0 }, https1)).toBe('wss://chat2.byeol.test:3100/wsock');
    expect(chatSocketUrl({ chat_host: '[::1]:3100', chat_ssl_port: 443 }, https1)).toBe('wss://[::1]:443/wsock');
  });
});

describe('reconnectDelay', () => {
  it('doubles from about 0.5 s to at most 5 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(n, () => 0.5))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(reconnectDelay(0, () => 0)).toBe(375);
    expect(reconnectDelay(0, () => 1)).toBe(625);
    for (let n = 0; n < 20; n++) expect(reconnectDelay(n, Math.random)).toBeLessThanOrEqual(5000);
  });
});

describe('parseServerMessage', () => {
  it('accepts one frame or an array of frames and drops what is not a frame', () => {
    const frame = { service: 'MSG_SEND', param: { m: 'hi' } };
    expect(parseServerMessage(JSON.stringify(frame))).toEqual([frame]);
    expect(parseServerMessage(JSON.stringify([frame, { nope: 1 }, frame]))).toEqual([frame, frame]);
    expect(parseServerMessage('not json')).toEqual([]);
    expect(parseServerMessage(JSON.stringify({ service: 'X' }))).toEqual([]);
    expect(parseServerMessage(42)).toEqual([]);
  });
});

// -------------------------------------------------------------------------------------------------
// The client against a scripted chat server: a real HTTP server (token call, monitor) and a real
// WebSocket server, so the client's own sockets, timers and fetches run as in a browser.
// -------------------------------------------------------------------------------------------------

const ME: ChatUserInfo = { user_key: 7, id: 'fan7', nick: '별빛', is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 0 };

interface Script {
  /** Answers ROOM_JOIN (return the answer param). */
  join: (param: Record<string, unknown>, n: number) => Record<string, unknown>;
  /** Pushes sent in the same WebSocket message as the join's answer (one coalesced tick). */
  withJoin?: ChatFrame[];
  /** Called for every other request; may send on the socket itself. */
  onRequest?: (frame: ChatFrame, socket: WsSocket) => void;
  /** The monitor's answer (a function to vary per call); null answers HTTP 503. */
  monitor?: (body: URLSearchParams, n: number) => Record<string, unknown> | null;
}

let server: http.Server;
let wss: WebSocketServer;
let origin = '';
let script: Script;
const seen = { tokens: 0, monitor: [] as URLSearchParams[], joins: [] as Record<string, unknown>[], sockets: [] as WsSocket[] };
const clients: ChatClient[] = [];

beforeEach(async () => {
  seen.tokens = 0;
  seen.monitor = [];
  seen.joins = [];
  seen.sockets = [];
  script = { join: () => ({ result: 1, user_info: ME, user_total_count: 3 }) };
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString());
    res.setHeader('content-type', 'application/json');
    if (req.url === '/v1/chat/chat_token') {
      seen.tokens++;
      res.end(JSON.stringify({ rslt_cd: 0, rslt_msg: 'OK', rslt_set: { us: `token-${seen.tokens}`, expires_in: 120, guest_yn: 'N' } }));
      return;
    }
    if (req.url === CHAT_MONITOR_PATH) {
      seen.monitor.push(body);
      const answer = script.monitor ? script.monitor(body, seen.monitor.length) : { result: 1, param: { chat_host: '', chat_ssl_port: 0 } };
      if (answer === null) {
        res.statusCode = 503;
        res.end('{}');
      } else res.end(JSON.stringify(answer));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  wss = new WebSocketServer({ server, path: CHAT_SOCKET_PATH });
  wss.on('connection', (socket) => {
    seen.sockets.push(socket);
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as ChatFrame;
      if (frame.service === ChatService.ROOM_JOIN) {
        seen.joins.push(frame.param);
        const answer = script.join(frame.param, seen.joins.length);
        const reply = { service: ChatService.ROOM_JOIN, param: { ...answer, rid: frame.param.rid } };
        socket.send(JSON.stringify(script.withJoin ? [reply, ...script.withJoin] : reply));
      } else script.onRequest?.(frame, socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.stop();
  for (const s of wss.clients) s.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const logs: string[] = [];
/** What every client of these tests is given: this server, real WebSockets, no jitter, logs kept. */
function clientOptions(over: Partial<ChatClientOptions> = {}): ChatClientOptions {
  return {
    vodKey: 'room1',
    siteKey: 1,
    lang: 'ko',
    api: createApi({ baseUrl: `${origin}/v1` }),
    origin,
    location: { protocol: 'http:', host: new URL(origin).host },
    createSocket: (url) => new WebSocket(url) as unknown as ChatSocket,
    random: () => 0,
    log: (message) => logs.push(message),
    ...over,
  };
}

function makeClient(vodKey = 'room1') {
  const client = new ChatClient(clientOptions({ vodKey }));
  clients.push(client);
  return client;
}

async function until(what: string, check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ChatClient', () => {
  it('goes not connected → connected → joined with a fresh token and the monitor’s host', async () => {
    const client = makeClient();
    const statuses: ChatClientSnapshot['status'][] = [];
    client.on('state', (s) => {
      if (statuses.at(-1) !== s.status) statuses.push(s.status);
    });
    expect(client.snapshot.status).toBe('idle');
    client.start();
    await until('joined', () => client.snapshot.status === 'joined');
    expect(statuses).toEqual(['connecting', 'connected', 'joined']);
    expect(seen.monitor[0]?.get('site_key')).toBe('1');
    expect(seen.monitor[0]?.get('vod_key')).toBe('room1');
    expect(seen.monitor[0]?.has('avoid')).toBe(false);
    expect(seen.joins[0]).toMatchObject({ us: 'token-1', vk: 'room1' });
    expect(client.user).toEqual(ME);
  });

  it('reports a refused join with the server’s msg and tries again; forced out, it never does', async () => {
    script.join = (_p, n) =>
      n === 1
        ? { result: 0, msg: '토큰 만료', code: ResultCode.CHAT_TOKEN_INVALID }
        : { result: 0, msg: resultMessage('CHAT_FORCED_OUT', 'ko'), code: ResultCode.CHAT_FORCED_OUT };
    const client = makeClient();
    const failures: string[] = [];
    client.on('joinFailed', (f) => failures.push(f.msg));
    client.start();
    await until('closed', () => client.snapshot.status === 'closed');
    expect(failures).toEqual(['토큰 만료', '방송에서 강제퇴장 되었습니다.']);
    expect(client.snapshot.ended).toMatchObject({ reason: 'forced-out', code: ResultCode.CHAT_FORCED_OUT });
    // The second try asked for a new token.
    expect(seen.joins.map((j) => j.us)).toEqual(['token-1', 'token-2']);
    await new Promise((r) => setTimeout(r, 800));
    expect(seen.joins).toHaveLength(2);
  });

  it('matches answers to requests by rid, reports a refused send with param.msg', async () => {
    const held: ChatFrame[] = [];
    script.onRequest = (frame, socket) => {
      held.push(frame);
      if (held.length < 2) return;
      // Answer the second before the first.
      const [first, second] = held;
      socket.send(JSON.stringify({ service: ChatService.ROOM_MSG_SEND, param: { result: 1, rid: second?.param.rid } }));
      socket.send(
        JSON.stringify({
          service: ChatService.ROOM_MSG_SEND,
          param: { result: 0, msg: '3초 후에 다시 채팅할 수 있습니다.', code: ResultCode.CHAT_TOO_FAST, rid: first?.param.rid },
        }),
      );
    };
    const client = makeClient();
    const failed: string[] = [];
    client.on('sendFailed', (f) => failed.push(f.msg));
    client.start();
    await until('joined', () => client.snapshot.status === 'joined');
    const [a, b] = await Promise.all([client.send('첫째'), client.whisper(9, '둘째')]);
    expect(a).toMatchObject({ result: 0, msg: '3초 후에 다시 채팅할 수 있습니다.' });
    expect(b).toMatchObject({ result: 1 });
    expect(failed).toEqual(['3초 후에 다시 채팅할 수 있습니다.']);
    expect(held[1]?.param).toMatchObject({ m: '둘째', plugins: { T: 30, target: 9 } });
  });

  it('emits the frames of one coalesced message together', async () => {
    const client = makeClient();
    const batches: ChatFrame[][] = [];
    client.on('frames', (frames) => batches.push(frames));
    client.start();
    await until('joined', () => client.snapshot.status === 'joined');
    const push = (m: string) => ({ service: ChatPush.MSG_SEND, param: { mid: m, m, plugins: { T: 0 }, user: ME, ts: 1 } });
    seen.sockets[0]?.send(JSON.stringify([push('a'), push('b'), push('c')]));
    await until('the batch', () => batches.length === 1);
    expect(batches[0]?.map((f) => f.param.m)).toEqual(['a', 'b', 'c']);
  });

  it('applies a join answer before the pushes coalesced after it (the joiner learns it is suspended)', async () => {
    script.withJoin = [{ service: ChatPush.OUTSIDE_MSG, param: { code: 102, ts: 1, target: ME } }];
    const room = new ChatRoom(clientOptions());
    clients.push(room.client);
    room.client.start();
    await until('joined', () => room.getSnapshot().connection.status === 'joined');
    await until('the push', () => room.getSnapshot().model.standing.frozen);
    expect(room.getSnapshot().model.me).toEqual(ME);
  });

  it('reconnects after a lost socket with a new token, asking the monitor to avoid the node that failed', async () => {
    script.monitor = (_b, n) => ({ result: 1, param: { chat_host: n === 1 ? new URL(origin).host : '', chat_ssl_port: 0 } });
    const client = makeClient();
    const closes: number[] = [];
    client.on('close', (c) => closes.push(c.code));
    client.start();
    await until('joined', () => client.snapshot.status === 'joined');
    seen.sockets[0]?.terminate();
    await until('rejoined', () => seen.joins.length === 2 && client.snapshot.status === 'joined');
    expect(closes).toHaveLength(1);
    expect(seen.monitor[1]?.get('avoid')).toBe(new URL(origin).host);
    expect(seen.joins[1]?.us).toBe('token-2');
    expect(client.snapshot.attempt).toBe(0);
  });

  it('logs a chat host it cannot fetch, opens no socket, and tries again later', async () => {
    script.monitor = (_b, n) =>
      n === 1 ? null : n === 2 ? { result: 0, param: { msg: 'no node' } } : { result: 1, param: { chat_host: '', chat_ssl_port: 0 } };
    logs.length = 0;
    const client = makeClient();
    client.start();
    await until('joined', () => client.snapshot.status === 'joined', 8000);
    expect(seen.monitor).toHaveLength(3);
    expect(seen.sockets).toHaveLength(1);
    expect(logs.filter((l) => l.includes('chat host'))).toHaveLength(2);
  });

  it('stops for good when the room closes', async () => {
    const client = makeClient();
    client.start();
    await until('joined', () => client.snapshot.status === 'joined');
    seen.sockets[0]?.send(
      JSON.stringify({ service: ChatPush.ROOM_CLOSE, param: { vk: 'room1', state: 'ended', msg: '방송이 종료되었습니다.' } }),
    );
    await until('closed', () => client.snapshot.status === 'closed');
    expect(client.snapshot.ended).toMatchObject({ reason: 'room-closed', msg: '방송이 종료되었습니다.' });
    await new Promise((r) => setTimeout(r, 600));
    expect(seen.joins).toHaveLength(1);
  });

  it('stops when a forced exit about this user arrives, and leaves politely otherwise', async () => {
    const byes: ChatFrame[] = [];
    script.onRequest = (frame, socket) => {
      if (frame.service === ChatService.ROOM_BYE) {
        byes.push(frame);
        socket.send(JSON.stringify({ service: ChatService.ROOM_BYE, param: { result: 1, rid: frame.param.rid } }));
      }
    };
    const kicked = makeClient();
    kicked.start();
    await until('joined', () => kicked.snapshot.status === 'joined');
    seen.sockets[0]?.send(JSON.stringify({ service: ChatPush.OUTSIDE_MSG, param: { code: 70, ts: 1, target: ME } }));
    await until('closed', () => kicked.snapshot.status === 'closed');
    expect(kicked.snapshot.ended?.reason).toBe('forced-out');

    const leaving = makeClient();
    leaving.start();
    await until('joined', () => leaving.snapshot.status === 'joined');
    await leaving.leave();
    expect(byes).toHaveLength(1);
    expect(leaving.snapshot).toMatchObject({ status: 'closed', ended: { reason: 'left' } });
  });

  it('gives up after maxAttempts failures in a row, and retry() starts again', async () => {
    script.monitor = () => null;
    const client = new ChatClient(clientOptions({ lang: 'en', maxAttempts: 1, log: () => {} }));
    clients.push(client);
    client.start();
    await until('disconnected', () => client.snapshot.status === 'disconnected');
    expect(client.snapshot.lastError?.msg).toBe(resultMessage('CHAT_UNAVAILABLE', 'en'));
    script.monitor = undefined;
    client.retry();
    await until('joined', () => client.snapshot.status === 'joined');
  });
});
