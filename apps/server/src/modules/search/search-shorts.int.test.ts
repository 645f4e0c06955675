import { randomBytes, randomInt } from 'node:crypto';
import { chosungOf, type SearchHit, type SearchShortHit, searchEndpoints } from '@byeol/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, buildAccount, buildBroadcast } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { users } from '../users/index.js';

/**
 * Clips and shorts in search (docs/search.md "Shorts", migration 0031): the `clip` row's trigger keeps its
 * document, so a clip is searchable once ready and gone once deleted. Rows are written straight into `clip`
 * (the clips module's own suite cuts real video); titles and nicks are random Hangul so other suites' rows
 * never match.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ roles: ['api'] });
});
afterAll(async () => t?.close());

const hangul = (n: number) => Array.from({ length: n }, () => String.fromCodePoint(0xac00 + randomInt(11_172))).join('');
const cho = (text: string) => [...text].map((c) => chosungOf(c)).join('');
const as = (who: Account | null) => (who ? { cookie: who.cookie } : {});
const search = async (keyword: string, kind = 'all', who: Account | null = null, paging: Record<string, string> = {}) => {
  const res = await t.call(searchEndpoints.more, { kind, keyword, ...paging }, as(who));
  expect(res.body.rslt_cd, JSON.stringify(res.body)).toBe(0);
  return res.body.rslt_set;
};
const shorts = (list: SearchHit[]) => list.filter((h): h is SearchShortHit => h.kind === 'short');
const bjNamed = (nick: string) => buildAccount(t, { typeCd: 'bj', role: 'bj', nick });

interface ClipRow {
  clip_sn: number;
  clip_key: string;
}
/** A clip row as the clips module writes it (processing unless told), by its channel's BJ. */
async function insertClip(
  bj: Account,
  over: { title: string; state?: string; kind?: string; durationSec?: number; viewCnt?: number; vodKey?: string },
): Promise<ClipRow> {
  const [row] = await sql<ClipRow>(
    t,
    `insert into clip (clip_key, kind, title, state, bj_user_key, by_user_key, duration_sec, view_cnt, vod_key)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8) returning clip_sn::float8 as clip_sn, clip_key`,
    [
      randomBytes(9).toString('base64url'),
      over.kind ?? 'short',
      over.title,
      over.state ?? 'processing',
      bj.userKey,
      over.durationSec ?? 10,
      over.viewCnt ?? 0,
      over.vodKey ?? '',
    ],
  );
  return row as ClipRow;
}
const setClip = (clip: ClipRow, set: string) => sql(t, `update clip set ${set} where clip_sn = $1`, [clip.clip_sn]);

describe('shorts in search', () => {
  it('finds a clip once ready by a two-syllable word of its title and its 초성, in kind short and on /search', async () => {
    const nick = hangul(4);
    const bj = await bjNamed(nick);
    const word = hangul(2);
    const clip = await insertClip(bj, { title: `${word} 직캠`, durationSec: 12.5 });

    // Processing: not searchable yet.
    expect((await search(word, 'short')).data_totalcount).toBe(0);
    await setClip(clip, `state = 'ready', ready_at = now()`);

    const found = await search(word, 'short');
    expect(found).toMatchObject({ kind: 'short', data_totalcount: 1, kind_totals: { short: 1 }, capped_kinds: [] });
    expect(found.data_list).toEqual([
      {
        kind: 'short',
        clip_sn: clip.clip_sn,
        vod_key: clip.clip_key,
        title: `${word} 직캠`,
        thumbnail: `/media/clips/${clip.clip_key}/thumb.jpg`,
        duration_sec: 12.5,
        bj: { user_key: bj.userKey, id: bj.id, nick, profile_image: expect.any(String) },
      },
    ]);
    // The BJ's nick (random Hangul: no other suite's clip matches it).
    expect(
      shorts((await search(nick.slice(1, 3), 'short')).data_list).map((h) => h.clip_sn),
      nick,
    ).toEqual([clip.clip_sn]);
    // Its 초성: two consonants can be another suite's title too (the clips suite's '세로 숏폼' is ㅅㄹ ㅅㅍ),
    // so the clip must be among the hits and every other hit must really hold those consonants.
    const initials = cho(word);
    const byInitials = shorts((await search(initials, 'short', null, { limit: '100' })).data_list);
    expect(
      byInitials.map((h) => h.clip_sn),
      initials,
    ).toContain(clip.clip_sn);
    for (const hit of byInitials) {
      expect(`${cho(hit.title)} ${cho(hit.bj.nick)}`, `${initials} found ${hit.title}`).toContain(initials);
    }
    for (const term of ['직캠', 'ㅈㅋ']) {
      const list = shorts((await search(term, 'short', null, { limit: '100' })).data_list);
      expect(
        list.map((h) => h.clip_sn),
        term,
      ).toContain(clip.clip_sn);
    }

    // /search: the short with its total, after the other kinds.
    const all = await search(word);
    expect(all.kind_totals).toMatchObject({ short: 1, bj: 0, live: 0, replay: 0 });
    expect(all.data_totalcount).toBe(1);
    expect(shorts(all.data_list).map((h) => h.vod_key)).toEqual([clip.clip_key]);

    // Deleted: gone at once, from the kind and from /search's totals.
    await setClip(clip, 'deleted_at = now()');
    expect((await search(word, 'short')).data_totalcount).toBe(0);
    expect((await search(word)).kind_totals).toMatchObject({ short: 0 });
  });

  it('never finds a failed clip, finds one written ready, and orders by views with the exact BJ first', async () => {
    const stem = hangul(2);
    const bj = await bjNamed(hangul(4));
    const failed = await insertClip(bj, { title: `${stem} 실패`, kind: 'clip' });
    await setClip(failed, `state = 'failed', fail_reason = 'cut'`);
    await insertClip(bj, { title: `${stem} 실패 둘`, state: 'failed' });
    expect((await search(stem, 'short')).data_totalcount).toBe(0);

    const few = await insertClip(bj, { title: `${stem} 하나`, state: 'ready', viewCnt: 3 });
    const many = await insertClip(bj, { title: `${stem} 둘`, state: 'ready', viewCnt: 30, kind: 'clip' });
    const keys = async () => shorts((await search(stem, 'short')).data_list).map((h) => h.clip_sn);
    expect(await keys()).toEqual([many.clip_sn, few.clip_sn]);
    // Views move it (the counter-only path of the trigger).
    await setClip(few, 'view_cnt = 100');
    expect(await keys()).toEqual([few.clip_sn, many.clip_sn]);

    // A BJ named exactly the term: their clip comes first whatever its views.
    const exact = await bjNamed(stem);
    const theirs = await insertClip(exact, { title: '오늘 무대', state: 'ready', viewCnt: 0 });
    expect(await keys()).toEqual([theirs.clip_sn, few.clip_sn, many.clip_sn]);

    // A failed clip never comes back with a later update of its counters or title.
    await setClip(failed, `view_cnt = 5, title = '${stem} 다시'`);
    expect(await keys()).not.toContain(failed.clip_sn);
  });

  it('follows a renamed BJ, hides a withdrawn BJ’s clips, an adult broadcast’s clips from the unverified, and refills', async () => {
    const before = hangul(3);
    const after = hangul(3);
    const bj = await bjNamed(before);
    const title = hangul(3);
    const clip = await insertClip(bj, { title, state: 'ready' });
    await t.database.db.update(users).set({ nick: after }).where(eq(users.userKey, bj.userKey));
    expect((await search(before, 'short')).data_totalcount).toBe(0);
    expect(shorts((await search(after, 'short')).data_list).map((h) => [h.clip_sn, h.bj.nick])).toEqual([[clip.clip_sn, after]]);

    // A clip of an adult broadcast is adult, as the broadcast is.
    const room = await buildBroadcast(t.database.db, bj.userKey, { title: '성인 방송', adultYn: true });
    const adult = await insertClip(bj, { title: `${title} 성인`, state: 'ready', kind: 'clip', vodKey: room.vodKey });
    expect(shorts((await search(title, 'short')).data_list).map((h) => h.clip_sn)).toEqual([clip.clip_sn]);
    const verified = await buildAccount(t, {
      adultVerifiedAt: new Date(),
      settings: { adult_broadcast: true, viewer_count: true, translation: false },
    });
    expect(shorts((await search(title, 'short', verified)).data_list).map((h) => h.clip_sn)).toContain(adult.clip_sn);

    // search_fill('clips') (the migration's backfill, an operator's rebuild) makes a lost document again.
    await sql(t, `delete from search_doc where ref_kind = 'clip' and ref_sn = $1`, [clip.clip_sn]);
    expect((await search(title, 'short')).data_totalcount).toBe(0);
    await sql(t, `select search_fill('clips', null)`);
    expect(shorts((await search(title, 'short')).data_list).map((h) => h.clip_sn)).toEqual([clip.clip_sn]);

    await t.database.db.update(users).set({ state: 'closed', closedAt: new Date() }).where(eq(users.userKey, bj.userKey));
    expect((await search(title, 'short', verified)).data_totalcount).toBe(0);
  });
});
