import { ChatPush, type MissionInfo, type OutsideMsgPush, ResultCode } from '@byeol/contract';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/all';
import type { Answer } from '../../lib/answer';
import type { ChatRoom } from '../chat';
import {
  clockText,
  fieldOfRefusal,
  isMissionCode,
  isSettleCode,
  mergeMission,
  missionEventOf,
  pledgePresets,
  sidesText,
  sortMissions,
} from './mission-rules';
import { MissionBoardStore, type MissionList } from './mission-store';
import { amountText, contributorsLine, durationText, type MissionWords, missionLineText, resultText } from './mission-text';

const mission = (over: Partial<MissionInfo> = {}): MissionInfo => ({
  mission_sn: 1,
  vod_key: 'room1',
  bj_user_key: 9,
  mission_type: 'challenge',
  title: '노래 한 곡',
  state: 'pending',
  total_star: 1_000,
  pledge_cnt: 1,
  requester: { user_key: 2, nick: '가나' },
  sides: [],
  lose_rule: 'refund',
  winner_side: null,
  duration_sec: null,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: null,
  ends_at: null,
  expires_at: null,
  settled_at: null,
  cancel_reason: null,
  paid_star: 0,
  platform_star: 0,
  refunded_star: 0,
  my_star: 0,
  ...over,
});

const battle = (over: Partial<MissionInfo> = {}) =>
  mission({
    mission_type: 'battle',
    requester: null,
    title: '누가 이길까',
    total_star: 0,
    pledge_cnt: 0,
    sides: [
      { side_no: 1, label: '빨강', total_star: 0, pledge_cnt: 0 },
      { side_no: 2, label: '파랑', total_star: 0, pledge_cnt: 0 },
    ],
    ...over,
  });

const push = (code: number, data: Record<string, unknown>, nick = '가나'): OutsideMsgPush => ({
  code,
  ts: 1,
  by: { user_key: 2, id: 'gana', nick, is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 0 },
  data,
});

const words = (lang: 'ko' | 'en' | 'ja' | 'zh-CN'): MissionWords => ({
  t: createI18n(lang).getFixedT(lang, 'missions'),
  lang,
  star: 'STAR',
});

describe('mission events', () => {
  it('knows the codes 40–46 and which of them settle', () => {
    expect([39, 40, 46, 47].map(isMissionCode)).toEqual([false, true, true, false]);
    expect([40, 41, 42, 43, 44, 45, 46].filter(isSettleCode)).toEqual([43, 44, 45, 46]);
  });

  it('reads a well-formed event and refuses a malformed one', () => {
    const m = mission();
    expect(missionEventOf(push(41, { mission: m, star_cnt: 500, side_no: 0 }))).toEqual({ mission: m, star_cnt: 500 });
    expect(missionEventOf(push(41, { mission: { title: 'x' } }))).toBeNull();
    expect(missionEventOf(push(21, { mission: m }))).toBeNull();
    const settled = missionEventOf(
      push(43, { mission: m, contributors: [{ user_key: 2, nick: '가나', star_cnt: 1_000, side_no: 0 }, 'junk'] }),
    );
    expect(settled?.contributors).toEqual([{ user_key: 2, nick: '가나', star_cnt: 1_000, side_no: 0 }]);
  });
});

describe('the board', () => {
  it('lists open missions first, newest first', () => {
    const list = [mission({ mission_sn: 1 }), mission({ mission_sn: 2, state: 'success' }), mission({ mission_sn: 3, state: 'running' })];
    expect(sortMissions(list).map((m) => m.mission_sn)).toEqual([3, 1, 2]);
  });

  it("merges a pushed mission, keeping the viewer's own pledge (events carry none)", () => {
    const list = [mission({ mission_sn: 1, my_star: 1_000 })];
    const merged = mergeMission(list, mission({ mission_sn: 1, total_star: 1_500, pledge_cnt: 2, my_star: 0 }));
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ total_star: 1_500, my_star: 1_000 });
    expect(mergeMission(merged, mission({ mission_sn: 5 })).map((m) => m.mission_sn)).toEqual([5, 1]);
  });

  it('puts each refusal under its field', () => {
    expect(fieldOfRefusal(ResultCode.MISSION_SELECT_REQUIRED)).toBe('mission');
    expect(fieldOfRefusal(ResultCode.MISSION_PLEDGE_MIN)).toBe('star');
    expect(fieldOfRefusal(ResultCode.WALLET_INSUFFICIENT)).toBe('star');
    expect(fieldOfRefusal(ResultCode.MISSION_TITLE_REQUIRED)).toBe('title');
    expect(fieldOfRefusal(ResultCode.MISSION_SIDES_INVALID)).toBe('sides');
    expect(fieldOfRefusal(ResultCode.MISSION_SIDE_REQUIRED)).toBe('side');
    expect(fieldOfRefusal(ResultCode.INVALID_INPUT, 'duration_sec')).toBe('duration');
    expect(fieldOfRefusal(ResultCode.MISSION_COOLDOWN)).toBe('form');
    expect(fieldOfRefusal(-1)).toBe('form');
  });

  it('shows timers, presets and side labels', () => {
    expect([299_001, 60_000, 3_600_000, 0, -5].map(clockText)).toEqual(['5:00', '1:00', '1:00:00', '0:00', '0:00']);
    expect(pledgePresets(1_000)).toEqual([1_000, 5_000, 10_000]);
    expect(pledgePresets(100)).toEqual([100, 1_000, 5_000, 10_000]);
    expect(pledgePresets(30_000)).toEqual([30_000]);
    expect(sidesText([' 빨강 ', '', '파랑'])).toBe('빨강\n파랑');
  });
});

describe('mission words', () => {
  it('says each step in Korean with separated numbers', () => {
    const ko = words('ko');
    const m = mission({ total_star: 1_500 });
    expect(missionLineText(ko, push(40, { mission: m, star_cnt: 1_000 }))).toBe('가나님이 미션을 요청했습니다: 노래 한 곡 (STAR 1,000개)');
    expect(missionLineText(ko, push(41, { mission: m, star_cnt: 500 }, '다라'))).toBe('다라님이 STAR 500개를 보탰습니다: 노래 한 곡');
    expect(missionLineText(ko, push(42, { mission: { ...m, state: 'running', duration_sec: 300 } }))).toBe('미션 시작: 노래 한 곡 (5분)');
    const success = { ...m, state: 'success' as const, paid_star: 1_050, platform_star: 450 };
    expect(missionLineText(ko, push(43, { mission: success }))).toBe('미션 성공! 노래 한 곡 · STAR 1,500개');
    expect(missionLineText(ko, push(44, { mission: { ...m, state: 'fail' } }))).toBe('미션 실패: 노래 한 곡 · 모두 환불되었습니다');
    expect(missionLineText(ko, push(45, { mission: { ...m, state: 'cancelled', cancel_reason: 'bj' } }))).toBe(
      '미션 취소: 노래 한 곡 · 모두 환불되었습니다',
    );
    expect(missionLineText(ko, push(45, { mission: { ...m, state: 'cancelled', cancel_reason: 'ended' } }))).toContain('방송이 끝나');
    const b = battle({ state: 'settled', winner_side: 1, paid_star: 700, platform_star: 0 });
    expect(missionLineText(ko, push(40, { mission: battle(), star_cnt: 0 }, '방장'))).toBe(
      '방장님이 배틀 미션을 열었습니다: 누가 이길까 (빨강 vs 파랑)',
    );
    expect(missionLineText(ko, push(41, { mission: battle(), star_cnt: 700, side_no: 1 }))).toBe(
      '가나님이 빨강 편에 STAR 700개를 보탰습니다: 누가 이길까',
    );
    expect(missionLineText(ko, push(46, { mission: b }))).toBe('배틀 결과: 빨강 승 · 누가 이길까 · STAR 700개');
    expect(missionLineText(ko, push(46, { mission: { ...b, winner_side: 0, paid_star: 0 } }))).toBe(
      '배틀 결과: 무승부 · 누가 이길까 · 모두 환불되었습니다',
    );
    expect(resultText(ko, success)).toBe('성공 · STAR 1,500개');
    expect(resultText(ko, m)).toBe('');
  });

  it('says them in the other languages too', () => {
    const m = mission({ total_star: 12_345 });
    expect(missionLineText(words('en'), push(40, { mission: m, star_cnt: 12_345 }))).toBe(
      '가나 requested a mission: 노래 한 곡 (12,345 STAR)',
    );
    expect(missionLineText(words('ja'), push(41, { mission: m, star_cnt: 1_000 }))).toBe(
      '가나さんがSTAR 1,000個を追加しました：노래 한 곡',
    );
    expect(missionLineText(words('zh-CN'), push(44, { mission: { ...m, state: 'fail' } }))).toBe('任务失败：노래 한 곡·已全额退还');
    expect(durationText(words('en'), 90)).toBe('1 min 30 s');
    expect(amountText(words('zh-CN'), 1_000)).toBe('1,000个STAR');
  });

  it('names the first contributors and how many more', () => {
    const ko = words('ko');
    const list = [
      { user_key: 2, nick: '가나', star_cnt: 1_000, side_no: 0 },
      { user_key: 3, nick: '다라', star_cnt: 500, side_no: 0 },
      { user_key: 4, nick: '마바', star_cnt: 100, side_no: 0 },
    ];
    expect(contributorsLine(ko, list, 2)).toBe('함께한 사람들: 가나 (STAR 1,000개), 다라 (STAR 500개) 외 1명');
    expect(contributorsLine(ko, list.slice(0, 1), 3)).toBe('함께한 사람들: 가나 (STAR 1,000개)');
    expect(contributorsLine(ko, [], 3)).toBe('');
  });
});

describe('MissionBoardStore', () => {
  const answer = (list: MissionInfo[]): Answer<MissionList> => ({
    rslt_cd: 0,
    rslt_msg: '',
    rslt_set: { data_list: list, data_totalcount: list.length, vod_key: 'room1', pledge_min: 1_000, can_manage: false },
  });

  it('loads, merges pushes at once, and never lets an older answer win', async () => {
    const answers: Array<(a: Answer<MissionList>) => void> = [];
    const store = new MissionBoardStore(() => new Promise((resolve) => answers.push(resolve)));
    const first = store.refresh();
    // A push while the load runs asks for another load; the first answer is then dropped.
    expect(store.push(push(40, { mission: mission({ mission_sn: 7 }), star_cnt: 1_000 }))).toBe(true);
    expect(store.getSnapshot().list.map((m) => m.mission_sn)).toEqual([7]);
    answers.shift()?.(answer([]));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(store.getSnapshot().status).toBe('loading');
    answers.shift()?.(answer([mission({ mission_sn: 7, my_star: 1_000 })]));
    await first;
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', extra: { pledge_min: 1_000, can_manage: false } });
    expect(store.getSnapshot().list[0]?.my_star).toBe(1_000);
    expect(store.push(push(21, { star_cnt: 10 }))).toBe(false);
  });

  it('keeps the last settlement for the effects page and follows a room', async () => {
    const store = new MissionBoardStore(async () => answer([]), { reloadOnEvents: false });
    const listeners: Record<string, (arg: unknown) => void> = {};
    const room = {
      client: {
        on: (event: string, listener: (arg: unknown) => void) => {
          listeners[event] = listener;
          return () => delete listeners[event];
        },
      },
    } as unknown as ChatRoom;
    const off = store.attach(room);
    listeners.frames?.([{ service: ChatPush.OUTSIDE_MSG, param: push(43, { mission: mission({ state: 'success' }) }) }]);
    expect(store.getSnapshot().settlement).toMatchObject({ code: 43, data: { mission: { state: 'success' } } });
    off();
    expect(Object.keys(listeners)).toEqual([]);
  });
});
