import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_OPERATOR, ensureDemoOperator } from './demo/demo.operator.js';
import { seedDemo } from './demo/demo.seed.js';
import { DemoVideo, rtmpOriginOf } from './demo/demo.video.js';
import { resolveFfmpeg } from './modules/media/index.js';
import { seedSiteDefaults } from './modules/site/site.repository.js';
import { createBus } from './platform/bus.redis.js';
import { connectExternal, type Database, migrateDatabase, startEmbedded } from './platform/db.js';
import { EmbeddedPostgresError } from './platform/embedded-pg.js';
import { reservePort } from './platform/net.js';

async function main() {
  const { values } = parseArgs({
    options: { roles: { type: 'string' }, demo: { type: 'boolean' }, port: { type: 'string' } },
    allowPositionals: false,
  });
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, {
      ...(values.roles ? { BYEOL_ROLES: values.roles } : {}),
      ...(values.demo ? { BYEOL_DEMO: '1' } : {}),
      ...(values.port ? { PORT: values.port } : {}),
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  // The configured ports are bound later: no port picked for the database or the ingest meanwhile may be one.
  for (const port of [config.PORT, config.RTMP_PORT, config.MEDIA_FLV_PORT]) reservePort(port);
  const logger = pino({ level: config.LOG_LEVEL, base: { roles: config.BYEOL_ROLES.join(',') } });
  let database: Database | undefined;
  const stopDatabase = async () => database?.close();
  try {
    database = config.DATABASE_URL
      ? await connectExternal(config.DATABASE_URL, config.DATABASE_POOL_MAX)
      : await startEmbedded(config.DATA_DIR, 'byeol', config.DATABASE_POOL_MAX, logger, config.EMBEDDED_PG_STAGE_DIR);
    await migrateDatabase(database.pool);
    if (await seedSiteDefaults(database.db)) logger.info('site defaults seeded');
    if (config.BYEOL_DEMO && (await seedDemo(database.db))) logger.info('demo content seeded');
    if (config.BYEOL_DEMO) {
      const operator = await ensureDemoOperator(database.db, config.DATA_DIR);
      logger.info({ file: operator.file }, `demo operator ${DEMO_OPERATOR.id} for /admin: its password is in ${operator.file}`);
    }
  } catch (err) {
    // What the embedded server needs from the machine is said in one line; anything else with its stack.
    if (err instanceof EmbeddedPostgresError) logger.fatal(`database start failed: ${err.message}`);
    else logger.fatal({ err }, 'database start failed');
    await stopDatabase().catch(() => {});
    process.exit(1);
  }

  const bus = await createBus(config.REDIS_URL, config.REDIS_PREFIX);
  const app = await buildApp({ config, database, bus, logger });

  // The demo live rooms' generated video (decision 005), started once the server listens.
  let demoVideo: DemoVideo | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests');
    const force = setTimeout(() => {
      logger.warn('grace period over, closing anyway');
      void app.server.closeAllConnections?.();
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    try {
      // The demo's publishers first: the ingest then ends their streams like any other, before it closes.
      await demoVideo?.stop();
      await app.close();
      await bus.close();
      await stopDatabase();
    } catch (err) {
      logger.error({ err }, 'shutdown error');
      process.exitCode = 1;
    }
    clearTimeout(force);
    logger.info('stopped');
  };
  // This process stops its database itself, last, after the requests in flight: no other handler may
  // race it (the tsx CLI's own signal relay is hidden from process.listeners() and stays).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    logger.fatal(
      { err: { code: (err as NodeJS.ErrnoException).code, message: (err as Error).message } },
      `cannot listen on ${config.HOST}:${config.PORT}`,
    );
    await bus.close();
    await stopDatabase();
    process.exit(1);
  }
  if (config.BYEOL_DEMO && config.BYEOL_DEMO_VIDEO && config.NODE_ENV !== 'production' && app.ingest && !stopping) {
    demoVideo = new DemoVideo({
      db: database.db,
      log: logger.child({ module: 'demo' }),
      dataDir: config.DATA_DIR,
      ffmpeg: resolveFfmpeg().path,
      rtmpOrigin: rtmpOriginOf(config.RTMP_HOST, app.ingest.rtmpPort),
    });
    demoVideo.start();
  }
  logger.info(
    {
      url: `http://${config.HOST}:${config.PORT}/`,
      ...(app.ingest ? { rtmp: `rtmp://${config.RTMP_HOST}:${app.ingest.rtmpPort}/live` } : {}),
      database: database.describe,
      bus: bus.kind,
      data: path.relative(process.cwd(), config.DATA_DIR) || '.',
    },
    'Byeol is up',
  );
}

await main();
