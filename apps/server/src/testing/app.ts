import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  API_BASE,
  API_HEADERS,
  type Endpoint,
  type EndpointAnswer,
  type Envelope,
  endpointPath,
  LANG_COOKIE,
  type Lang,
} from '@byeol/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Role } from '../config.js';
import { seedSiteDefaults } from '../modules/site/site.repository.js';
import type { Bus } from '../platform/bus.js';
import { createBus } from '../platform/bus.redis.js';
import { connectExternal, type Database } from '../platform/db.js';

export interface TestApp {
  /** Origin of the real HTTP server, e.g. http://127.0.0.1:40123 */
  url: string;
  app: FastifyInstance;
  database: Database;
  bus: Bus;
  /** GET an API path with query parameters; answers the parsed envelope and the raw response. */
  get<T = unknown>(path: string, query?: Record<string, string | number>, opts?: CallOptions): Promise<Called<T>>;
  /** POST a form-encoded body (or FormData) with the SPEC §7 headers unless `headers: false`. */
  post<T = unknown>(path: string, body?: Record<string, string> | FormData, opts?: CallOptions): Promise<Called<T>>;
  /**
   * A catalogued call (packages/contract `endpoint(…)`) with its method and path: the form (strings, as a
   * browser sends them, bad values included) as the query of a GET or the body of anything else.
   */
  call<E extends Endpoint>(ep: E, form?: Record<string, string>, opts?: CallOptions): Promise<Called<EndpointAnswer<E>>>;
  close(): Promise<void>;
}

export interface CallOptions {
  lang?: Lang;
  cookie?: string;
  /** false leaves the required API headers out. */
  headers?: false | Record<string, string>;
  method?: string;
}

export interface Called<T> {
  status: number;
  body: Envelope<T>;
  response: Response;
}

async function reportStuckClose(url: string, step: string): Promise<void> {
  const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles().map((h) => h.constructor.name);
  let activity = '';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select pid, state, wait_event_type, wait_event, now() - query_start as running, left(query, 160) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
    );
    activity = JSON.stringify(rows, null, 1);
  } catch (err) {
    activity = String(err);
  } finally {
    await client.end().catch(() => {});
  }
  console.error(`test app close stuck in ${step} after 20 s; active handles: ${handles.join(', ')}; database activity: ${activity}`);
}

/** One Redis prefix per test file (every app a file starts shares it; a test may still set its own). */
const RUN_REDIS_PREFIX = `byeol_t${process.pid}_${randomBytes(3).toString('hex')}:`;

/**
 * The platform's API on a real port against the integration database (see global-setup.ts), with the
 * bus of REDIS_URL when set. Every test file builds its own and closes it.
 */
export async function startTestApp(
  opts: {
    roles?: Role[];
    env?: Record<string, string>;
    /** Registers extra routes (e.g. probes of the API conventions) before the server listens. */
    extend?: (app: FastifyInstance, database: Database) => Promise<void>;
    /** Receives every log line at `warn` and above (JSON), instead of a silent logger. */
    logLines?: (line: string) => void;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: inject('databaseUrl'),
    BYEOL_ROLES: (opts.roles ?? ['api']).join(','),
    LOG_LEVEL: 'silent',
    PORT: '0',
    // The ranking job runs where a test asks for it (rankings.int.test.ts calls compute()).
    RANKING_REFRESH_SECONDS: '0',
    // Counters, presence and channels of this test file under its own prefix: with REDIS_URL set, a fresh
    // database hands out the same user keys as the run before, whose rate-limit counters would still count.
    REDIS_PREFIX: RUN_REDIS_PREFIX,
    ...opts.env,
  });
  const database = await connectExternal(config.DATABASE_URL as string, 4);
  await seedSiteDefaults(database.db);
  const bus = await createBus(config.REDIS_URL, config.REDIS_PREFIX);
  const app = await buildApp({
    config,
    database,
    bus,
    logger: opts.logLines ? pino({ level: 'warn' }, { write: opts.logLines }) : pino({ level: 'silent' }),
  });
  if (opts.extend) await opts.extend(app, database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function call<T>(method: string, path: string, init: RequestInit, o: CallOptions = {}): Promise<Called<T>> {
    const headers = new Headers(init.headers);
    if (o.headers !== false) for (const [k, v] of Object.entries({ ...API_HEADERS, ...(o.headers ?? {}) })) headers.set(k, v);
    const cookies = [o.lang ? `${LANG_COOKIE}=${o.lang}` : '', o.cookie ?? ''].filter(Boolean).join('; ');
    if (cookies) headers.set('cookie', cookies);
    const response = await fetch(url + path, { ...init, method: o.method ?? method, headers });
    const text = await response.clone().text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path} answered non-JSON (${response.status}): ${text.slice(0, 200)}`);
    }
    return { status: response.status, body, response };
  }

  return {
    url,
    app,
    database,
    bus,
    get(path, query = {}, o) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return call('GET', qs ? `${path}?${qs}` : path, {}, { ...o, headers: o?.headers ?? {} });
    },
    post(path, body = {}, o) {
      const payload = body instanceof FormData ? body : new URLSearchParams(body);
      return call('POST', path, { body: payload }, o);
    },
    call(ep, form = {}, o) {
      const { path, rest } = endpointPath(ep, form);
      const fields = rest as Record<string, string>;
      if (ep.method !== 'GET') return call(ep.method, API_BASE + path, { body: new URLSearchParams(fields) }, o);
      const qs = new URLSearchParams(fields).toString();
      return call('GET', `${API_BASE}${path}${qs ? `?${qs}` : ''}`, {}, { ...o, headers: o?.headers ?? {} });
    },
    async close() {
      // A close that hangs fails the file's afterAll with nothing to go on: say which step is stuck and
      // what the database is doing meanwhile.
      let step = 'app.close';
      const watchdog = setTimeout(() => void reportStuckClose(config.DATABASE_URL as string, step), 20_000);
      // As main.ts does after its grace period: connections still open (a streamed response a test aborted
      // while the server side was still writing) are closed, said aloud, rather than holding close forever
      // (CI once hung here 60 s after the media suite's HTTP-FLV test).
      const force = setTimeout(() => {
        console.warn('test app close: connections still open after 5 s; closing them as main.ts does after its grace period');
        app.server.closeAllConnections();
      }, 5_000);
      try {
        await app.close();
        step = 'bus.close';
        await bus.close();
        step = 'database.close';
        await database.close();
      } finally {
        clearTimeout(force);
        clearTimeout(watchdog);
      }
    },
  };
}
