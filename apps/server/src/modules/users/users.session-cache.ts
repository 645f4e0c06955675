import type { users } from './users.tables.js';

/** The logged-in account's whole row, as the session lookup read it. */
export type AccountRow = typeof users.$inferSelect;

/** What one session lookup found: the account and when the session ends. */
export interface FoundSession {
  account: AccountRow;
  /** Moved forward (once a day) by the lookup that extends the session. */
  expiresAt: Date;
}

/**
 * How long a process answers a session from memory without asking the database again. Every change the
 * code makes to an account or its sessions drops the entry at once (`accountChanged`, here and over the
 * bus); this lifetime only bounds what nobody announced: a row changed by hand in SQL, a bus message lost
 * while Redis was away.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** At most this many sessions per process (an account row is about 1 KB); the oldest go first. */
export const SESSION_CACHE_MAX = 20_000;

/**
 * Token hash → the session's account row, for SESSION_CACHE_TTL_MS, per process. Misses are not kept (a
 * forged cookie costs a query every time, as before, and fills nothing). Rows are frozen: every request of
 * the session shares the one object.
 *
 * A lookup that was already on its way to the database when an account changed must not store what it
 * read (it may predate the change): `mark()` before the query, `set(…, mark)` after, and a change in
 * between makes `set` a no-op.
 */
export class SessionCache {
  private readonly entries = new Map<string, { at: number; found: FoundSession }>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly max = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The session while it is fresh here and not past its own expiry. */
  get(tokenHash: string): FoundSession | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    const now = this.now();
    if (now - hit.at < this.ttlMs && hit.found.expiresAt.getTime() > now) return hit.found;
    this.remove(tokenHash, hit.found.account.userKey);
    return undefined;
  }

  /** Taken before a lookup reads the database; hand it to `set`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps what a lookup read, unless an account changed since `mark` (the read may predate it). */
  set(tokenHash: string, found: FoundSession, mark: number): void {
    if (mark !== this.generation || this.max <= 0 || this.ttlMs <= 0) return;
    const old = this.entries.get(tokenHash);
    if (old) this.remove(tokenHash, old.found.account.userKey);
    Object.freeze(found.account.settings);
    Object.freeze(found.account);
    this.entries.set(tokenHash, { at: this.now(), found });
    const userKey = found.account.userKey;
    let tokens = this.byUser.get(userKey);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(userKey, tokens);
    }
    tokens.add(tokenHash);
    while (this.entries.size > this.max) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { found: FoundSession }];
      this.remove(oldest, entry.found.account.userKey);
    }
  }

  /** Every session of these accounts is read from the database again. */
  forget(userKeys: Iterable<number>): void {
    this.generation++;
    for (const userKey of userKeys) {
      for (const tokenHash of this.byUser.get(userKey) ?? []) this.entries.delete(tokenHash);
      this.byUser.delete(userKey);
    }
  }

  /** Every session is read from the database again. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(tokenHash: string, userKey: number): void {
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(userKey);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userKey);
  }
}
