import path from 'node:path';
import { API_BASE } from '@byeol/contract';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger as PinoLogger } from 'pino';
import type { Config } from './config.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { createModeration } from './modules/chat/chat.moderation.js';
import { chatNodeId } from './modules/chat/chat.node.js';
import { createChatStore } from './modules/chat/chat.repository.js';
import { chatApiRoutes, chatMonitorRoutes, chatNodeRoutes } from './modules/chat/chat.routes.js';
import { ChatEngine } from './modules/chat/chat.server.js';
import { communityRoutes } from './modules/community/community.routes.js';
import { createIdentityDriver } from './modules/identity/identity.drivers.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { itemsRoutes } from './modules/items/items.routes.js';
import { LiveRooms } from './modules/live/live.rooms.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { streamRoutes } from './modules/live/stream.routes.js';
import { rtmpPublicUrl } from './modules/live/stream.service.js';
import { IngestServer } from './modules/media/ingest.server.js';
import { mediaFilesRoutes } from './modules/media/media.files.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { paymentsRoutes, paymentsWebhookRoutes } from './modules/payments/payments.routes.js';
import { createPgClient, pgProvider, siteOriginOf, TEST_PG_PREFIX, testPgKeys } from './modules/payments/pg/index.js';
import { testPgPlugin } from './modules/payments/pg/test-pg.js';
import { recoveryRoutes } from './modules/recovery/recovery.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { SiteService } from './modules/site/site.service.js';
import { socialClients } from './modules/social/social.providers.js';
import { socialFormPostRoutes, socialRoutes } from './modules/social/social.routes.js';
import { supportersRoutes } from './modules/supporters/supporters.routes.js';
import { uploadedFilesRoute, uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { sessions } from './modules/users/users.session.js';
import { createSmsDriver } from './modules/verification/sms.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { LedgerService } from './modules/wallet/wallet.service.js';
import { apiConventions } from './platform/api.js';
import type { Bus } from './platform/bus.js';
import type { Database } from './platform/db.js';
import { observability } from './platform/observability.js';
import { securityHeaders } from './platform/security-headers.js';
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
  // The request id travels back so a user's report can be matched to the log line.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const roles = new Set(config.BYEOL_ROLES);
  await app.register(observability, {
    probes: [
      { name: 'database', check: () => database.ping() },
      { name: 'bus', check: () => bus.ping() },
    ],
  });
  // Before apiConventions: its session-cookie refresh must run before the cookie plugin writes cookies.
  await app.register(sessions, { db: database.db, secure: config.NODE_ENV === 'production' });
  await app.register(securityHeaders, { https: (config.PUBLIC_URL ?? '').startsWith('https:') });
  await app.register(apiConventions, {
    publicUrl: config.PUBLIC_URL,
    bodyLimit: config.BODY_LIMIT,
    uploadLimit: config.UPLOAD_LIMIT,
    uploadDir: path.join(config.DATA_DIR, 'tmp'),
  });

  let ledger: LedgerService | null = null;
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
    const sms = createSmsDriver(config, database.db, logger);
    // Card payments (docs/payments.md): Toss, or the test PG this app mounts under /pg-test.
    const cardPg = createPgClient(config, () => serverOrigin(app), siteOriginOf(config));
    const uploadsDir = path.join(config.DATA_DIR, 'uploads');
    await app.register(
      async (v1) => {
        await v1.register(siteRoutes, { site });
        await v1.register(liveRoutes, { db: database.db, bus, replayMobileOnly: config.REPLAY_MOBILE_ONLY });
        await v1.register(streamRoutes, { db: database.db, bus, rtmpUrl: rtmpPublicUrl(config) });
        await v1.register(mediaRoutes, { db: database.db, bus });
        await v1.register(communityRoutes, { db: database.db });
        await v1.register(usersRoutes, { db: database.db, bus, secure: config.NODE_ENV === 'production', uploadsDir });
        await v1.register(uploadsRoutes, { db: database.db, bus, uploadsDir });
        await v1.register(socialRoutes, {
          db: database.db,
          bus,
          log: logger,
          clients: socialClients(config),
          site,
          secure: config.NODE_ENV === 'production',
        });
        await v1.register(verificationRoutes, {
          deps: { db: database.db, bus, sms, log: logger, perIpLimit: config.SMS_LIMIT_PER_IP },
          devOutbox: config.SMS_DRIVER === 'log' && config.NODE_ENV !== 'production',
        });
        await v1.register(recoveryRoutes, { db: database.db, bus });
        await v1.register(identityRoutes, {
          db: database.db,
          bus,
          driver: createIdentityDriver(config, database.db),
          portone: { storeId: config.PORTONE_STORE_ID ?? '', channelKey: config.PORTONE_IDENTITY_CHANNEL_KEY ?? '' },
        });
        await v1.register(applicationsRoutes, { db: database.db, secure: config.NODE_ENV === 'production' });
        await v1.register(chatApiRoutes, { db: database.db, bus, secret: config.CHAT_TOKEN_SECRET });
        await v1.register(walletRoutes, { db: database.db, bus, ledger: ledgerOfApp, site, rooms });
        await v1.register(itemsRoutes, { db: database.db, bus, site, ledger: ledgerOfApp, rooms });
        await v1.register(paymentsRoutes, { db: database.db, site, ledger: ledgerOfApp, pg: cardPg, publicUrl: config.PUBLIC_URL });
        // Supporters (docs/supporters.md): regular and auto-pay through the same card PG.
        await v1.register(supportersRoutes, { db: database.db, bus, site, pg: cardPg, publicUrl: config.PUBLIC_URL });
        await v1.register(adminRoutes, { db: database.db, site });
      },
      { prefix: API_BASE },
    );
    await app.register(socialFormPostRoutes);
    // The bank's deposit notifications: signed, outside /v1 (no API headers from a bank).
    await app.register(paymentsWebhookRoutes, {
      db: database.db,
      site,
      ledger: ledgerOfApp,
      secret: config.PAYMENT_WEBHOOK_SECRET,
      pg: cardPg,
      publicUrl: config.PUBLIC_URL,
      tossSecret: config.TOSS_WEBHOOK_SECRET,
    });
    // PG_PROVIDER=test: the built-in test PG (Toss' API and a checkout page, no real money) on this server's own origin.
    if (pgProvider(config) === 'test')
      await app.register(testPgPlugin, {
        prefix: TEST_PG_PREFIX,
        secretKey: testPgKeys(config).secretKey,
        // Receipt URLs: on PUBLIC_URL when set, else on the origin the browser paid from.
        ...(config.PUBLIC_URL ? { publicBaseUrl: `${siteOriginOf(config)}${TEST_PG_PREFIX}` } : {}),
      });
    app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    // Uploaded files (profile images) are public, outside /v1; see docs/accounts-profile.md.
    await app.register(uploadedFilesRoute, { uploadsDir });
  }

  // The chat role: the /wsock node, its rooms and its presence (docs/chat-protocol.md); the monitor also under api.
  let chat: ChatEngine | null = null;
  if (roles.has('chat')) {
    const store = createChatStore(database.db);
    const engine = new ChatEngine({
      bus,
      store,
      applyAction: createModeration(database.db, store),
      secret: config.CHAT_TOKEN_SECRET,
      nodeId: chatNodeId(config.CHAT_ADVERTISE),
      capacity: config.CHAT_NODE_CAPACITY,
      log: logger.child({ module: 'chat' }) as unknown as FastifyBaseLogger,
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
      ...(ingest ? { ingest } : {}),
      ...(config.MEDIA_FLV_ORIGIN ? { flvOrigin: config.MEDIA_FLV_ORIGIN } : {}),
    });
    await webRole(app, {
      buildDir: config.WEB_BUILD_DIR,
      // Without the api role here, pages reach the API of another process.
      apiOrigin: roles.has('api') ? undefined : config.API_ORIGIN,
      production: config.NODE_ENV === 'production',
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
