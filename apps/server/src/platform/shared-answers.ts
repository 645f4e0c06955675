import type { WrittenTables } from './db.js';

interface Entry {
  at: number;
  value: Promise<string>;
  tables: readonly string[];
  /** The tables' versions when the load began. */
  stamp: number[];
  everything: number;
}

/**
 * Public answers shared by every caller who asks the same thing (issue 20, docs/decisions/015): the latest
 * replays or magazine articles that every home page view asks for. Each answer is the envelope's JSON text,
 * made once per key and kept until the tables it was read from change, or `ttlMs` at most.
 *
 * - **Exact for this process.** An answer names the tables it reads; every write this process makes to one
 *   of them (Database.onWrite, told by the statement's target or at its transaction's commit) makes it
 *   stale at once, so a caller reads its own writes. A write that cannot be told (null) makes all stale.
 * - **Other processes' writes** arrive over the bus (`pages.changed`, throttled like the page cache's, with
 *   the tables written since the sender's previous message); `ttlMs` bounds what is missed (a change made
 *   straight in the database).
 * - **One load per key at a time**: callers arriving meanwhile share it; a failed load is not kept.
 * - Tables written only by a trigger or inside a database function are not seen: an answer that reads
 *   such a table must not be kept here.
 */
export class SharedAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<string, number>();
  private everything = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 2_000,
  ) {}

  /** Tables were written (null: anything may have been). */
  changed(tables: WrittenTables): void {
    if (tables === null) {
      this.everything += 1;
      this.entries.clear();
      return;
    }
    for (const t of tables) this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
  }

  /** The answer of `key`, loaded by `load` when none is fresh; `tables` are those `load` reads. */
  get(key: string, tables: readonly string[], load: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && this.fresh(hit)) return hit.value;
    const entry: Entry = {
      at: now,
      value: load(),
      tables,
      stamp: tables.map((t) => this.versions.get(t) ?? 0),
      everything: this.everything,
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry.value;
  }

  private fresh(e: Entry): boolean {
    if (e.everything !== this.everything) return false;
    for (let i = 0; i < e.tables.length; i++) if ((this.versions.get(e.tables[i] as string) ?? 0) !== e.stamp[i]) return false;
    return true;
  }
}
