// The servers under test for bench/api.bench.ts, in their own process so the load generator does not
// share their event loop: a bare Fastify answering the envelope (baseline) and Byeol's API role.

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/demo/demo.seed.js';
import { channelSubscribe } from '../apps/server/src/modules/channels/channels.tables.js';
import { broadcast } from '../apps/server/src/modules/live/live.tables.js';
import { seedSiteDefaults } from '../apps/server/src/modules/site/site.repository.js';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../apps/server/src/modules/users/users.session.js';
import { userSession, users } from '../apps/server/src/modules/users/users.tables.js';
import { createBus } from '../apps/server/src/platform/bus.redis.js';
import { connectExternal, migrateDatabase } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';

/** Byeol's cached answers bare Fastify also serves as they are, at /same/{name} (bench/api.bench.ts). */
const SAME_BYTES = {
  site: '/v1/pubapi/api_site_cache_info?segment1=sub&segment2=live',
  live: '/v1/pubapi/play_live_list?limit=8',
  vod: '/v1/pubapi/play_vod_list?limit=8',
  magazine: '/v1/pubapi/magazine_list?limit=4',
} as const;

const testDb = await createTestDatabase('byeol_bench');
const config = loadConfig({ ...process.env, DATABASE_URL: testDb.url, BYEOL_ROLES: 'api', LOG_LEVEL: 'silent' });
const database = await connectExternal(testDb.url, config.DATABASE_POOL_MAX);
await migrateDatabase(database.pool);
await seedSiteDefaults(database.db);
await seedDemo(database.db);
// Logged-in visitors: sessions as the login would have written them, for a demo member and 199 more
// members, so the signed-in calls look up many accounts, not one (a batch of one member would flatter).
const [member] = await database.db.select({ userKey: users.userKey }).from(users).where(eq(users.id, 'demo_fan1'));
const members = await database.db
  .insert(users)
  .values(Array.from({ length: 199 }, (_, i) => ({ id: `benchfan${i}`, nick: `벤치팬${i}` })))
  .returning({ userKey: users.userKey });
const tokens = [member?.userKey ?? 0, ...members.map((m) => m.userKey)].map((userKey) => ({
  userKey,
  token: randomBytes(32).toString('base64url'),
}));
await database.db
  .insert(userSession)
  .values(tokens.map(({ userKey, token }) => ({ tokenHash: hashToken(token), userKey, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })));
const token = tokens[0]?.token ?? '';
// A demo broadcast on air: the play page's call (play_info) reads it.
const [onAir] = await database.db.select({ vodKey: broadcast.vodKey }).from(broadcast).where(eq(broadcast.state, 'live')).limit(1);
// Members follow a few BJs, as fans do: each bench member follows three of the demo broadcasters (the home
// page's followed list, subscribe_default_more, reads them).
const bjs = await database.db.select({ userKey: users.userKey }).from(users).where(eq(users.typeCd, 'bj'));
await database.db
  .insert(channelSubscribe)
  .values(members.flatMap((m, i) => [0, 1, 2].map((j) => ({ userKey: m.userKey, bjUserKey: bjs[(i + j) % bjs.length]?.userKey ?? 0 }))))
  .onConflictDoNothing();
const bus = await createBus(config.REDIS_URL);
const byeol = await buildApp({ config, database, bus, logger: pino({ level: 'silent' }) });
await byeol.listen({ host: '127.0.0.1', port: 0 });
const probe = await byeol.inject({ url: '/v1/user/user_info', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
if (probe.json().rslt_cd !== 0) throw new Error(`the bench session is not logged in: ${probe.body}`);

const bare = Fastify({ logger: false });
bare.get('/envelope', async () => ({ rslt_cd: 0, rslt_set: { ok: true }, rslt_msg: '성공' }));
// The same bytes as Byeol's cached answers (uncompressed, as autocannon asks), from memory: the baseline
// that tells the platform's cost per request from the cost of writing a bigger answer.
for (const [name, url] of Object.entries(SAME_BYTES)) {
  const answer = await byeol.inject({ url });
  if (answer.statusCode !== 200 || answer.json().rslt_cd !== 0) throw new Error(`${url}: ${answer.body}`);
  const body = answer.body;
  bare.get(`/same/${name}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
// ANCHORS.md's baseline for user_info: bare Fastify and one primary-key SELECT per request (a pool as large as
// Byeol's), a member's row by user_key, the 200 bench members in turn.
const bareDb = new pg.Pool({ connectionString: testDb.url, max: config.DATABASE_POOL_MAX });
const memberKeys = tokens.map((t) => t.userKey);
let nextMember = 0;
bare.get('/pk', async () => {
  const userKey = memberKeys[nextMember++ % memberKeys.length];
  const { rows } = await bareDb.query('select user_key, id, nick from users where user_key = $1', [userKey]);
  return { rslt_cd: 0, rslt_set: rows[0], rslt_msg: '성공' };
});
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (s: { server: import('node:net').Server }) => (s.server.address() as import('node:net').AddressInfo).port;
process.send?.({
  bare: port(bare),
  byeol: port(byeol),
  cookie: `${SESSION_COOKIE}=${token}`,
  cookies: tokens.map((t) => `${SESSION_COOKIE}=${t.token}`),
  vodKey: onAir?.vodKey ?? '',
  database: process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL',
});

process.on('message', async (m) => {
  if (m !== 'stop') return;
  await Promise.all([bare.close(), byeol.close()]);
  await bareDb.end();
  await bus.close();
  await database.close();
  await testDb.drop();
  process.exit(0);
});
