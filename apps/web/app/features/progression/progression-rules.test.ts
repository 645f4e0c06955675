import { DEFAULT_LEVEL_TABLES, type OutsideMsgPush, XP_RULES } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/all';
import { parseTable } from './level-table-rules';
import { levelUpLineText } from './level-text';
import { barPercent, bjEarnRows, isLevelUpCode, levelRows, levelUpOf, memberEarnRows, tableText, toNext } from './progression-rules';

describe('level bars', () => {
  it('fills from what the level asked to what the next asks, full at the top', () => {
    expect(barPercent({ exp: 167, exp_level: 60, exp_next: 180 })).toBe(89);
    expect(barPercent({ exp: 60, exp_level: 60, exp_next: 180 })).toBe(0);
    expect(barPercent({ exp: 72_500, exp_level: 72_000, exp_next: null })).toBe(100);
    expect(barPercent({ exp: 10, exp_level: 0, exp_next: 0 })).toBe(100);
    expect(toNext({ exp: 167, exp_next: 180 })).toBe(13);
    expect(toNext({ exp: 500, exp_next: null })).toBeNull();
  });

  it('lists a table as levels with what each asks', () => {
    expect(levelRows([0, 60, 180])).toEqual([
      { level: 1, need: 0 },
      { level: 2, need: 60 },
      { level: 3, need: 180 },
    ]);
    expect(levelRows(DEFAULT_LEVEL_TABLES.vip)[0]).toEqual({ level: 1, need: 1_000 });
  });
});

describe('the console form', () => {
  it('shows a table comma separated and takes back what the server takes', () => {
    expect(tableText([0, 60, 180])).toBe('0, 60, 180');
    expect(parseTable('fan', '0, 30, 100')).toEqual([0, 30, 100]);
    expect(parseTable('fan', '0 30\n100')).toEqual([0, 30, 100]);
    expect(parseTable('vip', '1000, 10000')).toEqual([1_000, 10_000]);
  });

  it('refuses what the server refuses with LEVEL_TABLE_INVALID', () => {
    expect(parseTable('fan', '')).toBeNull();
    expect(parseTable('fan', '5, 30')).toBeNull(); // does not start at 0
    expect(parseTable('user', '0, 60, 60')).toBeNull(); // does not rise
    expect(parseTable('user', '0, 60, abc')).toBeNull();
    expect(parseTable('user', '0, -5')).toBeNull();
    expect(parseTable('vip', '0, 100')).toBeNull(); // a VIP grade asks 1 or more
  });
});

describe('how to earn', () => {
  it('follows the server’s rules', () => {
    const member = memberEarnRows(XP_RULES);
    expect(member.find((r) => r.fact === 'attend')).toEqual({ fact: 'attend', user: 10, fan: null, bj: null });
    expect(member.find((r) => r.fact === 'chat')).toMatchObject({ user: 2, fan: 2 });
    expect(member.find((r) => r.fact === 'follow')).toMatchObject({ user: null, fan: 20 });
    expect(bjEarnRows(XP_RULES).map((r) => [r.fact, r.bj])).toEqual([
      ['onAir', 2],
      ['starReceived', 1],
      ['follower', 5],
    ]);
  });
});

describe('level-up chat lines', () => {
  const push = (code: number, data: Record<string, unknown>, nick = '별빛'): OutsideMsgPush => ({
    code,
    ts: 0,
    target: { user_key: 7, id: 'star', nick, is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 0 },
    m: nick,
    data,
  });

  it('reads codes 110–112 and nothing else', () => {
    expect([109, 110, 111, 112, 113].map(isLevelUpCode)).toEqual([false, true, true, true, false]);
    expect(levelUpOf(push(110, { ladder: 'user', level: 3, prev_level: 2 }))).toEqual({
      ladder: 'user',
      level: 3,
      prev_level: 2,
      nick: '별빛',
    });
    expect(levelUpOf(push(112, { ladder: 'fan', level: 2, prev_level: 1, bj_user_key: 9 }))).toMatchObject({
      ladder: 'fan',
      bj_user_key: 9,
    });
    expect(levelUpOf(push(110, { level: 'x' }))).toBeNull();
    expect(levelUpOf(push(40, { level: 3 }))).toBeNull();
  });

  it('says it in each language, the Korean particle following the number, as plain text', () => {
    const ko = createI18n('ko').getFixedT('ko', 'progression');
    expect(levelUpLineText(ko, push(110, { level: 3, prev_level: 2 }), 'BJ', 'ko')).toBe('별빛님이 레벨 3이 되었습니다!');
    expect(levelUpLineText(ko, push(110, { level: 2, prev_level: 1 }), 'BJ', 'ko')).toBe('별빛님이 레벨 2가 되었습니다!');
    expect(levelUpLineText(ko, push(111, { level: 4, prev_level: 3 }), 'BJ', 'ko')).toBe('별빛님이 BJ 레벨 4가 되었습니다!');
    expect(levelUpLineText(ko, push(112, { level: 6, prev_level: 5 }), 'BJ', 'ko')).toBe('별빛님이 팬 레벨 6이 되었습니다!');
    const en = createI18n('en').getFixedT('en', 'progression');
    expect(levelUpLineText(en, push(110, { level: 12 }, '<b>x</b>'), 'BJ', 'en')).toBe('<b>x</b> reached level 12!');
    const ja = createI18n('ja').getFixedT('ja', 'progression');
    expect(levelUpLineText(ja, push(112, { level: 2 }), 'BJ', 'ja')).toBe('별빛さんがファンレベル2になりました！');
    const zh = createI18n('zh-CN').getFixedT('zh-CN', 'progression');
    expect(levelUpLineText(zh, push(111, { level: 5 }), 'BJ', 'zh-CN')).toBe('별빛 的BJ等级升到了 5 级！');
  });
});
