import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANG_COOKIE, resolveLang } from '@byeol/contract';
import type { Bus } from './bus.js';
import { acceptedEncoding, COMPRESS_THRESHOLD } from './compression.js';
import type { Database, WrittenTables } from './db.js';

/** The bus channel that tells every web process "something a page shows may have changed". */
export const PAGE_CHANGES_CHANNEL = 'pages.changed';
/** Clears of the page cache (and messages on the bus) happen at most this often; a later one is kept for the end of the window. */
export const PAGE_CHANGES_MIN_INTERVAL_MS = 100;

/** Whether a `pages.changed` message came from another app than the one of `origin` (signalPageChanges). */
export function fromAnotherApp(message: unknown, origin: string): boolean {
  return (message as { from?: unknown } | null)?.from !== origin;
}

/** A page as it was rendered for everybody without a session: kept in memory, one per path and language. */
interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  expires: number;
}

export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** What is cached: documents and React Router's loader data (client-side navigations). */
const CACHEABLE_TYPE = /^text\/(?:html|x-script)/i;

/** Calls `fn` at once, or, when it ran less than `ms` ago, once at the end of that window (never dropped). */
export function throttled(ms: number, fn: () => void): () => void {
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  return () => {
    const now = Date.now();
    if (now - last >= ms) {
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(
        () => {
          timer = null;
          last = Date.now();
          fn();
        },
        last + ms - now,
      );
      timer.unref();
    }
  };
}

/**
 * The anonymous page cache (issue 20, docs/decisions/012-anonymous-page-cache.md). When a popular BJ goes
 * live, thousands of fans without a session ask for the same few pages within seconds: each (host, path
 * with query, language) is rendered once per `ttlMs` and the same bytes (and their brotli and gzip forms,
 * compressed once) go to everybody who asks meanwhile. Requests that arrive while the page renders wait for
 * that render instead of starting their own.
 *
 * Only a request whose cookies are all in `sharedCookies` (the language cookie) is served from here: a
 * session cookie, an OAuth state, anything else renders for that request alone. Only a 200 HTML or loader
 * answer without Set-Cookie is kept. `invalidate()` (a broadcast started or ended, any API call that
 * changes something) drops everything, and a render that started before it is not kept.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry | RenderedPage>>();
  private generation = 0;
  readonly invalidate: () => void;

  constructor(private readonly opts: { ttlMs: number; maxEntries: number; sharedCookies?: readonly string[] }) {
    this.invalidate = throttled(PAGE_CHANGES_MIN_INTERVAL_MS, () => this.clear());
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** Drops every page now (the throttled form is `invalidate`). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
  }

  /** The key of a request the cache may answer, or null (a session or other private cookie, a method other than GET). */
  keyOf(req: IncomingMessage): string | null {
    if (!this.enabled || req.method !== 'GET') return null;
    const shared = this.opts.sharedCookies ?? [LANG_COOKIE];
    let lang: string | undefined;
    const cookie = req.headers.cookie;
    if (cookie) {
      for (const part of cookie.split(';')) {
        const eq = part.indexOf('=');
        const name = (eq < 0 ? part : part.slice(0, eq)).trim();
        if (!name) continue;
        if (!shared.includes(name)) return null;
        if (name === LANG_COOKIE) lang = part.slice(eq + 1).trim();
      }
    }
    // Authorization (an API token) is as private as a session cookie.
    if (req.headers.authorization) return null;
    return `${req.headers.host ?? ''}\n${req.url ?? '/'}\n${resolveLang(lang)}`;
  }

  /**
   * Answers `res` from the cache under `key`, rendering with `render` when the page is missing or old.
   * A render that cannot be kept (not 200, Set-Cookie, another type) goes to this request as it is.
   */
  async serve(key: string, req: IncomingMessage, res: ServerResponse, render: () => Promise<RenderedPage>): Promise<void> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) {
      return this.write(cached, req, res, 'HIT');
    }
    let pending = this.inflight.get(key);
    const mine = !pending;
    if (!pending) {
      const generation = this.generation;
      pending = render().then((page) => {
        const entry = this.keep(page);
        if (!entry) return page;
        if (generation === this.generation) {
          if (this.entries.size >= this.opts.maxEntries) this.evict(now);
          this.entries.set(key, entry);
        }
        return entry;
      });
      this.inflight.set(key, pending);
      const settle = () => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      };
      pending.then(settle, settle);
    }
    let page = await pending;
    if ('expires' in page) return this.write(page, req, res, 'MISS');
    // Not kept (a redirect, a 404, a page that set a cookie): that answer was for the request that
    // rendered it; a request that joined the render runs its own.
    if (!mine) page = await render();
    res.writeHead(page.status, headerPairs(page.headers).flat());
    res.end(page.body);
  }

  private keep(page: RenderedPage): Entry | null {
    if (page.status !== 200 || page.headers.has('set-cookie')) return null;
    if (!CACHEABLE_TYPE.test(page.headers.get('content-type') ?? '')) return null;
    const headers = headerPairs(page.headers).filter(([k]) => k !== 'content-length' && k !== 'content-encoding' && k !== 'vary');
    return { status: page.status, headers, body: page.body, expires: Date.now() + this.opts.ttlMs };
  }

  private evict(now: number): void {
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    // Still full: the oldest insertion goes (Map keeps insertion order).
    while (this.entries.size >= this.opts.maxEntries) {
      const first = this.entries.keys().next();
      if (first.done) break;
      this.entries.delete(first.value);
    }
  }

  private write(entry: Entry, req: IncomingMessage, res: ServerResponse, state: 'HIT' | 'MISS'): void {
    const encoding = entry.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : null;
    let body = entry.body;
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      body = entry.br;
    } else if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.body, { level: 6 });
      body = entry.gzip;
    }
    const headers: [string, string][] = [
      ...entry.headers,
      // A cache in front (a CDN) may keep it as long as we do, per language cookie and encoding.
      ['cache-control', `public, max-age=0, s-maxage=${Math.max(1, Math.round(this.opts.ttlMs / 1000))}`],
      ['vary', 'Cookie, Accept-Encoding'],
      ['x-page-cache', state],
      ['content-length', String(body.length)],
    ];
    if (encoding) headers.push(['content-encoding', encoding]);
    res.writeHead(entry.status, headers.flat());
    res.end(body);
  }
}

function headerPairs(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') out.push([name, value]);
  });
  for (const cookie of headers.getSetCookie()) out.push(['set-cookie', cookie]);
  return out;
}

/**
 * What tells the pages that something changed: every statement of this process that changed rows, and
 * every commit (Database.onWrite: an API call, a form action, a broadcast's start or end, a job). Reads are
 * no signal, whatever their HTTP method (SPEC §7 names most reads POST). This process's pages are cleared
 * at once (throttled: PAGE_CHANGES_MIN_INTERVAL_MS, the last one never dropped), other processes' over the
 * bus with the same throttle; a single process on the in-process bus sends nothing.
 */
export function signalPageChanges(
  database: Pick<Database, 'onWrite'>,
  bus: Bus,
  local: PageCache | null,
  log: { warn(o: object, m: string): void },
  /** This app's tag on its messages (its own shared answers skip them: it knew its writes already). */
  origin: string,
): () => void {
  // The tables written since the last message (null: one write could not be told), sent with the next.
  let pending: Set<string> | null = new Set();
  const publish =
    bus.kind === 'memory' && local
      ? null
      : throttled(PAGE_CHANGES_MIN_INTERVAL_MS, () => {
          const message: PageChanges = { from: origin, tables: pending === null ? null : [...pending] };
          pending = new Set();
          bus.publish(PAGE_CHANGES_CHANNEL, message).catch((err: unknown) => log.warn({ err }, 'page change publish failed'));
        });
  return database.onWrite((tables) => {
    if (onlyPrivate(tables)) return;
    local?.invalidate();
    if (!publish) return;
    if (tables === null) pending = null;
    else if (pending !== null) for (const t of tables) pending.add(t);
    publish();
  });
}

/** A `pages.changed` message: who wrote, and the tables written since its previous message (null: unknown). */
export interface PageChanges {
  from: string;
  tables: string[] | null;
}

/** The tables a `pages.changed` message names (null when it names none: anything may have changed). */
export function tablesOf(message: unknown): WrittenTables {
  const tables = (message as Partial<PageChanges> | null)?.tables;
  return Array.isArray(tables) && tables.every((t) => typeof t === 'string') ? new Set(tables) : null;
}

/**
 * Tables read only for the member they belong to, never by a page rendered without a session: a write to
 * them alone (a signed-in viewer's session refresh, the play page's recent-views row) changes no cached
 * page, so a crowd of signed-in viewers does not re-render the anonymous pages ten times a second.
 */
export const PRIVATE_TABLES: ReadonlySet<string> = new Set(['user_session', 'broadcast_view']);

function onlyPrivate(tables: WrittenTables): boolean {
  if (tables === null || tables.size === 0) return false;
  for (const t of tables) if (!PRIVATE_TABLES.has(t)) return false;
  return true;
}

/** The web side: changes announced by other processes clear this one's pages. */
export async function listenPageChanges(bus: Bus, cache: PageCache, channels: readonly string[]): Promise<() => Promise<void>> {
  const offs = await Promise.all(channels.map((c) => bus.subscribe(c, () => cache.invalidate())));
  return async () => {
    await Promise.all(offs.map((off) => off()));
  };
}
