import {
  type ChatPinnedMessage,
  type ChatRoomNotice,
  type ChatRoomSettings,
  type ChatUserInfo,
  DEFAULT_CHAT_SETTINGS,
  FREEZE_ALLOW_ROLES,
  type FreezeAllowRole,
  type VideoGuestEntry,
} from '@byeol/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Exec, perDatabase } from '../../platform/db.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import { channelSubscribe, vipRanks as vipRanksOf } from '../channels/index.js';
import { broadcast } from '../live/index.js';
import { sanction } from '../sanctions/index.js';
import { supporter } from '../supporters/index.js';
import { hidesViewerCountSql, users } from '../users/index.js';
import { bjFan, fanClub } from '../wallet/index.js';
import { chatManager, chatRoomBlock, chatRoomBoard, chatRoomState, chatSanction, chatSetting, chatUserBlock } from './chat.tables.js';
import type { ChatStore, KeptGuests, MemberStanding, RoomContext } from './chat.types.js';

/** The standing of a guest, or of a member with nothing against or for them. */
export const EMPTY_STANDING: Readonly<MemberStanding> = Object.freeze({
  isManager: false,
  roomBlocked: false,
  forcedOut: false,
  frozen: false,
  blocks: [],
});

type SettingRow = typeof chatSetting.$inferSelect;
type SettingValues = Pick<SettingRow, 'slowSec' | 'bannedWords' | 'linksYn' | 'userListPublicYn' | 'sponsorListPublicYn' | 'greeting'>;

/** A chat_setting row as the contract's settings ('Y'/'N' switches); the defaults when the BJ never saved any. */
export function settingsOf(row: SettingValues | null | undefined): ChatRoomSettings {
  if (!row) return { ...DEFAULT_CHAT_SETTINGS, banned_words: [...DEFAULT_CHAT_SETTINGS.banned_words] };
  const yn = (b: boolean) => (b ? ('Y' as const) : ('N' as const));
  return {
    slow_sec: row.slowSec,
    banned_words: row.bannedWords,
    links_yn: yn(row.linksYn),
    user_list_public_yn: yn(row.userListPublicYn),
    sponsor_list_public_yn: yn(row.sponsorListPublicYn),
    greeting: row.greeting,
  };
}

const settingColumns = {
  slowSec: chatSetting.slowSec,
  bannedWords: chatSetting.bannedWords,
  linksYn: chatSetting.linksYn,
  userListPublicYn: chatSetting.userListPublicYn,
  sponsorListPublicYn: chatSetting.sponsorListPublicYn,
  greeting: chatSetting.greeting,
};

/**
 * The three reads the chat engine makes on joins and target lookups, as prepared statements (built once
 * per database handle, planned once per connection; see modules/users/users.session.ts on why).
 */
function prepare(db: Db) {
  const bj = alias(users, 'bj');
  const room = db
    .select({
      vk: broadcast.vodKey,
      bjUserKey: broadcast.bjUserKey,
      bjOwnerUserKey: bj.ownerUserKey,
      title: broadcast.title,
      tags: broadcast.tags,
      state: broadcast.state,
      // The setting row's key tells "no row" (defaults) from a row.
      settingBj: chatSetting.bjUserKey,
      ...settingColumns,
      hideUsers: chatSetting.hideUsers,
      frozen: chatRoomState.frozen,
      frozenAllow: chatRoomState.frozenAllow,
      countHidden: sql<boolean>`${hidesViewerCountSql('bj')}`,
      notice: chatRoomBoard.notice,
      pin: chatRoomBoard.pin,
      guests: chatRoomBoard.guests,
      videoBlocked: chatRoomBoard.videoBlocked,
    })
    .from(broadcast)
    .innerJoin(bj, eq(bj.userKey, broadcast.bjUserKey))
    .leftJoin(chatSetting, eq(chatSetting.bjUserKey, broadcast.bjUserKey))
    .leftJoin(chatRoomState, eq(chatRoomState.vodKey, broadcast.vodKey))
    .leftJoin(chatRoomBoard, eq(chatRoomBoard.vodKey, broadcast.vodKey))
    .where(eq(broadcast.vodKey, sql.placeholder('vk')))
    .prepare('byeol_chat_room');

  const bjKey = sql.placeholder('bj');
  const vk = sql.placeholder('vk');
  // Subselects compare with the placeholder, not the outer row: Drizzle writes columns inside sql`` unqualified,
  // so an outer users.user_key would resolve to the inner table's own user_key.
  const userKey = sql.placeholder('user');
  // One round trip: the member's row carries every fact of their standing as a subselect.
  const standing = db
    .select({
      isManager: sql<boolean>`exists (select 1 from ${chatManager} where ${chatManager.bjUserKey} = ${bjKey} and ${chatManager.userKey} = ${userKey})`,
      roomBlocked: sql<boolean>`exists (select 1 from ${chatRoomBlock} where ${chatRoomBlock.bjUserKey} = ${bjKey} and ${chatRoomBlock.userKey} = ${userKey})`,
      isFan: sql<boolean>`exists (select 1 from ${bjFan} where ${bjFan.bjUserKey} = ${bjKey} and ${bjFan.userKey} = ${userKey})`,
      fanNo: sql<
        number | null
      >`(select ${fanClub.fanNo} from ${fanClub} where ${fanClub.bjUserKey} = ${bjKey} and ${fanClub.userKey} = ${userKey})`,
      follower: sql<boolean>`exists (select 1 from ${channelSubscribe} where ${channelSubscribe.bjUserKey} = ${bjKey} and ${channelSubscribe.userKey} = ${userKey})`,
      supporter: sql<boolean>`exists (select 1 from ${supporter} where ${supporter.userKey} = ${userKey} and ${supporter.bjUserKey} = ${bjKey} and ${supporter.paidUntil} > now())`,
      forcedOut: sql<boolean>`exists (select 1 from ${chatSanction} where ${chatSanction.vodKey} = ${vk} and ${chatSanction.kind} = 'forced_exit' and ${chatSanction.userKey} = ${userKey})`,
      // Frozen in this room, or banned from chat everywhere (a site sanction of kind chat or account).
      frozen: sql<boolean>`(exists (select 1 from ${chatSanction} where ${chatSanction.vodKey} = ${vk} and ${chatSanction.kind} = 'freeze' and ${chatSanction.userKey} = ${userKey})
        or exists (select 1 from ${sanction} where ${sanction.userKey} = ${userKey} and ${sanction.kind} in ('chat', 'account') and ${sanction.liftedAt} is null and ${sanction.endsAt} > now()))`,
      blocks: sql<
        string[] | number[]
      >`coalesce((select array_agg(${chatUserBlock.blockedUserKey} order by ${chatUserBlock.blockedUserKey}) from ${chatUserBlock} where ${chatUserBlock.userKey} = ${userKey}), '{}')`,
    })
    .from(users)
    .where(eq(users.userKey, sql.placeholder('user')))
    .prepare('byeol_chat_standing');

  const user = db
    .select({
      userKey: users.userKey,
      id: users.id,
      nick: users.nick,
      role: users.role,
      isManager: sql<boolean>`exists (select 1 from ${chatManager} where ${chatManager.bjUserKey} = ${bjKey} and ${chatManager.userKey} = ${userKey})`,
    })
    .from(users)
    .where(and(eq(users.userKey, sql.placeholder('user')), eq(users.state, 'active')))
    .prepare('byeol_chat_user');

  return { room, standing, user };
}

const statementsOf = perDatabase(prepare);

/** The stored allow-list of a frozen chat, keeping only known roles. */
export const freezeAllowOf = (list: readonly string[] | null | undefined): FreezeAllowRole[] =>
  FREEZE_ALLOW_ROLES.filter((r) => (list ?? []).includes(r));

/** bigint[] comes back from PostgreSQL as strings; user keys fit a JS number. */
const keys = (list: ReadonlyArray<string | number> | null | undefined): number[] => (list ?? []).map(Number);

/** Whether a user key is the room's BJ or the main account owning the BJ account (SPEC §4 is_bj). */
/** Whether the BJ shows the room's gift ranking to everyone (SPEC §3 chat settings, sponsor_list_public_yn). */
export async function sponsorListPublic(db: Db, bjUserKey: number): Promise<'Y' | 'N'> {
  const [setting] = await db.select().from(chatSetting).where(eq(chatSetting.bjUserKey, bjUserKey));
  return settingsOf(setting ?? null).sponsor_list_public_yn;
}

/** Whether the member is one of the BJ's chat managers. */
export async function isChatManager(db: Db, bjUserKey: number, userKey: number): Promise<boolean> {
  const [row] = await db
    .select({ userKey: chatManager.userKey })
    .from(chatManager)
    .where(and(eq(chatManager.bjUserKey, bjUserKey), eq(chatManager.userKey, userKey)));
  return row !== undefined;
}

/** Whether a BJ blocked this member from their rooms (chat_room_block): no chat, gifts or missions there. */
export async function isRoomBlocked(db: Exec, bjUserKey: number, userKey: number): Promise<boolean> {
  const [row] = await db
    .select({ userKey: chatRoomBlock.userKey })
    .from(chatRoomBlock)
    .where(and(eq(chatRoomBlock.bjUserKey, bjUserKey), eq(chatRoomBlock.userKey, userKey)));
  return row !== undefined;
}

export const isRoomBj = (room: Pick<RoomContext, 'bjUserKey' | 'bjOwnerUserKey'>, userKey: number) =>
  userKey !== 0 && (userKey === room.bjUserKey || userKey === room.bjOwnerUserKey);

/** How old a BJ's VIP list may be at a join (a popular room sees thousands of joins a minute). */
const VIP_TTL_MS = 30_000;

/** The ChatStore of the engine over PostgreSQL. */
export function createChatStore(db: Db): ChatStore {
  const vips = new TtlCache<number, Map<number, number>>(VIP_TTL_MS);
  const vipRanks = (bjUserKey: number): Promise<Map<number, number>> => vips.get(bjUserKey, () => vipRanksOf(db, bjUserKey));
  return {
    async loadRoom(vk) {
      if (typeof vk !== 'string' || vk.length === 0 || vk.length > 100) return null;
      const [row] = await statementsOf(db).room.execute({ vk });
      if (!row) return null;
      return {
        vk: row.vk,
        bjUserKey: row.bjUserKey,
        bjOwnerUserKey: row.bjOwnerUserKey ?? 0,
        title: row.title,
        tags: row.tags,
        state: row.state,
        frozen: row.frozen ?? false,
        frozenAllow: freezeAllowOf(row.frozenAllow),
        hideUsers: keys(row.hideUsers),
        settings: row.settingBj === null ? settingsOf(null) : settingsOf(row as SettingValues),
        countHidden: row.countHidden === true,
        notice: (row.notice as ChatRoomNotice | null) ?? null,
        pin: (row.pin as ChatPinnedMessage | null) ?? null,
        guests: keptGuestsOf(row.guests, row.videoBlocked),
      };
    },

    async loadStanding(room, userKey) {
      if (!Number.isSafeInteger(userKey) || userKey <= 0) return { ...EMPTY_STANDING, blocks: [] };
      const [[row], ranks] = await Promise.all([
        statementsOf(db).standing.execute({ bj: room.bjUserKey, vk: room.vk, user: userKey }),
        vipRanks(room.bjUserKey),
      ]);
      if (!row) return { ...EMPTY_STANDING, blocks: [] };
      const vipRank = ranks.get(userKey);
      return {
        isManager: row.isManager,
        roomBlocked: row.roomBlocked,
        forcedOut: row.forcedOut,
        frozen: row.frozen,
        blocks: keys(row.blocks),
        // Only when set: a standing without gifts or follow stays the plain standing.
        ...(row.isFan || row.fanNo !== null ? { isFan: true } : {}),
        ...(row.fanNo !== null ? { fanNo: row.fanNo } : {}),
        ...(row.follower ? { follower: true } : {}),
        ...(vipRank ? { vipRank } : {}),
        ...(row.supporter ? { supporter: true } : {}),
      };
    },

    async lookupUser(room, userKey) {
      if (!Number.isSafeInteger(userKey) || userKey <= 0) return null;
      const [row] = await statementsOf(db).user.execute({ bj: room.bjUserKey, user: userKey });
      if (!row) return null;
      return chatUserInfo(room, row);
    },

    vipRanks,

    forgetVips(bjUserKey) {
      vips.delete(bjUserKey);
    },

    async keepGuest(vk, userKey, kept) {
      const key = String(userKey);
      if ('closedAt' in kept) {
        await db
          .update(chatRoomBoard)
          .set({ guests: sql`${chatRoomBoard.guests} - ${key}::text`, updatedAt: sql`now()` })
          .where(
            and(
              eq(chatRoomBoard.vodKey, vk),
              sql`coalesce((${chatRoomBoard.guests} -> ${key}::text -> 'e' ->> 'at')::bigint <= ${kept.closedAt}, false)`,
            ),
          );
        return;
      }
      const one = { [key]: kept };
      await db
        .insert(chatRoomBoard)
        .values({ vodKey: vk, guests: one })
        .onConflictDoUpdate({
          target: chatRoomBoard.vodKey,
          set: { guests: sql`${chatRoomBoard.guests} || excluded.guests`, updatedAt: sql`now()` },
        });
    },

    async keepVideoBlock(vk, on) {
      await db
        .insert(chatRoomBoard)
        .values({ vodKey: vk, videoBlocked: on })
        .onConflictDoUpdate({ target: chatRoomBoard.vodKey, set: { videoBlocked: on, updatedAt: sql`now()` } });
    },
  };
}

/** The kept guests of a room row (chat_room_board.guests, video_blocked; both absent without a row). */
function keptGuestsOf(guests: unknown, videoBlocked: boolean | null): KeptGuests {
  const entries: KeptGuests['entries'] = [];
  if (typeof guests === 'object' && guests !== null)
    for (const kept of Object.values(guests as Record<string, { e?: VideoGuestEntry; n?: unknown }>)) {
      if (kept?.e && typeof kept.e === 'object' && Number.isSafeInteger(kept.e.user?.user_key))
        entries.push({ e: kept.e, n: typeof kept.n === 'string' ? kept.n : '' });
    }
  return { entries, videoBlocked: videoBlocked === true };
}

/** A member as the chat shows them in `room`. */
export function chatUserInfo(
  room: Pick<RoomContext, 'bjUserKey' | 'bjOwnerUserKey'>,
  row: { userKey: number; id: string; nick: string; role: string; isManager: boolean },
): ChatUserInfo {
  return {
    user_key: row.userKey,
    id: row.id,
    nick: row.nick,
    is_bj: isRoomBj(room, row.userKey) ? 1 : 0,
    is_manager: row.isManager ? 1 : 0,
    is_operator: row.role === 'operator' || row.role === 'gm' ? 1 : 0,
    is_guest: 0,
  };
}

// ---- a member's own block list (the channels domain's /mypage/blocking uses the same rows) -------------

/** Adds (on) or removes a member from `userKey`'s own block list; answers whether the row changed. */
export async function setSelfBlock(db: Db, userKey: number, blockedUserKey: number, on: boolean): Promise<boolean> {
  if (on) {
    const rows = await db
      .insert(chatUserBlock)
      .values({ userKey, blockedUserKey })
      .onConflictDoNothing()
      .returning({ k: chatUserBlock.userKey });
    return rows.length > 0;
  }
  const rows = await db
    .delete(chatUserBlock)
    .where(and(eq(chatUserBlock.userKey, userKey), eq(chatUserBlock.blockedUserKey, blockedUserKey)))
    .returning({ k: chatUserBlock.userKey });
  return rows.length > 0;
}

/** Whether `userKey` has `otherUserKey` on their own block list. */
export async function hasSelfBlocked(db: Db, userKey: number, otherUserKey: number): Promise<boolean> {
  const [row] = await db
    .select({ k: chatUserBlock.userKey })
    .from(chatUserBlock)
    .where(and(eq(chatUserBlock.userKey, userKey), eq(chatUserBlock.blockedUserKey, otherUserKey)));
  return row !== undefined;
}

/** A page of `userKey`'s own block list, newest first, and its size. */
/** Everyone a member blocked (search hides their documents; the list is at most CHANNEL_LIMITS.blockMax long). */
export async function blockedKeysOf(db: Db, userKey: number): Promise<number[]> {
  const rows = await db.select({ k: chatUserBlock.blockedUserKey }).from(chatUserBlock).where(eq(chatUserBlock.userKey, userKey));
  return rows.map((r) => r.k);
}

/** Which of these BJs keep their sponsor (fan) lists private (SPEC §4), in one query. */
export async function sponsorListsPrivate(db: Db, bjUserKeys: number[]): Promise<Set<number>> {
  if (bjUserKeys.length === 0) return new Set();
  const rows = await db
    .select({ k: chatSetting.bjUserKey })
    .from(chatSetting)
    .where(and(inArray(chatSetting.bjUserKey, bjUserKeys), eq(chatSetting.sponsorListPublicYn, false)));
  return new Set(rows.map((r) => r.k));
}

export async function selfBlocks(
  db: Db,
  userKey: number,
  offset: number,
  limit: number,
): Promise<{ rows: Array<{ blockedUserKey: number; createdAt: Date }>; total: number }> {
  const where = eq(chatUserBlock.userKey, userKey);
  const [rows, [total]] = await Promise.all([
    db
      .select({ blockedUserKey: chatUserBlock.blockedUserKey, createdAt: chatUserBlock.createdAt })
      .from(chatUserBlock)
      .where(where)
      .orderBy(desc(chatUserBlock.createdAt), desc(chatUserBlock.blockedUserKey))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(chatUserBlock).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The BJ's banned words (chat settings), which channel comments mask too. */
export async function bannedWordsOf(db: Db, bjUserKey: number): Promise<string[]> {
  const [row] = await db.select({ words: chatSetting.bannedWords }).from(chatSetting).where(eq(chatSetting.bjUserKey, bjUserKey));
  return row?.words ?? [...DEFAULT_CHAT_SETTINGS.banned_words];
}
