import { LIVE_BUS_CHANNEL, type LiveBusMessage, STAR_GIFT, type StarGiftSet } from '@byeol/contract';
import { eq } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { broadcast } from '../live/live.tables.js';
import { requireAmount } from './wallet.rules.js';
import type { LedgerService } from './wallet.service.js';

interface Room {
  bjUserKey: number;
  state: 'live' | 'ended' | 'frozen';
  at: number;
}

/** How long a room's state is trusted without a `live` bus message about it. */
const ROOM_TTL_MS = 2_000;
const ROOMS_MAX = 10_000;

/**
 * `/star/user_star_use_proc`, the ledger part only: a viewer's STAR gift to the BJ of a live room. The
 * room (its BJ and state) is kept in memory for a moment and forgotten on every `live` bus message about
 * it, so a storm of gifts costs no room query each. The chat event (codes 20–23), fans and the gift
 * ranking of issue 6 come on top of this.
 */
export class RoomGifts {
  private rooms = new Map<string, Room>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
  ) {}

  async start(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe(LIVE_BUS_CHANNEL, (m) => {
      const vodKey = (m as Partial<LiveBusMessage> | null)?.vod_key;
      if (typeof vodKey === 'string') this.rooms.delete(vodKey);
    });
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  async gift(
    viewerUserKey: number,
    input: { vodKey: string; starCnt: string; message?: string | undefined; key: string },
  ): Promise<StarGiftSet> {
    const amount = requireAmount(input.starCnt, STAR_GIFT, 'star_cnt');
    const room = await this.room(input.vodKey);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    if (room.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    if (room.state !== 'live') throw new AppError('BROADCAST_ENDED');
    const meta: Record<string, unknown> = { vod_key: input.vodKey };
    if (input.message) meta.message = input.message;
    const result = await this.ledger.gift(viewerUserKey, room.bjUserKey, amount, input.key, meta);
    return {
      txn_id: result.txn_id,
      vod_key: input.vodKey,
      bj_user_key: room.bjUserKey,
      star_cnt: result.amount,
      balance: result.balance,
      created_at: result.created_at,
    };
  }

  private async room(vodKey: string): Promise<Room | undefined> {
    const now = Date.now();
    const cached = this.rooms.get(vodKey);
    if (cached && now - cached.at < ROOM_TTL_MS) return cached;
    const [row] = await this.db
      .select({ bjUserKey: broadcast.bjUserKey, state: broadcast.state })
      .from(broadcast)
      .where(eq(broadcast.vodKey, vodKey));
    if (!row) return undefined;
    const room = { ...row, at: now };
    if (this.rooms.size >= ROOMS_MAX) this.rooms.clear();
    this.rooms.set(vodKey, room);
    return room;
  }
}
