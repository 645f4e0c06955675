import {
  type ChatFrame,
  ChatPush,
  type ChatRoomState,
  type ChatUserInfo,
  DEFAULT_CHAT_SETTINGS,
  type OutsideMsgPush,
  type RoomJoinAnswer,
} from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import {
  type ChatModel,
  chatReducer,
  emptyModel,
  findUserByNick,
  inputBlock,
  MAX_LINES,
  myRole,
  parseWhisperCommand,
  settingOfCode,
  visibleLines,
} from './chat-model';
import { changedSettings, parseBannedWords } from './chat-settings';

const user = (user_key: number, nick: string, extra: Partial<ChatUserInfo> = {}): ChatUserInfo => ({
  user_key,
  id: `id${user_key}`,
  nick,
  is_bj: 0,
  is_manager: 0,
  is_operator: 0,
  is_guest: 0,
  ...extra,
});

const BJ = user(1, '비제이');
const FAN = user(2, '팬');
const OTHER = user(3, '다른팬');
const ROOM: ChatRoomState = {
  vk: 'r1',
  bj_user_key: 1,
  title: '첫 방송',
  frozen: 0,
  frozen_allow: [],
  hide_users: [],
  settings: DEFAULT_CHAT_SETTINGS,
  count_hidden: 0,
  notice: null,
  pin: null,
};

function joinedAs(me: ChatUserInfo, room: Partial<ChatRoomState> = {}): ChatModel {
  const answer: RoomJoinAnswer = { result: 1, user_info: me, user_total_count: 3, room: { ...ROOM, ...room } };
  return chatReducer(emptyModel(), { type: 'joined', answer });
}

const msg = (from: ChatUserInfo, m: string, T = 0, to?: ChatUserInfo): ChatFrame => ({
  service: ChatPush.MSG_SEND,
  param: { mid: `${from.user_key}-${m}`, m, plugins: { T }, user: from, ts: 1, ...(to ? { to } : {}) },
});
const event = (push: Partial<OutsideMsgPush> & { code: number }): ChatFrame => ({
  service: ChatPush.OUTSIDE_MSG,
  param: { ts: 1, ...push } as unknown as Record<string, unknown>,
});
const frames = (model: ChatModel, ...list: ChatFrame[]) => chatReducer(model, { type: 'frames', frames: list });

describe('chatReducer', () => {
  it('keeps messages and whispers as lines, at most MAX_LINES', () => {
    let model = joinedAs(FAN);
    model = frames(model, msg(BJ, '안녕하세요'), msg(FAN, '귓말', 30, BJ), msg(BJ, '답장', 31, FAN));
    expect(model.lines.map((l) => (l.kind === 'message' ? [l.text, l.whisper] : null))).toEqual([
      ['안녕하세요', null],
      ['귓말', 'sent'],
      ['답장', 'received'],
    ]);
    for (let i = 0; i < MAX_LINES + 20; i++) model = frames(model, msg(OTHER, `m${i}`));
    expect(model.lines).toHaveLength(MAX_LINES);
    expect(model.lines.at(-1)).toMatchObject({ text: `m${MAX_LINES + 19}` });
    expect(model.added).toBe(MAX_LINES + 23);
  });

  it('follows the room notice (120/121) and the pin (130/131); a joiner starts from the room state', () => {
    const pin = { mid: '3-곡명?', m: '곡명?', user: OTHER, ts: 5, by: BJ, pinned_at: 6 };
    let model = joinedAs(FAN, { notice: { m: '9시 컴백', by: BJ, ts: 1 }, pin });
    expect(model.room).toMatchObject({ notice: { m: '9시 컴백' }, pin: { mid: '3-곡명?' } });
    model = frames(model, event({ code: 120, by: BJ, m: '<b>굿즈</b> 공지', data: { notice: { m: '<b>굿즈</b> 공지', by: BJ, ts: 9 } } }));
    expect(model.room?.notice).toEqual({ m: '<b>굿즈</b> 공지', by: BJ, ts: 9 });
    model = frames(model, event({ code: 121, by: BJ }), event({ code: 131, by: BJ }));
    expect(model.room).toMatchObject({ notice: null, pin: null });
    model = frames(model, event({ code: 130, by: BJ, data: { pin } }), event({ code: 130, by: BJ, data: { pin: { mid: 1 } } }));
    expect(model.room?.pin).toBeNull();
    model = frames(model, event({ code: 130, by: BJ, data: { pin } }));
    expect(model.room?.pin).toEqual(pin);
    // Each change is also a line of the chat.
    expect(model.lines.filter((l) => l.kind === 'event').map((l) => (l.kind === 'event' ? l.event.code : 0))).toEqual([
      120, 121, 131, 130, 130, 130,
    ]);
  });

  it('keeps stickers (12) as lines of their sender: hidden and blocked senders are left out like their messages', () => {
    let model = joinedAs(FAN, { hide_users: [OTHER.user_key] });
    model = frames(
      model,
      event({ code: 12, by: BJ, data: { sticker: 'heart' } }),
      event({ code: 12, by: OTHER, data: { sticker: 'fire' } }),
    );
    expect(visibleLines(model).map((v) => (v.line.kind === 'event' ? v.line.event.data?.sticker : null))).toEqual(['heart']);
    const asBj = { ...model, me: BJ };
    expect(visibleLines(asBj).map((v) => v.dimmed)).toEqual([false, true]);
    expect(visibleLines({ ...model, myBlocks: [BJ.user_key] })).toHaveLength(0);
  });

  it('shows a caption (250) under its message, without a line of its own', () => {
    let model = joinedAs(OTHER);
    model = frames(model, msg(FAN, '오빠 사랑해'), msg(BJ, '고마워'));
    const added = model.added;
    const caption = (mid: string, m: string, target = 'en') =>
      event({ code: 250, m, data: { mid, orig: '', source: 'ko', target, engine: 'glossary' } });
    model = frames(model, caption('2-오빠 사랑해', 'oppa I love you'), caption('gone', 'lost'), caption('1-고마워', 'x', 'fr'));
    expect(model.lines).toHaveLength(2);
    expect(model.added).toBe(added);
    expect(model.lines[0]).toMatchObject({ text: '오빠 사랑해', translation: { text: 'oppa I love you', target: 'en' } });
    expect(model.lines[1]).not.toHaveProperty('translation');
  });

  it('follows the room: freeze, settings, title, hidden users, and the close', () => {
    let model = joinedAs(FAN);
    model = frames(model, event({ code: 90, by: BJ }));
    expect(model.room?.frozen).toBe(1);
    expect(inputBlock(model)).toBe('room-frozen');
    // A chat frozen for all but the fan club: a fan club member still writes, others do not.
    model = frames(model, event({ code: 90, by: BJ, data: { allow: ['fan', 'nonsense'] } }));
    expect(model.room?.frozen_allow).toEqual(['fan']);
    expect(inputBlock(model)).toBe('room-frozen');
    expect(inputBlock({ ...model, me: { ...FAN, fan_no: 7 } })).toBeNull();
    expect(inputBlock({ ...model, me: { ...FAN, is_follower: 1 } })).toBe('room-frozen');
    model = frames(
      model,
      event({ code: 91, by: BJ }),
      event({ code: 8100, data: { value: 10 } }),
      event({ code: 8102, data: { value: 'N' } }),
    );
    expect(model.room?.frozen).toBe(0);
    expect(model.room?.settings).toMatchObject({ slow_sec: 10, links_yn: 'N' });
    model = frames(model, event({ code: 240, data: { title: '새 제목', tags: [] } }));
    expect(model.room?.title).toBe('새 제목');
    model = frames(model, event({ code: 8200, target: OTHER, data: { hide_users: [3], off: 0 } }));
    expect(model.room?.hide_users).toEqual([3]);
    model = frames(model, { service: ChatPush.ROOM_CLOSE, param: { vk: 'r1', state: 'ended', msg: '끝' } });
    expect(model.closed).toEqual({ state: 'ended', msg: '끝' });
    expect(inputBlock(model)).toBe('closed');
  });

  it('tracks my own standing: suspended, manager, forced out, blocked', () => {
    let model = joinedAs(FAN);
    model = frames(model, event({ code: 100, by: BJ, target: FAN }));
    expect(inputBlock(model)).toBe('user-frozen');
    model = frames(model, event({ code: 101, by: BJ, target: FAN }), event({ code: 80, by: BJ, target: { ...FAN, is_manager: 1 } }));
    expect(model.standing.frozen).toBe(false);
    expect(myRole(model)).toBe('manager');
    // A manager writes in a frozen chat.
    model = frames(model, event({ code: 90, by: BJ }));
    expect(inputBlock(model)).toBeNull();
    model = frames(model, event({ code: 81, by: BJ, target: FAN }));
    expect(myRole(model)).toBe('user');
    expect(inputBlock(model)).toBe('room-frozen');
    // Others' sanctions do not touch me.
    model = frames(model, event({ code: 91 }), event({ code: 70, by: BJ, target: OTHER }));
    expect(inputBlock(model)).toBeNull();
    model = frames(model, event({ code: 230, by: BJ, target: FAN, data: { value: 'room', off: 0 } }));
    expect(inputBlock(model)).toBe('blocked');
    expect(frames(joinedAs(FAN), event({ code: 70, by: BJ, target: FAN })).standing.forcedOut).toBe(true);
  });

  it('hides hidden users from viewers and dims them for moderators; my own blocks are mine', () => {
    const lines = [msg(OTHER, '가려질 말'), msg(FAN, '보통 말')];
    const hidden = { hide_users: [3] };
    const asFan = frames(joinedAs(FAN, hidden), ...lines);
    expect(visibleLines(asFan).map((v) => v.line.kind === 'message' && v.line.text)).toEqual(['보통 말']);
    const asBj = frames(joinedAs(BJ, hidden), ...lines);
    expect(visibleLines(asBj).map((v) => [v.line.kind === 'message' && v.line.text, v.dimmed])).toEqual([
      ['가려질 말', true],
      ['보통 말', false],
    ]);
    let blocking = frames(joinedAs(FAN), ...lines);
    blocking = frames(blocking, event({ code: 230, by: FAN, target: OTHER, data: { value: 'self', off: 0, blocked: [3] } }));
    expect(blocking.myBlocks).toEqual([3]);
    expect(visibleLines(blocking).filter((v) => v.line.kind === 'message')).toHaveLength(1);
    blocking = frames(blocking, event({ code: 230, by: FAN, target: OTHER, data: { value: 'self', off: 1, blocked: [] } }));
    expect(visibleLines(blocking).filter((v) => v.line.kind === 'message')).toHaveLength(2);
  });

  it('knows the users it saw, for /w nick', () => {
    const model = frames(joinedAs(FAN), msg(OTHER, 'hi'), { service: ChatPush.USER_JOIN, param: { user: BJ, user_total_count: 4 } });
    expect(model.userCount).toBe(4);
    expect(findUserByNick(model, '다른팬')?.user_key).toBe(3);
    expect(findUserByNick(model, 'ID1')?.user_key).toBe(1);
    expect(findUserByNick(model, '없음')).toBeNull();
  });
});

describe('helpers', () => {
  it('parses /w nick message', () => {
    expect(parseWhisperCommand('/w 팬 안녕 하세요')).toEqual({ nick: '팬', text: '안녕 하세요' });
    expect(parseWhisperCommand('/ㅈ 팬 hi')).toEqual({ nick: '팬', text: 'hi' });
    expect(parseWhisperCommand('/w 팬')).toBeNull();
    expect(parseWhisperCommand('/w 팬    ')).toBeNull();
    expect(parseWhisperCommand('그냥 말')).toBeNull();
  });

  it('maps 8100–8105 to their settings', () => {
    expect([8100, 8101, 8102, 8103, 8104, 8105, 8106].map(settingOfCode)).toEqual([
      'slow_sec',
      'banned_words',
      'links_yn',
      'user_list_public_yn',
      'sponsor_list_public_yn',
      'greeting',
      null,
    ]);
  });

  it('sends only the settings that changed, banned words deduplicated', () => {
    expect(parseBannedWords(' 바보, 멍청이,바보\nBAD, bad ,')).toEqual(['바보', '멍청이', 'BAD']);
    const next = { ...DEFAULT_CHAT_SETTINGS, slow_sec: 5, banned_words: ['바보'] };
    expect(changedSettings(DEFAULT_CHAT_SETTINGS, next)).toEqual(['slow_sec', 'banned_words']);
    expect(changedSettings(DEFAULT_CHAT_SETTINGS, { ...DEFAULT_CHAT_SETTINGS })).toEqual([]);
  });
});
