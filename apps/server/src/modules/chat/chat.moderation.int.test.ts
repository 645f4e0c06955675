import {
  CHAT_LIMITS,
  type ChatPlugins,
  type ChatRoomSettings,
  ChatSettingCode,
  type ChatUserInfo,
  chatRoomRole,
  DEFAULT_CHAT_SETTINGS,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount, sql, unique } from '../../testing/members.js';
import { createModeration } from './chat.moderation.js';
import { createChatStore } from './chat.repository.js';
import type { ActionOutcome, ApplyAction, ChatActor, ChatStore, RoomContext } from './chat.types.js';

/**
 * Moderation at the service level against the real database: the store the engine reads at joins, and
 * applyAction as the engine calls it for a ROOM_MSG_SEND with a custom code. Every test builds its own
 * room (a fresh BJ with a live broadcast) and its own members, so files running at the same time never
 * share a row.
 */

let t: TestApp;
let store: ChatStore;
let apply: ApplyAction;

beforeAll(async () => {
  t = await startTestApp();
  store = createChatStore(t.database.db);
  apply = createModeration(t.database.db, store, t.bus);
});
afterAll(async () => {
  await t?.close();
});

type Who = 'bj' | 'manager' | 'operator' | 'user' | 'guest';
const WHO: Who[] = ['bj', 'manager', 'operator', 'user', 'guest'];

const GUEST: ChatUserInfo = { user_key: 0, id: '', nick: 'guest', is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 1 };

/** A live room with its cast: the BJ (owned by a main account), two managers, an operator, a user, a target. */
async function liveRoom() {
  const owner = await buildAccount(t);
  const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj', ownerUserKey: owner.userKey });
  const manager = await buildAccount(t);
  const manager2 = await buildAccount(t);
  const operator = await buildAccount(t, { role: 'operator' });
  const user = await buildAccount(t);
  const target = await buildAccount(t);
  const vk = unique('mod');
  await buildBroadcast(t.database.db, bj.userKey, { vodKey: vk, title: '모더레이션 테스트' });
  for (const m of [manager, manager2])
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, m.userKey]);
  const room = (await store.loadRoom(vk)) as RoomContext;
  const keyOf: Record<Exclude<Who, 'guest'>, number> = {
    bj: bj.userKey,
    manager: manager.userKey,
    operator: operator.userKey,
    user: user.userKey,
  };
  const actor = async (who: Who | number): Promise<ChatActor> => {
    if (who === 'guest') return { info: GUEST, role: 'guest' };
    const info = (await store.lookupUser(room, typeof who === 'number' ? who : keyOf[who])) as ChatUserInfo;
    return { info, role: chatRoomRole(info, room.bjUserKey) };
  };
  const lookup = (k: number) => store.lookupUser(room, k);
  /** Applies an action as the engine would, with the database as the target lookup (an offline target). */
  const act = async (who: Who | number, plugins: ChatPlugins, m = ''): Promise<ActionOutcome> =>
    apply(await store.loadRoom(vk).then((r) => r as RoomContext), await actor(who), plugins, m, lookup);
  const users = [owner, bj, manager, manager2, operator, user, target].map((u) => u.userKey);
  /** Every chat row touching this room or its cast, to tell "nothing changed" from a change. */
  const snapshot = async () => ({
    manager: await sql(t, 'select bj_user_key, user_key from chat_manager where bj_user_key = $1 order by user_key', [bj.userKey]),
    roomBlock: await sql(t, 'select user_key from chat_room_block where bj_user_key = $1 order by user_key', [bj.userKey]),
    userBlock: await sql(t, 'select user_key, blocked_user_key from chat_user_block where user_key = any($1) order by 1, 2', [users]),
    sanction: await sql(t, 'select kind, user_key from chat_sanction where vod_key = $1 order by 1, 2', [vk]),
    setting: await sql(t, 'select * from chat_setting where bj_user_key = $1', [bj.userKey]),
    state: await sql(t, 'select frozen from chat_room_state where vod_key = $1', [vk]),
    log: await sql(t, 'select action_sn from chat_action_log where vod_key = $1 order by 1', [vk]),
  });
  const log = () =>
    sql<{ actor_user_key: string; actor_role: string; code: number; target_user_key: string | null; detail: Record<string, unknown> }>(
      t,
      'select actor_user_key, actor_role, code, target_user_key, detail from chat_action_log where vod_key = $1 order by action_sn',
      [vk],
    );
  const standing = async (k: number) => store.loadStanding((await store.loadRoom(vk)) as RoomContext, k);
  const current = async () => (await store.loadRoom(vk)) as RoomContext;
  return { vk, owner, bj, manager, manager2, operator, user, target, keyOf, room, act, actor, snapshot, log, standing, current };
}
type Room = Awaited<ReturnType<typeof liveRoom>>;

const okOf = (o: ActionOutcome) => {
  if (!o.ok) throw new Error(`refused: ${o.code} ${JSON.stringify(o.params ?? {})}`);
  return o;
};

describe('the store', () => {
  it('loads a room with its BJ owner, default settings, frozen flag and hidden users', async () => {
    const r = await liveRoom();
    expect(r.room).toEqual({
      vk: r.vk,
      bjUserKey: r.bj.userKey,
      bjOwnerUserKey: r.owner.userKey,
      title: '모더레이션 테스트',
      tags: [],
      state: 'live',
      frozen: false,
      frozenAllow: [],
      hideUsers: [],
      settings: DEFAULT_CHAT_SETTINGS,
      countHidden: false,
      notice: null,
      pin: null,
      guests: { entries: [], videoBlocked: false },
    });
    await sql(
      t,
      `insert into chat_setting (bj_user_key, slow_sec, banned_words, links_yn, greeting, hide_users) values ($1, 7, '{바보}', false, '안녕', $2)`,
      [r.bj.userKey, [r.user.userKey, r.target.userKey]],
    );
    await sql(t, 'insert into chat_room_state (vod_key, frozen) values ($1, true)', [r.vk]);
    expect(await r.current()).toMatchObject({
      frozen: true,
      hideUsers: [r.user.userKey, r.target.userKey],
      settings: { ...DEFAULT_CHAT_SETTINGS, slow_sec: 7, banned_words: ['바보'], links_yn: 'N', greeting: '안녕' },
    });
  });

  it('answers null for a broadcast that does not exist, and loads ended ones', async () => {
    expect(await store.loadRoom(unique('none'))).toBeNull();
    expect(await store.loadRoom('')).toBeNull();
    const r = await liveRoom();
    await sql(t, `update broadcast set state = 'ended' where vod_key = $1`, [r.vk]);
    expect((await r.current()).state).toBe('ended');
  });

  it('loads a standing in one statement: manager, room block, forced exit, suspension, own blocks', async () => {
    const r = await liveRoom();
    const empty = { isManager: false, roomBlocked: false, forcedOut: false, frozen: false, blocks: [] };
    expect(await store.loadStanding(r.room, 0)).toEqual(empty);
    expect(await store.loadStanding(r.room, r.user.userKey)).toEqual(empty);
    expect(await store.loadStanding(r.room, r.manager.userKey)).toEqual({ ...empty, isManager: true });
    await sql(t, 'insert into chat_room_block (bj_user_key, user_key, blocked_by) values ($1, $2, $1)', [r.bj.userKey, r.user.userKey]);
    await sql(
      t,
      `insert into chat_sanction (vod_key, user_key, kind, by_user_key) values ($1, $2, 'forced_exit', $3), ($1, $2, 'freeze', $3)`,
      [r.vk, r.user.userKey, r.bj.userKey],
    );
    await sql(t, 'insert into chat_user_block (user_key, blocked_user_key) values ($1, $2), ($1, $3)', [
      r.user.userKey,
      r.target.userKey,
      r.owner.userKey,
    ]);
    expect(await store.loadStanding(r.room, r.user.userKey)).toEqual({
      isManager: false,
      roomBlocked: true,
      forcedOut: true,
      frozen: true,
      blocks: [r.owner.userKey, r.target.userKey].sort((a, b) => a - b),
    });
    // Sanctions are per broadcast: the BJ's next broadcast starts clean; a room block and managers stay.
    await sql(t, `update broadcast set state = 'ended' where vod_key = $1`, [r.vk]);
    const next = unique('mod');
    await buildBroadcast(t.database.db, r.bj.userKey, { vodKey: next, title: '다음 방송' });
    const nextRoom = (await store.loadRoom(next)) as RoomContext;
    expect(await store.loadStanding(nextRoom, r.user.userKey)).toMatchObject({ roomBlocked: true, forcedOut: false, frozen: false });
    expect(await store.loadStanding(nextRoom, r.manager.userKey)).toMatchObject({ isManager: true });
  });

  it('looks up users with their room flags; unknown and closed accounts are null', async () => {
    const r = await liveRoom();
    const base = { is_guest: 0 };
    expect(await store.lookupUser(r.room, r.bj.userKey)).toEqual({
      ...base,
      user_key: r.bj.userKey,
      id: r.bj.id,
      nick: r.bj.nick,
      is_bj: 1,
      is_manager: 0,
      is_operator: 0,
    });
    expect(await store.lookupUser(r.room, r.owner.userKey)).toMatchObject({ is_bj: 1, is_manager: 0 });
    expect(await store.lookupUser(r.room, r.manager.userKey)).toMatchObject({ is_bj: 0, is_manager: 1, is_operator: 0 });
    expect(await store.lookupUser(r.room, r.operator.userKey)).toMatchObject({ is_bj: 0, is_manager: 0, is_operator: 1 });
    const gm = await buildAccount(t, { role: 'gm' });
    expect(await store.lookupUser(r.room, gm.userKey)).toMatchObject({ is_operator: 1 });
    expect(await store.lookupUser(r.room, r.user.userKey)).toMatchObject({ is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 0 });
    expect(await store.lookupUser(r.room, 0)).toBeNull();
    expect(await store.lookupUser(r.room, 9_000_000_000)).toBeNull();
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [r.target.userKey]);
    expect(await store.lookupUser(r.room, r.target.userKey)).toBeNull();
  });
});

/**
 * One action of the role matrix: what to send, who may, what must be true of the state before (setup)
 * and after (changed), and which push it causes.
 */
interface Action {
  name: string;
  plugins: (r: Room) => ChatPlugins;
  m?: string;
  allowed: Who[];
  setup?: (r: Room) => Promise<void>;
  /** Reads the state the action changes, through the store where the engine would. */
  state: (r: Room, actor: number) => Promise<unknown>;
  code: number;
  target?: (r: Room) => number;
}

const MODS: Who[] = ['bj', 'manager', 'operator'];
const OWNERS: Who[] = ['bj', 'operator'];

const forceOut = async (r: Room) => {
  await sql(t, `insert into chat_sanction (vod_key, user_key, kind, by_user_key) values ($1, $2, 'forced_exit', $3)`, [
    r.vk,
    r.target.userKey,
    r.bj.userKey,
  ]);
};

const ACTIONS: Action[] = [
  {
    name: '70 forced exit',
    plugins: (r) => ({ T: 70, target: r.target.userKey }),
    allowed: MODS,
    state: async (r) => (await r.standing(r.target.userKey)).forcedOut,
    code: 70,
    target: (r) => r.target.userKey,
  },
  {
    name: '70 lifting a forced exit',
    plugins: (r) => ({ T: 70, target: r.target.userKey, off: 1 }),
    allowed: OWNERS,
    setup: forceOut,
    state: async (r) => (await r.standing(r.target.userKey)).forcedOut,
    code: 70,
    target: (r) => r.target.userKey,
  },
  {
    name: '80 appoint a manager',
    plugins: (r) => ({ T: 80, target: r.target.userKey }),
    allowed: OWNERS,
    state: async (r) => (await r.standing(r.target.userKey)).isManager,
    code: 80,
    target: (r) => r.target.userKey,
  },
  {
    name: '81 dismiss a manager',
    plugins: (r) => ({ T: 81, target: r.manager2.userKey }),
    allowed: OWNERS,
    state: async (r) => (await r.standing(r.manager2.userKey)).isManager,
    code: 81,
    target: (r) => r.manager2.userKey,
  },
  {
    name: '90 freeze the chat',
    plugins: () => ({ T: 90 }),
    allowed: MODS,
    state: async (r) => (await r.current()).frozen,
    code: 90,
  },
  {
    name: '91 unfreeze the chat',
    plugins: () => ({ T: 91 }),
    allowed: MODS,
    setup: (r) => sql(t, 'insert into chat_room_state (vod_key, frozen) values ($1, true)', [r.vk]).then(() => undefined),
    state: async (r) => (await r.current()).frozen,
    code: 91,
  },
  {
    name: '100 suspend a user',
    plugins: (r) => ({ T: 100, target: r.target.userKey }),
    allowed: MODS,
    state: async (r) => (await r.standing(r.target.userKey)).frozen,
    code: 100,
    target: (r) => r.target.userKey,
  },
  {
    name: '101 restore a user',
    plugins: (r) => ({ T: 101, target: r.target.userKey }),
    allowed: MODS,
    setup: (r) =>
      sql(t, `insert into chat_sanction (vod_key, user_key, kind, by_user_key) values ($1, $2, 'freeze', $3)`, [
        r.vk,
        r.target.userKey,
        r.bj.userKey,
      ]).then(() => undefined),
    state: async (r) => (await r.standing(r.target.userKey)).frozen,
    code: 101,
    target: (r) => r.target.userKey,
  },
  {
    name: '230 block from the room',
    plugins: (r) => ({ T: 230, target: r.target.userKey, value: 'room' }),
    allowed: MODS,
    state: async (r) => (await r.standing(r.target.userKey)).roomBlocked,
    code: 230,
    target: (r) => r.target.userKey,
  },
  {
    name: '230 unblock from the room',
    plugins: (r) => ({ T: 230, target: r.target.userKey, value: 'room', off: 1 }),
    allowed: OWNERS,
    setup: (r) =>
      sql(t, 'insert into chat_room_block (bj_user_key, user_key, blocked_by) values ($1, $2, $1)', [r.bj.userKey, r.target.userKey]).then(
        () => undefined,
      ),
    state: async (r) => (await r.standing(r.target.userKey)).roomBlocked,
    code: 230,
    target: (r) => r.target.userKey,
  },
  {
    name: '230 block for oneself',
    plugins: (r) => ({ T: 230, target: r.target.userKey, value: 'self' }),
    allowed: ['bj', 'manager', 'operator', 'user'],
    state: async (r, actor) => (await r.standing(actor)).blocks,
    code: 230,
    target: (r) => r.target.userKey,
  },
  {
    name: '8200 hide a user',
    plugins: (r) => ({ T: 8200, target: r.target.userKey }),
    allowed: MODS,
    state: async (r) => (await r.current()).hideUsers,
    code: 8200,
    target: (r) => r.target.userKey,
  },
  {
    name: '8200 unhide a user',
    plugins: (r) => ({ T: 8200, target: r.target.userKey, off: 1 }),
    allowed: MODS,
    setup: (r) =>
      sql(t, 'insert into chat_setting (bj_user_key, hide_users) values ($1, $2)', [r.bj.userKey, [r.target.userKey]]).then(
        () => undefined,
      ),
    state: async (r) => (await r.current()).hideUsers,
    code: 8200,
    target: (r) => r.target.userKey,
  },
  ...(
    [
      ['slow_sec', 30],
      ['banned_words', ['나쁜말']],
      ['links_yn', 'N'],
      ['user_list_public_yn', 'N'],
      ['sponsor_list_public_yn', 'N'],
      ['greeting', '어서 오세요'],
    ] as Array<[keyof ChatRoomSettings, unknown]>
  ).map(
    ([field, value]): Action => ({
      name: `${ChatSettingCode[field]} setting ${field}`,
      plugins: () => ({ T: ChatSettingCode[field], value }),
      allowed: OWNERS,
      state: async (r) => (await r.current()).settings[field],
      code: ChatSettingCode[field],
    }),
  ),
  {
    name: '120 room notice',
    plugins: () => ({ T: 120 }),
    m: '9시 컴백 무대',
    allowed: MODS,
    state: async (r) => (await r.current()).notice?.m ?? null,
    code: 120,
  },
  {
    name: '121 room notice taken down',
    plugins: () => ({ T: 121 }),
    allowed: MODS,
    setup: (r) =>
      sql(t, 'insert into chat_room_board (vod_key, notice) values ($1, $2::jsonb)', [
        r.vk,
        JSON.stringify({ m: '공지', by: { user_key: r.bj.userKey }, ts: 1 }),
      ]).then(() => undefined),
    state: async (r) => (await r.current()).notice?.m ?? null,
    code: 121,
  },
  {
    name: '9990 operator notice',
    plugins: () => ({ T: 9990 }),
    m: '점검 안내입니다',
    allowed: ['operator'],
    state: async (r) => (await r.log()).filter((l) => l.code === 9990).length,
    code: 9990,
  },
];

describe('the role matrix', () => {
  for (const action of ACTIONS)
    for (const who of WHO) {
      const allowed = action.allowed.includes(who);
      it(`${action.name} by ${who}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const r = await liveRoom();
        await action.setup?.(r);
        const actorKey = who === 'guest' ? 0 : r.keyOf[who];
        const beforeState = await action.state(r, actorKey);
        const before = await r.snapshot();
        const outcome = await r.act(who, action.plugins(r), action.m);
        if (!allowed) {
          expect(outcome).toEqual({ ok: false, code: who === 'guest' ? 'LOGIN_REQUIRED' : 'FORBIDDEN' });
          expect(await r.snapshot()).toEqual(before);
          expect(await action.state(r, actorKey)).toEqual(beforeState);
          return;
        }
        const ok = okOf(outcome);
        expect(await action.state(r, actorKey)).not.toEqual(beforeState);
        expect(ok.pushes.map((p) => p.push.code)).toEqual([action.code]);
        expect(ok.pushes[0]?.push.by?.user_key).toBe(actorKey);
        if (action.target) expect(ok.pushes[0]?.push.target?.user_key).toBe(action.target(r));
        const log = await r.log();
        expect(log).toHaveLength(1);
        expect(log[0]).toMatchObject({
          actor_user_key: String(actorKey),
          actor_role: who,
          code: action.code,
          target_user_key: action.target ? String(action.target(r)) : null,
        });
      });
    }

  for (const code of [10, 11, 12, 20, 23, 31, 40, 50, 60, 61, 92, 102, 122, 182, 220, 240, 250, 8000, 8099, 8106, 9991, 12345])
    it(`${code} comes only from the platform: refused to every role`, async () => {
      const r = await liveRoom();
      const before = await r.snapshot();
      for (const who of WHO)
        expect(await r.act(who, { T: code, target: r.target.userKey, value: 'room' }, 'x')).toEqual({
          ok: false,
          code: who === 'guest' ? 'LOGIN_REQUIRED' : 'FORBIDDEN',
        });
      expect(await r.snapshot()).toEqual(before);
    });
});

describe('roles are the server’s, not the client’s', () => {
  it('a user whose socket claims manager, BJ and operator flags is still a user', async () => {
    const r = await liveRoom();
    const before = await r.snapshot();
    const forged: ChatActor = {
      info: { user_key: r.user.userKey, id: r.user.id, nick: r.user.nick, is_bj: 1, is_manager: 1, is_operator: 1, is_guest: 0 },
      role: 'bj',
    };
    const lookup = (k: number) => store.lookupUser(r.room, k);
    for (const plugins of [
      { T: 70, target: r.target.userKey },
      { T: 80, target: r.target.userKey },
      { T: 90 },
      { T: 8100, value: 10 },
      { T: 9990 },
    ])
      expect(await apply(r.room, forged, plugins, '공지', lookup)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(await r.snapshot()).toEqual(before);
  });

  it('a dismissed manager loses their powers at once, whatever their socket still says', async () => {
    const r = await liveRoom();
    const stale = await r.actor('manager');
    okOf(await r.act('bj', { T: 81, target: r.manager.userKey }));
    expect(await apply(r.room, stale, { T: 70, target: r.target.userKey }, '', (k) => store.lookupUser(r.room, k))).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect((await r.standing(r.target.userKey)).forcedOut).toBe(false);
  });

  it('an operator who is also a manager of this BJ keeps operator powers; the BJ owner acts as the BJ', async () => {
    const r = await liveRoom();
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [r.bj.userKey, r.operator.userKey]);
    okOf(await r.act('operator', { T: 8100, value: 5 }));
    okOf(await r.act('operator', { T: 70, target: r.manager2.userKey }));
    okOf(await r.act(r.owner.userKey, { T: 8102, value: 'N' }));
    expect((await r.current()).settings).toMatchObject({ slow_sec: 5, links_yn: 'N' });
    expect((await r.log()).map((l) => [l.actor_role, l.code])).toEqual([
      ['operator', 8100],
      ['operator', 70],
      ['bj', 8102],
    ]);
  });

  it('a closed actor account is refused as signed out', async () => {
    const r = await liveRoom();
    const actor = await r.actor('manager');
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [r.manager.userKey]);
    expect(await apply(r.room, actor, { T: 90 }, '', (k) => store.lookupUser(r.room, k))).toEqual({ ok: false, code: 'LOGIN_REQUIRED' });
  });
});

describe('targets', () => {
  const SANCTIONS: Array<(target: number) => ChatPlugins> = [
    (target) => ({ T: 70, target }),
    (target) => ({ T: 100, target }),
    (target) => ({ T: 230, target, value: 'room' }),
    (target) => ({ T: 8200, target }),
  ];

  it('the BJ, the BJ owner, operators and oneself are protected from sanctions', async () => {
    const r = await liveRoom();
    const gm = await buildAccount(t, { role: 'gm' });
    const before = await r.snapshot();
    for (const make of SANCTIONS) {
      for (const who of ['manager', 'operator'] as const)
        for (const target of [r.bj.userKey, r.owner.userKey, gm.userKey])
          expect(await r.act(who, make(target)), `${who} → ${target}`).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
      expect(await r.act('bj', make(r.operator.userKey))).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
      for (const who of ['bj', 'manager', 'operator'] as const)
        expect(await r.act(who, make(r.keyOf[who]))).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
    }
    expect(await r.snapshot()).toEqual(before);
  });

  it('a manager may not sanction another manager; the BJ and operators may', async () => {
    const r = await liveRoom();
    for (const make of SANCTIONS)
      expect(await r.act('manager', make(r.manager2.userKey))).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
    expect((await r.standing(r.manager2.userKey)).forcedOut).toBe(false);
    okOf(await r.act('bj', { T: 100, target: r.manager2.userKey }));
    okOf(await r.act('operator', { T: 70, target: r.manager2.userKey }));
    expect(await r.standing(r.manager2.userKey)).toMatchObject({ frozen: true, forcedOut: true });
  });

  it('the BJ cannot be appointed or dismissed; appointing oneself is refused', async () => {
    const r = await liveRoom();
    for (const T of [80, 81]) {
      expect(await r.act('operator', { T, target: r.bj.userKey })).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
      expect(await r.act('operator', { T, target: r.owner.userKey })).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
    }
    expect(await r.act('operator', { T: 80, target: r.operator.userKey })).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
    expect(await r.log()).toEqual([]);
  });

  it('unknown, closed, missing and malformed targets', async () => {
    const r = await liveRoom();
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [r.user.userKey]);
    for (const T of [70, 80, 81, 100, 101, 8200]) {
      expect(await r.act('bj', { T, target: 9_000_000_000 })).toEqual({ ok: false, code: 'CHAT_TARGET_NOT_FOUND' });
      expect(await r.act('bj', { T, target: r.user.userKey })).toEqual({ ok: false, code: 'CHAT_TARGET_NOT_FOUND' });
      expect(await r.act('bj', { T })).toEqual({ ok: false, code: 'INVALID_INPUT', params: { field: 'target' } });
      for (const target of [0, -3, 1.5, '12', null])
        expect(await r.act('bj', { T, target } as unknown as ChatPlugins)).toEqual({
          ok: false,
          code: 'INVALID_INPUT',
          params: { field: 'target' },
        });
    }
    expect(await r.act('bj', { T: 230, target: r.target.userKey })).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      params: { field: 'value' },
    });
    expect(await r.act('manager', { T: 230, target: r.target.userKey, value: 'everyone' })).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      params: { field: 'value' },
    });
    expect(await r.log()).toEqual([]);
  });

  it('an offline member can still be dismissed, unblocked or have a forced exit lifted', async () => {
    const r = await liveRoom();
    okOf(await r.act('manager', { T: 70, target: r.target.userKey }));
    okOf(await r.act('manager', { T: 230, target: r.user.userKey, value: 'room' }));
    expect(await r.act('manager', { T: 70, target: r.target.userKey, off: 1 })).toEqual({ ok: false, code: 'FORBIDDEN' });
    const lift = okOf(await r.act('bj', { T: 70, target: r.target.userKey, off: 1 }));
    expect(lift.pushes).toEqual([{ target: { to: 'moderators' }, push: expect.objectContaining({ code: 70, data: { off: 1 } }) }]);
    expect(lift.effects).toEqual({ member: { userKey: r.target.userKey, standing: { forcedOut: false } } });
    okOf(await r.act('operator', { T: 230, target: r.user.userKey, value: 'room', off: 1 }));
    expect(await r.standing(r.target.userKey)).toMatchObject({ forcedOut: false });
    expect(await r.standing(r.user.userKey)).toMatchObject({ roomBlocked: false });
  });
});

describe('what each action stores, pushes and asks of the engine', () => {
  it('70 removes the user now; repeating it is harmless; the log says who did it in which role', async () => {
    const r = await liveRoom();
    const out = okOf(await r.act('manager', { T: 70, target: r.target.userKey }));
    expect(out.pushes).toEqual([
      {
        target: { to: 'room' },
        push: {
          code: 70,
          ts: expect.any(Number),
          by: expect.objectContaining({ user_key: r.manager.userKey, is_manager: 1 }),
          target: expect.objectContaining({ user_key: r.target.userKey, nick: r.target.nick }),
        },
      },
    ]);
    expect(out.effects).toEqual({ removeUser: r.target.userKey, member: { userKey: r.target.userKey, standing: { forcedOut: true } } });
    okOf(await r.act('bj', { T: 70, target: r.target.userKey }));
    expect(await sql(t, 'select by_user_key from chat_sanction where vod_key = $1', [r.vk])).toEqual([
      { by_user_key: String(r.manager.userKey) },
    ]);
    expect(await r.log()).toEqual([
      { actor_user_key: String(r.manager.userKey), actor_role: 'manager', code: 70, target_user_key: String(r.target.userKey), detail: {} },
      { actor_user_key: String(r.bj.userKey), actor_role: 'bj', code: 70, target_user_key: String(r.target.userKey), detail: {} },
    ]);
  });

  it('80/81: appointing twice keeps one row; the push carries the new flag; 80 with off is a dismissal', async () => {
    const r = await liveRoom();
    const out = okOf(await r.act('bj', { T: 80, target: r.target.userKey }));
    okOf(await r.act('bj', { T: 80, target: r.target.userKey }));
    expect(
      await sql(t, 'select appointed_by from chat_manager where bj_user_key = $1 and user_key = $2', [r.bj.userKey, r.target.userKey]),
    ).toEqual([{ appointed_by: String(r.bj.userKey) }]);
    expect(out.pushes[0]?.push.target).toMatchObject({ user_key: r.target.userKey, is_manager: 1 });
    expect(out.effects).toEqual({ member: { userKey: r.target.userKey, standing: { isManager: true } } });
    expect(await store.lookupUser(r.room, r.target.userKey)).toMatchObject({ is_manager: 1 });
    const off = okOf(await r.act('operator', { T: 80, target: r.target.userKey, off: 1 }));
    expect(off.pushes[0]?.push).toMatchObject({ code: 81, target: { is_manager: 0 } });
    expect(off.effects).toEqual({ member: { userKey: r.target.userKey, standing: { isManager: false } } });
    expect((await r.standing(r.target.userKey)).isManager).toBe(false);
    // The new manager moderates at once.
    okOf(await r.act('bj', { T: 80, target: r.user.userKey }));
    okOf(await r.act(r.user.userKey, { T: 100, target: r.target.userKey }));
  });

  it('90/91 and 100/101 patch the room and the member; 90/100 with off are 91/101', async () => {
    const r = await liveRoom();
    expect(okOf(await r.act('manager', { T: 90 })).effects).toEqual({ room: { frozen: true, frozenAllow: [] } });
    expect((await r.current()).frozen).toBe(true);
    const unfreeze = okOf(await r.act('manager', { T: 90, off: 1 }));
    expect(unfreeze.pushes[0]?.push.code).toBe(91);
    expect(unfreeze.effects).toEqual({ room: { frozen: false, frozenAllow: [] } });
    expect((await r.current()).frozen).toBe(false);
    const suspend = okOf(await r.act('manager', { T: 100, target: r.target.userKey }));
    expect(suspend.effects).toEqual({ member: { userKey: r.target.userKey, standing: { frozen: true } } });
    expect(suspend.pushes[0]?.target).toEqual({ to: 'room' });
    const restore = okOf(await r.act('manager', { T: 100, target: r.target.userKey, off: 1 }));
    expect(restore.pushes[0]?.push.code).toBe(101);
    expect((await r.standing(r.target.userKey)).frozen).toBe(false);
    expect((await r.log()).map((l) => l.code)).toEqual([90, 91, 100, 101]);
  });

  it('230 self: the push with the full list goes only to the member; unblocking shrinks it', async () => {
    const r = await liveRoom();
    okOf(await r.act('user', { T: 230, target: r.target.userKey, value: 'self' }));
    const second = okOf(await r.act('user', { T: 230, target: r.manager.userKey, value: 'self' }));
    const both = [r.target.userKey, r.manager.userKey].sort((a, b) => a - b);
    expect(second.pushes).toEqual([
      {
        target: { to: 'user', userKey: r.user.userKey },
        push: expect.objectContaining({ code: 230, data: { scope: 'self', off: 0, blocked: both } }),
      },
    ]);
    expect(second.effects).toEqual({ member: { userKey: r.user.userKey, standing: { blocks: both } } });
    expect((await r.standing(r.user.userKey)).blocks).toEqual(both);
    const off = okOf(await r.act('user', { T: 230, target: r.target.userKey, value: 'self', off: 1 }));
    expect(off.pushes[0]?.push.data).toEqual({ scope: 'self', off: 1, blocked: [r.manager.userKey] });
    expect((await r.standing(r.user.userKey)).blocks).toEqual([r.manager.userKey]);
    // Blocking the BJ for oneself is one's own business; blocking oneself is not.
    okOf(await r.act('user', { T: 230, target: r.bj.userKey, value: 'self' }));
    expect(await r.act('user', { T: 230, target: r.user.userKey, value: 'self' })).toEqual({ ok: false, code: 'CHAT_TARGET_PROTECTED' });
    expect((await r.log()).map((l) => l.detail)).toEqual([
      { scope: 'self' },
      { scope: 'self' },
      { scope: 'self', off: 1 },
      { scope: 'self' },
    ]);
  });

  it('230 room: blocked from every broadcast of the BJ and removed now', async () => {
    const r = await liveRoom();
    const out = okOf(await r.act('manager', { T: 230, target: r.target.userKey, value: 'room' }));
    expect(out.pushes).toEqual([{ target: { to: 'room' }, push: expect.objectContaining({ code: 230, data: { scope: 'room', off: 0 } }) }]);
    expect(out.effects).toEqual({ removeUser: r.target.userKey, member: { userKey: r.target.userKey, standing: { roomBlocked: true } } });
    expect(
      await sql(t, 'select blocked_by from chat_room_block where bj_user_key = $1 and user_key = $2', [r.bj.userKey, r.target.userKey]),
    ).toEqual([{ blocked_by: String(r.manager.userKey) }]);
  });

  it('8200: hide_users keeps each user once, in order, and unhiding removes only that user', async () => {
    const r = await liveRoom();
    const first = okOf(await r.act('manager', { T: 8200, target: r.target.userKey }));
    expect(first.pushes[0]?.push.data).toEqual({ hide_users: [r.target.userKey], off: 0 });
    expect(first.effects).toEqual({ room: { hideUsers: [r.target.userKey] } });
    okOf(await r.act('bj', { T: 8200, target: r.target.userKey }));
    const second = okOf(await r.act('bj', { T: 8200, target: r.user.userKey }));
    expect(second.effects.room?.hideUsers).toEqual([r.target.userKey, r.user.userKey]);
    const off = okOf(await r.act('manager', { T: 8200, target: r.target.userKey, off: 1 }));
    expect(off.pushes[0]?.push.data).toEqual({ hide_users: [r.user.userKey], off: 1 });
    expect((await r.current()).hideUsers).toEqual([r.user.userKey]);
    // Hiding keeps the BJ's settings as they were.
    expect((await r.current()).settings).toEqual(DEFAULT_CHAT_SETTINGS);
  });

  it('9990: the notice text is pushed to the room and logged; empty or too long is refused', async () => {
    const r = await liveRoom();
    const out = okOf(await r.act('operator', { T: 9990 }, '  <b>점검</b> 안내  '));
    expect(out.pushes).toEqual([{ target: { to: 'room' }, push: expect.objectContaining({ code: 9990, m: '<b>점검</b> 안내' }) }]);
    expect((await r.log())[0]?.detail).toEqual({ m: '<b>점검</b> 안내' });
    expect(await r.act('operator', { T: 9990 }, '   ')).toEqual({ ok: false, code: 'INVALID_INPUT', params: { field: 'm' } });
    expect(await r.act('operator', { T: 9990 }, '가'.repeat(CHAT_LIMITS.noticeMax + 1))).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      params: { field: 'm' },
    });
    okOf(await r.act('operator', { T: 9990 }, '가'.repeat(CHAT_LIMITS.noticeMax)));
    expect(await r.log()).toHaveLength(2);
  });

  it('actions in an ended room are refused', async () => {
    const r = await liveRoom();
    await sql(t, `update broadcast set state = 'ended' where vod_key = $1`, [r.vk]);
    expect(await r.act('bj', { T: 90 })).toEqual({ ok: false, code: 'BROADCAST_ENDED' });
    expect(await r.log()).toEqual([]);
  });
});

describe('settings validation', () => {
  const BAD: Array<[keyof ChatRoomSettings, unknown[]]> = [
    ['slow_sec', [-1, CHAT_LIMITS.slowModeMaxSec + 1, 1.5, '10', null, undefined, Number.NaN]],
    [
      'banned_words',
      [
        'bad',
        null,
        [''],
        ['   '],
        [1],
        ['a'.repeat(CHAT_LIMITS.bannedWordMaxLength + 1)],
        Array.from({ length: CHAT_LIMITS.bannedWordsMax + 1 }, (_, i) => `w${i}`),
        ['줄\n바꿈'],
      ],
    ],
    ['links_yn', ['y', 'YES', true, '', null]],
    ['user_list_public_yn', ['n', false, 1]],
    ['sponsor_list_public_yn', ['', 'NO']],
    ['greeting', ['가'.repeat(CHAT_LIMITS.greetingMax + 1), 5, null, ['hi'], 'line\nbreak']],
  ];
  for (const [field, values] of BAD)
    it(`${ChatSettingCode[field]} ${field}: bad values are refused with the field named, nothing stored`, async () => {
      const r = await liveRoom();
      for (const value of values)
        expect(await r.act('bj', { T: ChatSettingCode[field], value }), JSON.stringify(value)).toEqual({
          ok: false,
          code: 'INVALID_INPUT',
          params: { field },
        });
      expect((await r.current()).settings).toEqual(DEFAULT_CHAT_SETTINGS);
      expect(await r.snapshot()).toMatchObject({ setting: [], log: [] });
    });

  const GOOD: Array<[keyof ChatRoomSettings, unknown, unknown]> = [
    ['slow_sec', 0, 0],
    ['slow_sec', CHAT_LIMITS.slowModeMaxSec, CHAT_LIMITS.slowModeMaxSec],
    ['banned_words', ['  바보 ', 'Spam', 'spam', '바보'], ['바보', 'Spam']],
    ['banned_words', [], []],
    [
      'banned_words',
      Array.from({ length: CHAT_LIMITS.bannedWordsMax }, (_, i) => `w${i}`),
      Array.from({ length: CHAT_LIMITS.bannedWordsMax }, (_, i) => `w${i}`),
    ],
    ['banned_words', ['a'.repeat(CHAT_LIMITS.bannedWordMaxLength)], ['a'.repeat(CHAT_LIMITS.bannedWordMaxLength)]],
    ['links_yn', 'N', 'N'],
    ['links_yn', 'Y', 'Y'],
    ['user_list_public_yn', 'N', 'N'],
    ['sponsor_list_public_yn', 'N', 'N'],
    ['greeting', '  <script>환영</script>  ', '<script>환영</script>'],
    ['greeting', '가'.repeat(CHAT_LIMITS.greetingMax), '가'.repeat(CHAT_LIMITS.greetingMax)],
    ['greeting', '', ''],
  ];
  it('good values are stored as given (trimmed, deduplicated), pushed with data.value and patched whole', async () => {
    const r = await liveRoom();
    let expected: ChatRoomSettings = { ...DEFAULT_CHAT_SETTINGS };
    for (const [field, value, stored] of GOOD) {
      const out = okOf(await r.act('bj', { T: ChatSettingCode[field], value }));
      expected = { ...expected, [field]: stored };
      expect(out.pushes).toEqual([
        { target: { to: 'room' }, push: expect.objectContaining({ code: ChatSettingCode[field], data: { value: stored } }) },
      ]);
      expect(out.effects).toEqual({ room: { settings: expected } });
      expect((await r.current()).settings).toEqual(expected);
    }
    const log = await r.log();
    expect(log.map((l) => [l.code, l.detail])).toEqual(GOOD.map(([field, , stored]) => [ChatSettingCode[field], { value: stored }]));
    // Settings are the BJ's: the next broadcast has them.
    await sql(t, `update broadcast set state = 'ended' where vod_key = $1`, [r.vk]);
    const next = unique('mod');
    await buildBroadcast(t.database.db, r.bj.userKey, { vodKey: next, title: '다음' });
    expect((await store.loadRoom(next))?.settings).toEqual(expected);
  });

  it('a manager may not change settings even with a good value', async () => {
    const r = await liveRoom();
    for (const field of Object.keys(ChatSettingCode) as Array<keyof ChatRoomSettings>)
      expect(await r.act('manager', { T: ChatSettingCode[field], value: 'Y' })).toEqual({ ok: false, code: 'FORBIDDEN' });
  });
});

// Keeps the matrix honest: every code the client may send is in it.
it('the matrix covers every client code', () => {
  const covered = new Set(ACTIONS.map((a) => a.code));
  for (const code of [70, 80, 81, 90, 91, 100, 101, 230, 8100, 8101, 8102, 8103, 8104, 8105, 8200, 9990])
    expect(covered.has(code), String(code)).toBe(true);
});
