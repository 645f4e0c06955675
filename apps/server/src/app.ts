import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { API_BASE, LIVE_BUS_CHANNEL } from '@byeol/contract';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger as PinoLogger } from 'pino';
import type { Config } from './config.js';
import { createModeration } from './modules/chat/chat.moderation.js';
import { chatNodeId } from './modules/chat/chat.node.js';
import { createChatStore } from './modules/chat/chat.repository.js';
import { chatMonitorRoutes, chatNodeRoutes } from './modules/chat/chat.routes.js';
import { ChatEngine } from './modules/chat/chat.server.js';
import { RoomStandings } from './modules/chat/chat.standings.js';
import { createTranslations } from './modules/chat/translate/translator.js';
import { type ApiContext, apiModules } from './modules/index.js';
import { LiveRooms } from './modules/live/live.rooms.js';
import { IngestServer } from './modules/media/ingest.server.js';
import { mediaFilesRoutes } from './modules/media/media.files.js';
import { createPgClient, siteOriginOf } from './modules/payments/pg/index.js';
import { ProgressionService } from './modules/progression/index.js';
import { SiteService } from './modules/site/site.service.js';
import { sessions } from './modules/users/users.session.js';
import { createSmsDriver } from './modules/verification/sms.js';
import { LedgerService } from './modules/wallet/wallet.service.js';
import { apiConventions } from './platform/api.js';
import type { Bus } from './platform/bus.js';
import { compression } from './platform/compression.js';
import type { Database } from './platform/db.js';
import { observability } from './platform/observability.js';
import { fromAnotherApp, PAGE_CHANGES_CHANNEL, PageCache, signalPageChanges, tablesOf } from './platform/page-cache.js';
import { securityHeaders } from './platform/security-headers.js';
import { SharedAnswers } from './platform/shared-answers.js';
import { webRole } from './platform/web.js';

export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  logger: PinoLogger;
}

/** Builds the Fastify app for the configured roles from plugins; it does not listen. */
export async function buildApp({ config, database, bus, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The request id travels back so a user's report can be matched to the log line. Set when the request
  // arrives, so the pages (a hijacked reply takes Fastify's headers as they are then, rawSecurityHeaders) carry
  // it too, and as a callback: a hook on every request costs no promise and no turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const roles = new Set(config.BYEOL_ROLES);
  // Before every route: API JSON, SSR-less assets and the rest above 1 KB travel compressed.
  await compression(app);
  await app.register(observability, {
    probes: [
      { name: 'database', check: () => database.ping() },
      { name: 'bus', check: () => bus.ping() },
    ],
  });
  // Before apiConventions: its session-cookie refresh must run before the cookie plugin writes cookies.
  // Sessions are cached per process; account changes reach the other processes' caches over the bus.
  await app.register(sessions, {
    db: database.db,
    secure: config.NODE_ENV === 'production',
    bus,
    cacheTtlMs: config.SESSION_CACHE_MS,
  });
  await app.register(securityHeaders, { https: (config.PUBLIC_URL ?? '').startsWith('https:') });
  await app.register(apiConventions, {
    publicUrl: config.PUBLIC_URL,
    bodyLimit: config.BODY_LIMIT,
    uploadLimit: config.UPLOAD_LIMIT,
    uploadDir: path.join(config.DATA_DIR, 'tmp'),
  });

  // Anonymous pages rendered once a second for everybody (issue 20); every change this process writes
  // to the database (but to a member's own rows: PRIVATE_TABLES) clears them, here and over the bus in
  // other web processes.
  const pageCache = roles.has('web') && config.PAGE_CACHE_MS > 0 ? new PageCache({ ttlMs: config.PAGE_CACHE_MS, maxEntries: 1000 }) : null;
  const origin = randomUUID();
  const stopPageSignals = signalPageChanges(database, bus, pageCache, app.log, origin);
  app.addHook('onClose', async () => stopPageSignals());
  // Public answers every page view asks for (the latest replays, magazine articles): kept until the
  // tables they read change (this process's writes at once, other processes' over the bus), a second at most.
  const answers = new SharedAnswers(config.PAGE_CACHE_MS);
  const stopAnswerSignals = database.onWrite((tables) => answers.changed(tables));
  const answerSubscriptions = await Promise.all([
    bus.subscribe(PAGE_CHANGES_CHANNEL, (message) => {
      if (fromAnotherApp(message, origin)) answers.changed(tablesOf(message));
    }),
    // A broadcast started or ended in another process (the ingest's role).
    bus.subscribe(LIVE_BUS_CHANNEL, () => answers.changed(new Set(['broadcast']))),
  ]);
  app.addHook('onClose', async () => {
    stopAnswerSignals();
    await Promise.all(answerSubscriptions.map((off) => off()));
  });

  let ledger: LedgerService | null = null;
  let progressOfApp: ProgressionService | null = null;
  if (roles.has('api')) {
    await app.register(swagger, {
      openapi: { info: { title: 'Byeol API', version: '1' }, servers: [{ url: '/' }] },
      transform: jsonSchemaTransform,
    });
    const site = new SiteService(database.db);
    const unwatch = await site.watch(bus);
    app.addHook('onClose', async () => unwatch());
    // One ledger per process: its batcher gathers every paying call of the process (docs/wallet-ledger.md).
    ledger = new LedgerService({
      db: database.db,
      pool: database.pool,
      rewardRate: async () => (await site.info('ko')).site_setting.reward_rate,
      log: logger.child({ module: 'wallet' }),
    });
    const ledgerOfApp = ledger;
    app.addHook('onClose', async () => ledgerOfApp.close());
    // One room cache per process, shared by gifts and items; every `live` bus message refreshes a room.
    const rooms = new LiveRooms(database.db, bus);
    await rooms.start();
    app.addHook('onClose', async () => rooms.stop());
    // One list of each BJ's blocks and managers per process, for gifts and items; chat moderation's
    // `chat.standings` bus messages refresh a BJ's lists.
    const standings = new RoomStandings(database.db, bus);
    await standings.start();
    app.addHook('onClose', async () => standings.stop());
    // Experience and levels: facts from calls, heartbeats and chat nodes, folded by one job per process.
    const progress = new ProgressionService(database.db, bus, logger.child({ module: 'progression' }));
    await progress.start();
    progressOfApp = progress;
    app.addHook('onClose', async () => progress.stop());
    const sms = createSmsDriver(config, database.db, logger);
    // Card payments (docs/payments.md): Toss, or the test PG this app mounts under /pg-test.
    const cardPg = createPgClient(config, () => serverOrigin(app), siteOriginOf(config));
    const uploadsDir = path.join(config.DATA_DIR, 'uploads');
    const ctx: ApiContext = {
      config,
      db: database.db,
      bus,
      log: logger,
      secure: config.NODE_ENV === 'production',
      site,
      ledger: ledgerOfApp,
      rooms,
      standings,
      progress,
      sms,
      cardPg,
      uploadsDir,
      answers,
    };
    await app.register(
      async (v1) => {
        for (const m of apiModules) await m.v1?.(v1, ctx);
      },
      { prefix: API_BASE },
    );
    for (const m of apiModules) await m.root?.(app, ctx);
    app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  // The chat role: the /wsock node, its rooms and its presence (docs/chat-protocol.md); the monitor also under api.
  let chat: ChatEngine | null = null;
  if (roles.has('chat')) {
    const store = createChatStore(database.db);
    const engine = new ChatEngine({
      bus,
      store,
      applyAction: createModeration(database.db, store, bus, logger.child({ module: 'chat' }) as unknown as FastifyBaseLogger),
      secret: config.CHAT_TOKEN_SECRET,
      nodeId: chatNodeId(config.CHAT_ADVERTISE),
      capacity: config.CHAT_NODE_CAPACITY,
      maxSocketsPerAddress: config.CHAT_MAX_SOCKETS_PER_ADDRESS,
      maxSocketsPerIdentity: config.CHAT_MAX_SOCKETS_PER_IDENTITY,
      trustProxy: config.TRUST_PROXY,
      log: logger.child({ module: 'chat' }) as unknown as FastifyBaseLogger,
      translations: createTranslations(config, logger.child({ module: 'translate' }) as unknown as FastifyBaseLogger),
    });
    engine.attach(app.server);
    app.addHook('onReady', async () => engine.start());
    // Before the HTTP server closes: open WebSockets would hold it (they are closed with 1001).
    app.addHook('preClose', async () => engine.close());
    await app.register(chatNodeRoutes, { engine });
    chat = engine;
  }
  if (roles.has('api') || roles.has('chat')) await app.register(chatMonitorRoutes, { bus, sslPort: config.CHAT_SSL_PORT });
  app.decorate('chat', chat);
  app.decorate('ledger', ledger);
  app.decorate('progress', progressOfApp);

  // The media role: RTMP ingest, HLS packaging, lifecycle and replays (docs/live-video.md).
  let ingest: IngestServer | null = null;
  if (roles.has('media')) {
    const media = new IngestServer({
      db: database.db,
      bus,
      log: logger.child({ module: 'media' }),
      dataDir: config.DATA_DIR,
      rtmpHost: config.RTMP_HOST,
      rtmpPort: config.RTMP_PORT,
      flvPort: config.MEDIA_FLV_PORT,
      transcode: config.TRANSCODE_LEVELS,
    });
    await media.start();
    // Every broadcast ends cleanly (ffmpeg stopped, replay closed, row ended) before the database closes.
    app.addHook('onClose', async () => media.stop());
    ingest = media;
  }
  app.decorate('ingest', ingest);

  if (roles.has('web')) {
    // HLS files and the HTTP-FLV proxy, outside /v1 (in the embedded default the web role serves them).
    await app.register(mediaFilesRoutes, {
      mediaRoot: path.join(config.DATA_DIR, 'media'),
      db: database.db,
      mediaSecret: config.CHAT_TOKEN_SECRET,
      ...(ingest ? { ingest } : {}),
      ...(config.MEDIA_FLV_ORIGIN ? { flvOrigin: config.MEDIA_FLV_ORIGIN } : {}),
    });
    await webRole(app, {
      buildDir: config.WEB_BUILD_DIR,
      // Without the api role here, pages reach the API of another process.
      apiOrigin: roles.has('api') ? undefined : config.API_ORIGIN,
      production: config.NODE_ENV === 'production',
      pageCache,
      bus,
      // A broadcast starting or ending changes the home and the lists at once.
      pageChannels: [PAGE_CHANGES_CHANNEL, LIVE_BUS_CHANNEL],
    });
  }
  return app;
}

/** How this server reaches itself once listening (the built-in test PG under /pg-test of the same process). */
function serverOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }
  return 'http://127.0.0.1';
}
