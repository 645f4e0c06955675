import { LIVE_BUS_CHANNEL, type LiveBusMessage, type SettingReq, type SettingSet } from '@byeol/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { accountChanged, requireUser } from './users.session.js';
import { type UserSettings, users } from './users.tables.js';

/** The switches of a new account (the column default of users.settings). */
export const DEFAULT_SETTINGS: UserSettings = { adult_broadcast: false, viewer_count: true, translation: false };

/**
 * Whether an account's lists carry adult broadcasts (docs/accounts-profile.md, "What the switches do"): only
 * when it turned adult_broadcast on, which only an adult-verified account can, and is still verified.
 * Signed out (null): never.
 */
export function seesAdultBroadcasts(account: { settings: Partial<UserSettings> | null; adultVerifiedAt: Date | null } | null): boolean {
  return account !== null && account.adultVerifiedAt !== null && account.settings?.adult_broadcast === true;
}

/** Whether a BJ keeps their viewer count private (their viewer_count switch off; on by default). */
export const hidesViewerCount = (settings: Partial<UserSettings> | null | undefined): boolean => settings?.viewer_count === false;

/**
 * The same test in SQL for a query's `users` row (`u` when aliased): true when that account keeps its viewer
 * count private.
 */
export const hidesViewerCountSql = (alias = 'users') => sql.raw(`coalesce((${alias}.settings ->> 'viewer_count') = 'false', false)`);

const yn = (value: boolean): 'Y' | 'N' => (value ? 'Y' : 'N');

function toSettingSet(settings: Partial<UserSettings> | null, adultVerifiedAt: Date | null): SettingSet {
  const s = { ...DEFAULT_SETTINGS, ...(settings ?? {}) };
  return {
    adult_broadcast_yn: yn(s.adult_broadcast === true),
    viewer_count_yn: yn(s.viewer_count !== false),
    translation_yn: yn(s.translation === true),
    adult_verified_yn: yn(adultVerifiedAt !== null),
  };
}

async function readSettings(db: Db, userKey: number): Promise<SettingSet> {
  const [row] = await db
    .select({ settings: users.settings, adultVerifiedAt: users.adultVerifiedAt })
    .from(users)
    .where(eq(users.userKey, userKey));
  if (!row) throw new AppError('LOGIN_REQUIRED');
  return toSettingSet(row.settings, row.adultVerifiedAt);
}

/** GET /mypage/setting_info: the caller's switches of /mypage/setting. */
export async function settingInfo(db: Db, request: FastifyRequest): Promise<SettingSet> {
  const me = await requireUser(request);
  return readSettings(db, me.userKey);
}

/**
 * POST /mypage/setting_proc: changes only the switches sent. Adult broadcast can be turned on only by
 * an adult-verified account (SPEC §5); the check is part of the update, so nothing changes otherwise.
 */
export async function updateSettings(db: Db, request: FastifyRequest, input: SettingReq, bus?: Bus): Promise<SettingSet> {
  const me = await requireUser(request);
  const patch: Partial<UserSettings> = {};
  if (input.adult_broadcast_yn !== undefined) patch.adult_broadcast = input.adult_broadcast_yn === 'Y';
  if (input.viewer_count_yn !== undefined) patch.viewer_count = input.viewer_count_yn === 'Y';
  if (input.translation_yn !== undefined) patch.translation = input.translation_yn === 'Y';
  if (Object.keys(patch).length > 0) {
    const needsAdult = patch.adult_broadcast === true;
    const [updated] = await db
      .update(users)
      .set({ settings: sql`${JSON.stringify(DEFAULT_SETTINGS)}::jsonb || ${users.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(needsAdult ? sql`${users.userKey} = ${me.userKey} and ${users.adultVerifiedAt} is not null` : eq(users.userKey, me.userKey))
      .returning({ k: users.userKey });
    if (!updated) throw new AppError('ADULT_SETTING_NEEDS_VERIFY', { field: 'adult_broadcast_yn' });
    // The lists read the switches from the session's row (seesAdultBroadcasts): the next request sees them.
    await accountChanged(db, me.userKey);
    // A BJ's viewer count switch shows on their live broadcast at once: the live snapshot of every process
    // rebuilds (it reads the switch with the BJ) and the channel head is forgotten, as for the ingest's news.
    if (patch.viewer_count !== undefined && bus && (await request.currentAccount())?.typeCd === 'bj') {
      const message: LiveBusMessage = { type: 'updated', vod_key: '', bj_user_key: me.userKey };
      await bus.publish(LIVE_BUS_CHANNEL, message).catch((err: unknown) => request.log.warn({ err }, 'bus publish failed'));
    }
  }
  return readSettings(db, me.userKey);
}
