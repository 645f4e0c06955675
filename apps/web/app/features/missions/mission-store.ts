import {
  ChatPush,
  type ListSet,
  type MissionChatEventData,
  type MissionInfo,
  type MissionListExtra,
  type OutsideMsgPush,
} from '@byeol/contract';
import type { Answer } from '../../lib/answer';
import type { ChatRoom } from '../chat';
import { isSettleCode, mergeMission, missionEventOf, sortMissions } from './mission-rules';

export type MissionList = ListSet<MissionInfo> & MissionListExtra;

/** A mission settlement the room just heard (43–46), for the effects page's card. */
export interface MissionSettlement {
  code: number;
  data: MissionChatEventData;
  /** Date.now() when it arrived. */
  at: number;
}

export interface MissionBoardSnapshot {
  /** Open missions first, newest first (mission_list's order). */
  list: readonly MissionInfo[];
  /** The room's smallest pledge and whether the caller runs its missions; null before the first answer. */
  extra: MissionListExtra | null;
  status: 'loading' | 'ready' | 'failed';
  /** The last failed load's message. */
  error: string;
  settlement: MissionSettlement | null;
}

const INITIAL: MissionBoardSnapshot = { list: [], extra: null, status: 'loading', error: '', settlement: null };

/**
 * A live room's mission board as one store (framework-free; React reads it with useSyncExternalStore):
 * mission_list's answer, kept current by the room's mission events (40–46: each carries the whole
 * mission, merged at once, the member's own pledge total kept) and by a reload after a reconnect, after the
 * member's own actions, when the board opens, and (`reloadOnEvents`, for a single client such as a test)
 * after each event: the play page leaves that off, or every viewer of a big room would reload at once. Loads never
 * overlap: a reload asked for while one runs runs once after it, so an older answer never wins.
 */
export class MissionBoardStore {
  private snap: MissionBoardSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly load: () => Promise<Answer<MissionList>>,
    private readonly options: { reloadOnEvents: boolean } = { reloadOnEvents: true },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MissionBoardSnapshot => this.snap;

  private set(next: Partial<MissionBoardSnapshot>): void {
    this.snap = { ...this.snap, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Loads the board again (coalesced); resolves once the board holds an answer newer than the call. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        const res = await this.load();
        if (this.again) continue;
        if (res.rslt_cd === 0) {
          const set = res.rslt_set as MissionList;
          const { data_list, data_totalcount: _total, ...extra } = set;
          this.set({ list: sortMissions(data_list), extra, status: 'ready', error: '' });
        } else {
          // A failed reload keeps what the board showed; only a board with nothing says so.
          this.set(this.snap.extra ? { error: res.rslt_msg } : { status: 'failed', error: res.rslt_msg });
        }
      } while (this.again);
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A mission as an answer of the member's own action gave it (with their own pledge total). */
  put(mission: MissionInfo): void {
    const list = mergeMission(this.snap.list, mission).map((m) => (m.mission_sn === mission.mission_sn ? mission : m));
    this.set({ list });
  }

  /** A room push: a mission step is merged at once (and a reload asked for). Answers whether it was one. */
  push(push: OutsideMsgPush, now = Date.now()): boolean {
    const data = missionEventOf(push);
    if (!data) return false;
    this.set({
      list: mergeMission(this.snap.list, data.mission),
      ...(isSettleCode(push.code) ? { settlement: { code: push.code, data, at: now } } : {}),
    });
    if (this.options.reloadOnEvents) void this.refresh();
    return true;
  }

  /** Follows a chat room's mission events, and reloads after each (re)join. Answers the unsubscribe. */
  attach(room: ChatRoom): () => void {
    const offFrames = room.client.on('frames', (frames) => {
      for (const frame of frames) {
        if (frame.service !== ChatPush.OUTSIDE_MSG) continue;
        const push = frame.param as unknown as OutsideMsgPush;
        if (typeof push?.code === 'number') this.push(push);
      }
    });
    const offJoined = room.client.on('joined', () => void this.refresh());
    return () => {
      offFrames();
      offJoined();
    };
  }
}
