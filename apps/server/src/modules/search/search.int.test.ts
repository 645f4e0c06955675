import { randomInt } from 'node:crypto';
import {
  channelsEndpoints,
  chosungOf,
  chosungTokens,
  ResultCode,
  SEARCH_LIMITS,
  type SearchBjHit,
  type SearchHit,
  type SearchLiveHit,
  type SearchReplayHit,
  searchEndpoints,
  searchNorm,
  searchTokens,
} from '@byeol/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, buildAccount, buildBroadcast, buildViewer } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { broadcast } from '../live/index.js';
import { users } from '../users/index.js';

/**
 * Issue 18: Korean-aware search over real HTTP and PostgreSQL. Every test makes its own BJs with nicks of
 * random Hangul syllables, so other suites' rows in the shared database never match its terms.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ roles: ['api'] });
});
afterAll(async () => t?.close());

/** n random Hangul syllables (any of the 11,172). */
const hangul = (n: number) => Array.from({ length: n }, () => String.fromCodePoint(0xac00 + randomInt(11_172))).join('');
const latin = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]).join('');
const as = (who: Account | null) => (who ? { cookie: who.cookie } : {});
const search = (keyword: string, kind = 'all', who: Account | null = null, paging: Record<string, string> = {}) =>
  t.call(searchEndpoints.more, { kind, keyword, ...paging }, as(who));
const bjNamed = (nick: string, over: Partial<typeof users.$inferInsert> = {}) =>
  buildAccount(t, { typeCd: 'bj', role: 'bj', nick, ...over });
type HitOf = { bj: SearchBjHit; live: SearchLiveHit; replay: SearchReplayHit };
const ofKind = <K extends keyof HitOf>(list: SearchHit[], kind: K) => list.filter((h) => h.kind === kind) as HitOf[K][];

describe('the tokenizer', () => {
  it('computes the same words, bigrams and 초성 bigrams in TypeScript and in SQL on 10,000 random strings', async () => {
    const pools = [
      () => String.fromCodePoint(0xac00 + randomInt(11_172)), // Hangul syllables
      () => String.fromCodePoint(0x3131 + randomInt(51)), // compatibility jamo
      () => 'ABCXYZabcxyz0189'[randomInt(16)] as string, // Latin, both cases, digits
      () => String.fromCodePoint(0x4e00 + randomInt(20_000)), // Han
      () => ['😀', '🎤', '💜', '👩‍🎤', '🇰🇷'][randomInt(5)] as string, // emoji, ZWJ sequences, flags
      () =>
        [' ', '  ', '\t', '\u00a0', '\u3000', '.', ',', '!', '#', '_', '-', '@', '~', '(', ']', '\\', "'", '"'][randomInt(18)] as string,
      () => 'ÀÉÖßİΣσçñ'[randomInt(9)] as string, // letters whose case folding differs between engines: kept as they are
      () => String.fromCodePoint(0xff01 + randomInt(94)), // full-width forms
    ];
    const texts = Array.from({ length: 10_000 }, () =>
      Array.from({ length: 1 + randomInt(24) }, () => (pools[randomInt(pools.length)] as () => string)()).join(''),
    );
    const rows = await sql<{ norm: string; tokens: string[]; cho: string[] }>(
      t,
      `select search_norm(x) as norm, search_tokens(x) as tokens, search_chosung_tokens(x) as cho
       from unnest($1::text[]) with ordinality as u(x, n) order by n`,
      [texts],
    );
    expect(rows).toHaveLength(texts.length);
    let same = 0;
    texts.forEach((text, i) => {
      const row = rows[i];
      const ok =
        row !== undefined &&
        row.norm === searchNorm(text) &&
        JSON.stringify(row.tokens) === JSON.stringify(searchTokens(text)) &&
        JSON.stringify(row.cho) === JSON.stringify(chosungTokens(text));
      if (!ok)
        expect({ text, sql: row }).toEqual({ text, sql: { norm: searchNorm(text), tokens: searchTokens(text), cho: chosungTokens(text) } });
      same += 1;
    });
    expect(same).toBe(10_000);
    expect(searchTokens('정국 BTS')).toEqual(['^b', '^정', 'bt', 'ts', '정국']);
    expect(chosungOf('정국a')).toBe('ㅈㄱa');
  });
});

describe('search_more', () => {
  it('finds a BJ, their live and their replays by a two-syllable word of the nick, by 초성, by ID in any case and by an English title', async () => {
    const nick = hangul(4);
    const id = `Srch${latin(8)}`;
    const bj = await bjNamed(nick, { id });
    const word = latin(7);
    const live = await buildBroadcast(t.database.db, bj.userKey, { title: `오늘의 ${word.toUpperCase()} 노래`, tags: ['케이팝'] });
    const replay = await buildBroadcast(t.database.db, bj.userKey, {
      state: 'ended',
      replayYn: true,
      title: '지난 방송',
      peakViewerCnt: 50,
    });
    await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: false, title: '저장 안 된 방송' });

    const two = (await search(nick.slice(1, 3))).body;
    expect(two.rslt_cd).toBe(0);
    const bjHit = ofKind(two.rslt_set.data_list, 'bj').find((h) => h.user_key === bj.userKey);
    expect(bjHit).toMatchObject({ id, nick, live_vod_key: live.vodKey });
    expect(ofKind(two.rslt_set.data_list, 'live').map((h) => h.vod_key)).toContain(live.vodKey);
    expect(ofKind(two.rslt_set.data_list, 'replay').map((h) => h.vod_key)).toEqual([replay.vodKey]);
    expect(two.rslt_set.kind_totals).toMatchObject({ live: 1, replay: 1 });
    // Live above replays, broadcasters first: the page's order.
    const kinds = two.rslt_set.data_list.map((h) => h.kind);
    expect(kinds.indexOf('live')).toBeLessThan(kinds.indexOf('replay'));

    // Two initial consonants, as a fan types 'ㅈㄱ' for 정국.
    const twoCho = (await search([...nick.slice(1, 3)].map((c) => chosungOf(c)).join(''), 'bj')).body.rslt_set;
    expect(twoCho.data_list.map((h) => (h as SearchBjHit).user_key)).toContain(bj.userKey);
    const choRes = (await search([...nick].map((c) => chosungOf(c)).join(''), 'bj')).body;
    expect(choRes, JSON.stringify(choRes)).toMatchObject({ rslt_cd: 0 });
    const cho = choRes.rslt_set;
    expect(cho.data_list.map((h) => (h as SearchBjHit).user_key)).toContain(bj.userKey);

    for (const term of [id.toLowerCase(), id.toUpperCase(), id.slice(2, 7)]) {
      const byId = (await search(term, 'bj')).body.rslt_set;
      expect(
        byId.data_list.map((h) => (h as SearchBjHit).user_key),
        term,
      ).toContain(bj.userKey);
    }
    const english = (await search(word, 'live')).body.rslt_set;
    expect(english.data_list.map((h) => (h as SearchLiveHit).vod_key)).toEqual([live.vodKey]);
    expect(english.data_totalcount).toBe(1);
    // A tag is searchable too; a bigram pair in different words is not a match.
    expect((await search('케이팝', 'live')).body.rslt_set.data_list.map((h) => (h as SearchLiveHit).vod_key)).toContain(live.vodKey);
    expect((await search(`${nick.slice(0, 2)}${word.slice(0, 2)}`, 'live')).body.rslt_set.data_totalcount).toBe(0);
  });

  it('refuses an empty term with the SPEC message in the caller’s language, and says nothing was found', async () => {
    for (const keyword of ['', '   ', '!!!', '…'.slice(0, 0)]) {
      const res = await t.call(searchEndpoints.more, { kind: 'all', keyword }, { lang: 'ko' });
      expect(res.body.rslt_cd).toBe(ResultCode.SEARCH_KEYWORD_REQUIRED);
      expect(res.body.rslt_msg).toBe('검색어를 입력해 주세요.');
    }
    const en = await t.call(searchEndpoints.more, { kind: 'bj', keyword: '?' }, { lang: 'en' });
    expect(en.body.rslt_msg).toBe('Please enter a search term.');
    const long = await t.call(searchEndpoints.more, { kind: 'bj', keyword: '가'.repeat(51) }, { lang: 'ko' });
    expect(long.body.rslt_cd).toBe(ResultCode.SEARCH_KEYWORD_LENGTH);
    const none = await search(hangul(5), 'all');
    expect(none.body.rslt_set).toMatchObject({ data_list: [], data_totalcount: 0 });
  });

  it('puts an exact nick or ID first, then the more popular, and pages with the total', async () => {
    const stem = hangul(2);
    const famous = await bjNamed(`${stem}${hangul(2)}`);
    await t.database.db.execute(`insert into channel_stat (bj_user_key, follower_cnt) values (${famous.userKey}, 900)`);
    const exact = await bjNamed(stem);
    const middle = await bjNamed(`${hangul(1)}${stem}${hangul(1)}`);
    await t.database.db.execute(`insert into channel_stat (bj_user_key, follower_cnt) values (${middle.userKey}, 20)`);
    const first = (await search(stem, 'bj', null, { limit: '2' })).body.rslt_set;
    expect(first.data_totalcount).toBe(3);
    expect(first.data_list.map((h) => (h as SearchBjHit).user_key)).toEqual([exact.userKey, famous.userKey]);
    expect((first.data_list[1] as SearchBjHit).follower_cnt).toBe(900);
    const second = (await search(stem, 'bj', null, { limit: '2', offset: '2' })).body.rslt_set;
    expect(second.data_list.map((h) => (h as SearchBjHit).user_key)).toEqual([middle.userKey]);
    const past = (await search(stem, 'bj', null, { limit: '2', offset: '10' })).body.rslt_set;
    expect(past).toMatchObject({ data_list: [], data_totalcount: 3 });

    // Replays by peak viewers and likes.
    const low = await buildBroadcast(t.database.db, famous.userKey, {
      state: 'ended',
      replayYn: true,
      title: `${stem} 하나`,
      peakViewerCnt: 10,
    });
    const high = await buildBroadcast(t.database.db, middle.userKey, {
      state: 'ended',
      replayYn: true,
      title: `${stem} 둘`,
      peakViewerCnt: 5,
      likeCnt: 30,
    });
    const replays = (await search(stem, 'replay')).body.rslt_set.data_list as SearchReplayHit[];
    expect(replays.map((h) => h.vod_key)).toEqual([high.vodKey, low.vodKey]);
  });

  it('never answers adult broadcasts to unverified viewers, frozen broadcasts, withdrawn BJs or a BJ the viewer blocked', async () => {
    const stem = hangul(3);
    const bj = await bjNamed(`${stem}님`);
    const adult = await buildBroadcast(t.database.db, bj.userKey, { title: `${stem} 성인`, adultYn: true });
    const kept = await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: true, title: `${stem} 다시보기` });
    const frozen = await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: true, title: `${stem} 정지` });
    await t.database.db.update(broadcast).set({ state: 'frozen' }).where(eq(broadcast.broadcastSn, frozen.broadcastSn));

    const viewer = await buildViewer(t);
    const adultViewer = await buildAccount(t, {
      adultVerifiedAt: new Date(),
      settings: { adult_broadcast: true, viewer_count: true, translation: false },
    });
    // Adult-verified but with adult broadcasts left off (/mypage/setting's default).
    const verifiedOff = await buildAccount(t, { adultVerifiedAt: new Date() });
    const liveKeys = async (who: Account | null) =>
      ((await search(stem, 'live', who)).body.rslt_set.data_list as SearchLiveHit[]).map((h) => h.vod_key);
    expect(await liveKeys(null)).toEqual([]);
    expect(await liveKeys(viewer)).toEqual([]);
    expect(await liveKeys(verifiedOff)).toEqual([]);
    expect(await liveKeys(adultViewer)).toEqual([adult.vodKey]);
    const replays = ((await search(stem, 'replay')).body.rslt_set.data_list as SearchReplayHit[]).map((h) => h.vod_key);
    expect(replays).toEqual([kept.vodKey]);
    // The BJ is found by everyone, but their adult live is named only to the verified.
    const bjLive = async (who: Account | null) =>
      ((await search(stem, 'bj', who)).body.rslt_set.data_list as SearchBjHit[]).find((h) => h.user_key === bj.userKey)?.live_vod_key;
    expect(await bjLive(viewer)).toBe('');
    expect(await bjLive(adultViewer)).toBe(adult.vodKey);

    // A block hides the BJ and everything of theirs from the blocker only.
    expect((await t.call(channelsEndpoints.blockingProc, { id: bj.id, block_yn: 'Y' }, as(viewer))).body.rslt_cd).toBe(0);
    expect((await search(stem, 'all', viewer)).body.rslt_set.data_totalcount).toBe(0);
    expect((await search(stem, 'bj')).body.rslt_set.data_totalcount).toBe(1);

    // Withdrawal hides the BJ and their replays at once (the index follows the account in its transaction).
    await t.database.db.update(users).set({ state: 'closed', closedAt: new Date() }).where(eq(users.userKey, bj.userKey));
    expect((await search(stem, 'all', adultViewer)).body.rslt_set.data_totalcount).toBe(0);
  });

  it('follows a renamed BJ, an ended broadcast and a changed title at once', async () => {
    const before = hangul(3);
    const after = hangul(3);
    const bj = await bjNamed(before);
    const b = await buildBroadcast(t.database.db, bj.userKey, { title: '첫 방송' });
    await t.database.db.update(users).set({ nick: after }).where(eq(users.userKey, bj.userKey));
    expect((await search(before, 'all')).body.rslt_set.data_totalcount).toBe(0);
    const now = (await search(after, 'live')).body.rslt_set.data_list as SearchLiveHit[];
    expect(now.map((h) => [h.vod_key, h.bj.nick])).toEqual([[b.vodKey, after]]);

    const title = hangul(3);
    await t.database.db
      .update(broadcast)
      .set({ state: 'ended', replayYn: true, title, endedAt: new Date() })
      .where(eq(broadcast.broadcastSn, b.broadcastSn));
    expect((await search(title, 'live')).body.rslt_set.data_totalcount).toBe(0);
    expect(((await search(title, 'replay')).body.rslt_set.data_list as SearchReplayHit[]).map((h) => h.vod_key)).toEqual([b.vodKey]);
    const head = (await search(after, 'bj')).body.rslt_set.data_list as SearchBjHit[];
    expect(head.map((h) => h.live_vod_key)).toEqual(['']);
  });

  it('search_mc_more answers broadcasters of every kind with sn and user_key', async () => {
    const stem = hangul(3);
    const general = await bjNamed(`${stem}엠씨`);
    const program = await bjNamed(`${stem}프로`, { bjTypeCd: 'program' });
    const viewer = await buildAccount(t, { nick: `${stem}시청` });
    const res = await t.call(searchEndpoints.mc, { keyword: stem });
    expect(res.body.rslt_cd).toBe(0);
    const keys = res.body.rslt_set.data_list.map((m) => m.user_key).sort((a, b) => a - b);
    expect(keys).toEqual([general.userKey, program.userKey].sort((a, b) => a - b));
    expect(keys).not.toContain(viewer.userKey);
    expect(res.body.rslt_set.data_list.every((m) => m.sn > 0)).toBe(true);
    expect((await search(stem, 'program')).body.rslt_set.data_list.map((h) => (h as SearchBjHit).user_key)).toEqual([program.userKey]);
    expect((await search(stem, 'bj')).body.rslt_set.data_list.map((h) => (h as SearchBjHit).user_key)).toEqual([general.userKey]);
  });
});

describe('a frequent term', () => {
  it('counts up to SEARCH_LIMITS.countMax and says so past it, the exact BJ’s broadcasts first and pages in popularity order', async () => {
    const word = hangul(2);
    const star = await bjNamed(`${word}`);
    const other = await bjNamed(hangul(4));
    // 1,010 replays of another BJ with the word in the title (one statement; the trigger indexes each row).
    await sql(
      t,
      `insert into broadcast (vod_key, bj_user_key, title, state, replay_yn, peak_viewer_cnt)
       select 'fq' || $3 || g, $1, $2 || ' 노래 ' || g, 'ended', true, g from generate_series(1, 1010) g`,
      [other.userKey, word, latin(6)],
    );
    const mine = await buildBroadcast(t.database.db, star.userKey, { state: 'ended', replayYn: true, title: '별 방송', peakViewerCnt: 1 });
    await t.database.db.execute('analyze search_doc');
    const first = (await search(word, 'replay', null, { limit: '5' })).body.rslt_set;
    expect(first.data_totalcount).toBe(SEARCH_LIMITS.countMax);
    expect(first.capped_kinds).toEqual(['replay']);
    // The BJ named exactly so comes first, however unpopular; then the most watched.
    expect((first.data_list as SearchReplayHit[]).map((h) => [h.vod_key, h.peak_viewer_cnt])).toEqual([
      [mine.vodKey, 1],
      ...[1010, 1009, 1008, 1007].map((n) => [expect.any(String), n]),
    ]);
    const next = (await search(word, 'replay', null, { limit: '5', offset: '5' })).body.rslt_set.data_list as SearchReplayHit[];
    expect(next.map((h) => h.peak_viewer_cnt)).toEqual([1006, 1005, 1004, 1003, 1002]);
    const all = (await search(word)).body.rslt_set;
    expect(all.kind_totals).toMatchObject({ bj: 1, replay: SEARCH_LIMITS.countMax });
    expect(all.capped_kinds).toEqual(['replay']);
  });
});
