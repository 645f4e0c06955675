import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildBroadcast } from '../../apps/server/src/testing/builders.js';
import { database, sql } from './database.js';
import { joinByApi, type Member } from './members.js';

/** A member's user_key, read from the platform's database. */
export async function userKeyOf(member: Pick<Member, 'id'>): Promise<number> {
  const [row] = await sql<{ user_key: string }>('select user_key from users where lower(id) = lower($1)', [member.id]);
  if (!row) throw new Error(`no user ${member.id}`);
  return Number(row.user_key);
}

/**
 * A BJ (signed up and signed in on `bjPage`) with a live broadcast; answers its vod_key. The room is a
 * broadcast row (no media needed for the chat and gifts); `tag` makes the IDs unique to the caller's run.
 */
export async function liveRoomOf(bjPage: Page, tag: string): Promise<{ vodKey: string; bj: Member }> {
  const bj = await joinByApi(bjPage.request, { id: `gbj${tag}`, nick: `방장${tag}` });
  const bjKey = await userKeyOf(bj);
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where user_key = $1`, [bjKey]);
  const vodKey = `gift${tag}`;
  await liveBroadcast(bjKey, vodKey, `선물 방송 ${tag}`);
  return { vodKey, bj };
}

const opened: string[] = [];

/**
 * A live broadcast row of `bjUserKey` (no media: enough for the chat, gifts and items), ended again by
 * endLiveRooms() in the file's afterAll so the live lists of later files hold only what they expect.
 */
export async function liveBroadcast(bjUserKey: number | string, vodKey: string, title: string): Promise<void> {
  await buildBroadcast(database(), Number(bjUserKey), { vodKey, title });
  opened.push(vodKey);
}

/** Ends every broadcast this file opened with liveBroadcast (or liveRoomOf). */
export async function endLiveRooms(): Promise<void> {
  if (opened.length === 0) return;
  await sql(`update broadcast set state = 'ended', ended_at = now() where vod_key = any($1) and state = 'live'`, [opened.splice(0)]);
}

/** The chat panel of a play page. */
export const chatOf = (page: Page) => page.locator('[data-chat]');

/** Waits until the page's chat joined its room. */
export const chatJoined = (page: Page) =>
  expect.poll(() => chatOf(page).getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
