import { LIVE_BUS_CHANNEL, type LiveBusMessage } from '@byeol/contract';
import { eq } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { users } from '../users/index.js';
import { broadcast } from './live.tables.js';

/** A broadcast room as gifts and items need it: its BJ and its state. */
export interface LiveRoom {
  vodKey: string;
  bjUserKey: number;
  /** The main account owning the BJ account (it is `is_bj` in the room too), 0 if none. */
  bjOwnerUserKey: number;
  state: 'live' | 'ended' | 'frozen';
}

/** How long a room's state is trusted without a `live` bus message about it. */
const ROOM_TTL_MS = 2_000;
const ROOMS_MAX = 10_000;

/**
 * The rooms of one process, read once and kept for a moment: a storm of gifts or item uses in a room costs
 * no room query each. Every `live` bus message about a room (started, ended, frozen) forgets it at once, so
 * the short TTL only covers a message lost between processes. One instance per process (app.ts), shared by
 * the gifts (wallet) and the items.
 */
export class LiveRooms {
  private readonly rooms = new Map<string, { room: LiveRoom; at: number }>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(LIVE_BUS_CHANNEL, (m) => {
      const vodKey = (m as Partial<LiveBusMessage> | null)?.vod_key;
      if (typeof vodKey === 'string') this.rooms.delete(vodKey);
    });
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  /** The room of `vodKey` whatever its state, or undefined when there is none. */
  async get(vodKey: string): Promise<LiveRoom | undefined> {
    const now = Date.now();
    const cached = this.rooms.get(vodKey);
    if (cached && now - cached.at < ROOM_TTL_MS) return cached.room;
    const [row] = await this.db
      .select({ bjUserKey: broadcast.bjUserKey, bjOwnerUserKey: users.ownerUserKey, state: broadcast.state })
      .from(broadcast)
      .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
      .where(eq(broadcast.vodKey, vodKey));
    if (!row) return undefined; // not kept: a room about to start is read again
    const room: LiveRoom = { vodKey, bjUserKey: row.bjUserKey, bjOwnerUserKey: row.bjOwnerUserKey ?? 0, state: row.state };
    if (this.rooms.size >= ROOMS_MAX) this.rooms.clear();
    this.rooms.set(vodKey, { room, at: now });
    return room;
  }

  /** The room of `vodKey` when it is live now, else null. */
  async live(vodKey: string): Promise<LiveRoom | null> {
    const room = await this.get(vodKey);
    return room?.state === 'live' ? room : null;
  }
}
