// One server under test for bench/chat-fanout.ts, alone in its process (the orchestrator pins it to one
// core with taskset). Run as: server.ts <ws|socketio|byeol>. It answers 'ready' with its port, then 'rss'
// (after a full garbage collection) whenever asked, and exits on 'stop'.
//   ws:       the ANCHORS baseline: for each incoming message, for (client) client.send(data).
//   socketio: Socket.IO 4, WebSocket transport only, every socket in one room, io.to(room).emit per message.
//   byeol:    Byeol's app with the chat role (the real chat node), on the database the orchestrator seeded;
//   byeol-tr: the same with TRANSLATOR=glossary (`byeol` runs TRANSLATOR=none).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { WebSocketServer } from 'ws';
import type { ServerReady, ServerRss, Target } from './protocol.js';

const target = process.argv[2] as Target;
const gc = (globalThis as { gc?: () => void }).gc;

async function startWs(): Promise<{ ready: ServerReady; stop: () => Promise<void> }> {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      for (const client of wss.clients) client.send(data, { binary: isBinary });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ready: {
      type: 'ready',
      port: (server.address() as AddressInfo).port,
      path: '/',
      note: 'ws 8, perMessageDeflate off, one frame per message per client',
    },
    stop: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function startSocketIo(): Promise<{ ready: ServerReady; stop: () => Promise<void> }> {
  const server = http.createServer();
  const io = new SocketIoServer(server, { transports: ['websocket'], perMessageDeflate: false, serveClient: false });
  io.on('connection', (socket) => {
    void socket.join('room');
    socket.on('msg', (m: string) => {
      io.to('room').emit('msg', m);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ready: {
      type: 'ready',
      port: (server.address() as AddressInfo).port,
      path: '/socket.io/?EIO=4&transport=websocket',
      note: 'socket.io 4.8, websocket transport only, perMessageDeflate off',
    },
    stop: async () => {
      io.disconnectSockets(true);
      await new Promise((resolve) => io.close(() => resolve(undefined)));
    },
  };
}

async function startByeol(translator: 'none' | 'glossary'): Promise<{ ready: ServerReady; stop: () => Promise<void> }> {
  const { pino } = await import('pino');
  const { CHAT_SOCKET_PATH } = await import('@byeol/contract');
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const { createBus } = await import('../../apps/server/src/platform/bus.redis.js');
  const { connectExternal } = await import('../../apps/server/src/platform/db.js');
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is not set');
  const config = loadConfig({ ...process.env, DATABASE_URL: url, BYEOL_ROLES: 'chat', LOG_LEVEL: 'silent', TRANSLATOR: translator });
  const database = await connectExternal(url, 4);
  const bus = await createBus(config.REDIS_URL);
  const app = await buildApp({ config, database, bus, logger: pino({ level: 'silent' }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    ready: {
      type: 'ready',
      port: (app.server.address() as AddressInfo).port,
      path: CHAT_SOCKET_PATH,
      note: `roles chat, TRANSLATOR=${translator}, bus ${config.REDIS_URL ? 'Redis (REDIS_URL)' : 'in-process memory'}, ${process.env.BENCH_DATABASE_NOTE ?? ''}`,
    },
    stop: async () => {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

const started =
  target === 'ws'
    ? await startWs()
    : target === 'socketio'
      ? await startSocketIo()
      : await startByeol(target === 'byeol-tr' ? 'glossary' : 'none');
process.send?.(started.ready);

process.on('message', async (m: { type: string }) => {
  if (m.type === 'rss') {
    gc?.();
    gc?.();
    process.send?.({ type: 'rss', rss: process.memoryUsage().rss } satisfies ServerRss);
  } else if (m.type === 'stop') {
    await started.stop().catch(() => {});
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
