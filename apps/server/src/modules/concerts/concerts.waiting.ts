import type { ServerResponse } from 'node:http';
import { type ConcertWaitingEvent, LIVE_BUS_CHANNEL } from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { ConcertsService } from './concerts.service.js';

/** How often a process re-reads the concerts its waiting rooms hold (the bus's `live` message is sooner). */
const CHECK_MS = 1_000;
/** How long a room's read serves new arrivals (the periodic check re-reads every CHECK_MS anyway). */
const STATE_REUSE_MS = 500;
/** A comment line keeps proxies from closing an idle stream. */
const PING_MS = 25_000;

/**
 * The waiting rooms of this process (docs/concerts.md): Server-Sent Event streams per concert. A room is
 * checked every second and whenever a broadcast goes live on the bus; once its broadcast is live and the
 * start time has passed, every holder gets `start` (with the play page's path) and the stream ends. Each
 * process moves its own clients; nothing is shared but the database and the bus.
 */
export class WaitingRooms {
  private readonly rooms = new Map<number, { clients: Set<ServerResponse>; vodKey: string }>();
  private timer: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;
  private checking = false;
  /** A check asked for while one runs (the bus's `live` message mid-query): run again right after. */
  private again = false;
  /** Each room's last read, reused for a new arrival within STATE_REUSE_MS (a crowd entering at once). */
  private readonly lastRead = new Map<number, { at: number; w: Awaited<ReturnType<ConcertsService['waitingState']>> }>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly concerts: ConcertsService,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(LIVE_BUS_CHANNEL, () => void this.checkAll());
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.ping);
    this.timer = undefined;
    await this.unsubscribe?.();
    for (const room of this.rooms.values()) for (const res of room.clients) res.end();
    this.rooms.clear();
  }

  get size(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.clients.size;
    return n;
  }

  /** Adds an open event stream (headers already written) and sends it the room's state. */
  async add(concertSn: number, res: ServerResponse): Promise<void> {
    let room = this.rooms.get(concertSn);
    if (!room) {
      room = { clients: new Set(), vodKey: '' };
      this.rooms.set(concertSn, room);
    }
    room.clients.add(res);
    res.once('close', () => {
      room.clients.delete(res);
      if (room.clients.size === 0 && this.rooms.get(concertSn) === room) {
        this.rooms.delete(concertSn);
        this.lastRead.delete(concertSn);
      }
    });
    if (!this.timer) {
      this.timer = setInterval(() => void this.checkAll(), CHECK_MS).unref();
      this.ping = setInterval(() => this.pingAll(), PING_MS).unref();
    }
    await this.check(concertSn, res);
  }

  private pingAll() {
    for (const room of this.rooms.values()) for (const res of room.clients) res.write(': ping\n\n');
  }

  private async checkAll(): Promise<void> {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    try {
      do {
        this.again = false;
        for (const sn of [...this.rooms.keys()]) await this.check(sn);
      } while (this.again);
      if (this.rooms.size === 0 && this.timer) {
        clearInterval(this.timer);
        clearInterval(this.ping);
        this.timer = undefined;
      }
    } catch (err) {
      this.log.warn({ err }, 'waiting room check failed');
    } finally {
      this.checking = false;
    }
  }

  /** Sends `start` to everyone once the show is on; otherwise the state to a new client or on a change. */
  private async check(concertSn: number, only?: ServerResponse): Promise<void> {
    const room = this.rooms.get(concertSn);
    if (!room) return;
    // A new arrival may reuse a read of the last moment; a periodic or bus-driven check always reads.
    const cached = this.lastRead.get(concertSn);
    const w = only && cached && Date.now() - cached.at < STATE_REUSE_MS ? cached.w : await this.concerts.waitingState(concertSn);
    if (!only || !cached || cached.w !== w) this.lastRead.set(concertSn, { at: Date.now(), w });
    if (!w) return;
    const now = Date.now();
    if (w.live && w.vodKey && now >= w.startsAt.getTime()) {
      const event: ConcertWaitingEvent = { type: 'start', vod_key: w.vodKey, play_path: `/concert/${concertSn}/play/${w.vodKey}` };
      const frame = `data: ${JSON.stringify(event)}\n\n`;
      for (const res of room.clients) res.end(frame);
      room.clients.clear();
      this.rooms.delete(concertSn);
      this.lastRead.delete(concertSn);
      return;
    }
    const changed = w.vodKey !== room.vodKey;
    room.vodKey = w.vodKey;
    if (!only && !changed) return;
    const event: ConcertWaitingEvent = {
      type: 'state',
      state: w.state,
      starts_at: w.startsAt.toISOString(),
      now: new Date(now).toISOString(),
      vod_key: w.live ? w.vodKey : '',
    };
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const res of only ? [only] : room.clients) res.write(frame);
  }
}
