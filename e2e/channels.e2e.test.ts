import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveRoomOf, userKeyOf } from './support/live-room.js';
import { API_HEADERS, joinByApi, type Member } from './support/members.js';
import { starGranter } from './support/wallet.js';

/**
 * Channels in Chromium (issue 17), on the shared platform, seeded once: a BJ with a live room, a fan and a
 * member the BJ will block, each in a browser context of their own. The fan finds the BJ from the live card
 * on the home page, opens the channel, follows (and sees the BJ in /mypage/subscribe and in the home page's
 * "live from BJs you follow"), writes a channel comment and deletes it, and sends a message the BJ reads in
 * /mypage/message/received. The BJ blocks the other member in /mypage/blocking, whose message then answers
 * '차단되었습니다.'. A STAR gift (granted by an operator, sent through the API) puts the fan in the BJ's fan
 * club: fan number 1 in the fan tab, the 회장 of the VIPs, the badge in the channel header, /mypage/fanclub.
 * The BJ posts on the channel's feed (the form refuses an empty post first) and the fan reads it; the fan
 * bookmarks a replay from its page and finds it in /mypage/bookmark, then removes it.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

let bjPage: Page;
let fanPage: Page;
let blockedPage: Page;
let bj: Member;
let fan: Member;
let blocked: Member;
let vodKey: string;
// STAR granted by an operator (e2e/support/wallet.ts).
const granter = starGranter(baseUrl, `c${run}`);
const grantStar = granter.grant;

beforeAll(async () => {
  [bjPage, fanPage, blockedPage] = [await newPage(), await newPage(), await newPage()];
  ({ vodKey, bj } = await liveRoomOf(bjPage, `c${run}`));
  await sql(`update users set state_memo = $1 where lower(id) = lower($2)`, [`채널 상태 ${run}`, bj.id]);
  fan = await joinByApi(fanPage.request, { id: `cfan${run}`, nick: `채널팬${run}` });
  blocked = await joinByApi(blockedPage.request, { id: `cblk${run}`, nick: `차단${run}` });
});

afterAll(async () => {
  await granter.dispose();
  await endLiveRooms();
  await closeDatabase();
});

const header = (page: Page) => page.locator('[data-channel-header]');
const channelUrl = () => `/channel/bj/${bj.id}`;

describe('channels', { timeout: 120_000 }, () => {
  it('a fan finds the BJ from a live card on the home page, opens the channel and follows; the BJ shows in /mypage/subscribe', async () => {
    // The live list is rebuilt from the database every few seconds: the new room shows within them.
    const bjLink = fanPage.locator(`#live [data-channel-link="${bj.id}"]`);
    await expect
      .poll(
        async () => {
          await fanPage.goto('/');
          return bjLink.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await bjLink.textContent()).toBe(bj.nick);
    // No follows yet: no "live from BJs you follow" section.
    expect(await fanPage.locator('#followed-live').count()).toBe(0);
    await bjLink.click();
    await fanPage.waitForURL((url) => url.pathname === channelUrl());

    const head = header(fanPage);
    expect(await head.locator('[data-channel-nick]').textContent()).toBe(bj.nick);
    expect(await head.locator('[data-channel-id]').textContent()).toBe(`@${bj.id}`);
    expect(await head.locator('[data-state-memo]').textContent()).toBe(`채널 상태 ${run}`);
    expect(await head.locator('[data-follower-cnt]').getAttribute('data-follower-cnt')).toBe('0');
    expect(await head.locator('[data-fan-cnt]').getAttribute('data-fan-cnt')).toBe('0');
    // The home tab shows the live broadcast, linking to its room.
    const live = fanPage.locator('[data-channel-broadcast="live"]');
    expect(await live.getAttribute('href')).toBe(`/play/${vodKey}`);
    expect(await fanPage.title()).toContain(`${bj.nick} (@${bj.id})`);

    const follow = head.locator('[data-follow]');
    expect(await follow.textContent()).toBe('팔로우');
    await follow.click();
    await expect.poll(() => follow.getAttribute('data-follow')).toBe('on');
    expect(await follow.textContent()).toBe('팔로잉');
    expect(await head.locator('[data-follower-cnt]').getAttribute('data-follower-cnt')).toBe('1');

    // /mypage/subscribe: the BJ, live, linking to the room; the home page's section lists the room too.
    await fanPage.goto('/mypage/subscribe');
    const row = fanPage.locator(`[data-subscribe="${bj.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-live')).toBe('Y');
    expect(await row.locator('[data-live-badge]').textContent()).toBe('LIVE');
    expect(await row.locator('[data-subscribe-link]').getAttribute('href')).toBe(`/play/${vodKey}`);
    await fanPage.goto('/');
    const followed = fanPage.locator(`#followed-live [data-followed-live="${bj.id}"]`);
    await followed.waitFor();
    expect(await fanPage.locator('#followed-live-title').textContent()).toBe('팔로우한 BJ의 라이브');
    expect(await followed.getAttribute('data-vod-key')).toBe(vodKey);
  });

  it('a guest sees the channel and gets the sign-in panel on follow; a channel of no BJ is the 404 page', async () => {
    const guest = await newPage();
    const res = await guest.goto(channelUrl());
    expect(res?.status()).toBe(200);
    expect(await header(guest).locator('[data-channel-nick]').textContent()).toBe(bj.nick);
    expect(await header(guest).locator('[data-viewer-standing]').count()).toBe(0);
    await header(guest).locator('[data-follow]').click();
    const panel = guest.getByRole('dialog');
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.locator('input[type="password"]').count()).toBe(1);
    await guest.keyboard.press('Escape');
    expect(await header(guest).locator('[data-follow]').getAttribute('data-follow')).toBe('off');

    // A member who is not a BJ has no channel, nor has an ID that is no one's.
    for (const id of [fan.id, `nobody${run}`]) {
      const missing = await guest.goto(`/channel/bj/${id}`);
      expect(missing?.status()).toBe(404);
      expect(await guest.locator('h1').textContent()).toBe(`Page not found: /channel/bj/${id}`);
      expect(await guest.locator('[data-not-found] p').textContent()).toBe('채널을 찾을 수 없습니다.');
    }
  });

  it('the fan writes a channel comment (the form refuses an empty or too long one first) and deletes it', async () => {
    await fanPage.goto(`${channelUrl()}/comment`);
    const form = fanPage.locator('[data-comment-form]');
    const errors = form.locator('[data-field-errors="comment-content"]');
    await form.locator('[data-comment-submit]').click();
    await expect.poll(() => errors.textContent()).toBe('내용을 입력해 주세요.');
    await form.locator('#comment-content').fill('가'.repeat(301));
    expect(await form.locator('[data-counter]').textContent()).toBe('301 / 300');
    await form.locator('[data-comment-submit]').click();
    await expect.poll(() => errors.textContent()).toBe('댓글은 300자까지 쓸 수 있습니다.');
    expect(await fanPage.locator('[data-empty="channel-comments"]').count()).toBe(1);

    await form.locator('#comment-content').fill(`응원합니다 ${run}`);
    await form.locator('[data-comment-submit]').click();
    const comment = fanPage.locator('[data-comment]').filter({ hasText: `응원합니다 ${run}` });
    await expect.poll(() => comment.count()).toBe(1);
    expect(await comment.locator('[data-comment-nick]').textContent()).toBe(fan.nick);
    expect(await form.locator('#comment-content').inputValue()).toBe('');

    await comment.locator('[data-comment-delete]').click();
    const dialog = fanPage.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('댓글을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => comment.count()).toBe(0);
    expect(await fanPage.locator('[data-empty="channel-comments"]').count()).toBe(1);
    await fanPage.reload();
    expect(await fanPage.locator('[data-comment]').count()).toBe(0);
  });

  it('the fan sends the BJ a message from the channel; the BJ reads it in /mypage/message/received', async () => {
    await fanPage.goto(channelUrl());
    await header(fanPage).locator('[data-channel-message]').click();
    await fanPage.waitForURL((url) => url.pathname === '/mypage/message/send' && url.searchParams.get('to') === bj.id);
    const form = fanPage.locator('[data-compose-form]');
    expect(await form.locator('#message-to').inputValue()).toBe(bj.id);
    await form.locator('[data-compose-submit]').click();
    await expect.poll(() => form.locator('[data-field-errors="message-content"]').textContent()).toBe('메시지를 입력해 주세요.');
    await form.locator('#message-content').fill(`안녕하세요 ${run}`);
    await form.locator('[data-compose-submit]').click();
    const sent = fanPage.locator('[data-message]').filter({ hasText: `안녕하세요 ${run}` });
    await expect.poll(() => sent.count()).toBe(1);
    expect(await sent.locator(`[data-message-other="${bj.id}"]`).textContent()).toBe(bj.nick);
    expect(await form.locator('#message-content').inputValue()).toBe('');

    await bjPage.goto('/mypage/message/received');
    const received = bjPage.locator('[data-message]').filter({ hasText: `안녕하세요 ${run}` });
    await received.waitFor();
    expect(await received.getAttribute('data-read')).toBe('N');
    expect(await bjPage.locator('[data-unread-count]').getAttribute('data-unread-count')).toBe('1');
    expect(await bjPage.locator('[data-total-count]').getAttribute('data-total-count')).toBe('1');
    expect(await received.locator(`[data-message-other="${fan.id}"]`).textContent()).toBe(fan.nick);
    await received.locator('[data-message-open]').click();
    await expect.poll(() => received.getAttribute('data-read')).toBe('Y');
    expect(await bjPage.locator('[data-unread-count]').getAttribute('data-unread-count')).toBe('0');
    expect(await received.locator('[data-message-content]').textContent()).toBe(`안녕하세요 ${run}`);
    // Read stays read.
    await bjPage.reload();
    expect(
      await bjPage
        .locator('[data-message]')
        .filter({ hasText: `안녕하세요 ${run}` })
        .getAttribute('data-read'),
    ).toBe('Y');
    // The reply goes to the compose form with the fan filled in.
    expect(await bjPage.locator('[data-message-reply]').first().getAttribute('href')).toBe(`/mypage/message/send?to=${fan.id}`);
  });

  it('the BJ blocks a member in /mypage/blocking; that member messaging the BJ gets 차단되었습니다.', async () => {
    await bjPage.goto('/mypage/blocking');
    await bjPage.locator('#block-id').fill(blocked.id);
    await bjPage.locator('[data-block-submit]').click();
    const row = bjPage.locator(`[data-blocked="${blocked.id}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(blocked.nick);

    await blockedPage.goto(`/mypage/message/send?to=${bj.id}`);
    const form = blockedPage.locator('[data-compose-form]');
    await form.locator('#message-content').fill('차단 확인');
    await form.locator('[data-compose-submit]').click();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe('차단되었습니다.');
    expect(await blockedPage.locator('[data-message]').count()).toBe(0);
  });

  it("a STAR gift makes the fan the BJ's fan No.1 and 회장 in the fan tab, the header and /mypage/fanclub", async () => {
    await grantStar(fan.id, 500);
    const res = await fanPage.request.post('/v1/star/user_star_use_proc', {
      form: { vod_key: vodKey, star_cnt: '100' },
      headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
    });
    const body = (await res.json()) as { rslt_cd: number; rslt_msg: string; rslt_set: { first_gift: boolean } };
    expect(body.rslt_cd, body.rslt_msg).toBe(0);
    const fanKey = await userKeyOf(fan);

    // The channel's public head and its VIPs are cached for a few seconds: the fan club shows within them.
    const fanRow = fanPage.locator(`[data-fan="${fanKey}"]`);
    const standing = header(fanPage).locator('[data-viewer-standing]');
    await expect
      .poll(
        async () => {
          await fanPage.goto(`${channelUrl()}/fan`);
          const cnt = await header(fanPage).locator('[data-fan-cnt]').getAttribute('data-fan-cnt');
          return `${await fanRow.count()} ${cnt} ${await standing.locator('[data-vip-rank]').count()}`;
        },
        { timeout: 15_000 },
      )
      .toBe('1 1 1');
    expect(await fanRow.getAttribute('data-fan-row-no')).toBe('1');
    expect(await fanRow.locator('[data-fan-nick]').textContent()).toBe(fan.nick);
    expect(await standing.locator('[data-fan-no]').textContent()).toBe('팬 No.1');
    expect(await standing.locator('[data-vip-rank="1"]').textContent()).toBe('회장');

    await fanPage.locator('[data-fan-kind="vip"]').click();
    await fanPage.waitForURL((url) => url.searchParams.get('kind') === 'vip');
    const vip = fanPage.locator(`[data-channel-fans="vip"] [data-fan="${fanKey}"]`);
    await vip.waitFor();
    expect(await vip.getAttribute('data-fan-row-rank')).toBe('1');
    expect(await vip.locator('[data-vip-rank="1"]').textContent()).toBe('회장');

    await fanPage.goto('/mypage/fanclub');
    const club = fanPage.locator(`[data-fanclub="${bj.id}"]`);
    await club.waitFor();
    expect(await club.locator('[data-fan-no]').textContent()).toBe('팬 No.1');
    expect(await club.locator('[data-vip-rank]').textContent()).toBe('회장');
  });

  it('the BJ posts on the feed tab (line breaks kept) and deletes it; the fan reads it without the form', async () => {
    await bjPage.goto(channelUrl());
    await bjPage.locator('[data-channel-tab="feed"]').click();
    await bjPage.waitForURL((url) => url.pathname === `${channelUrl()}/feed`);
    const form = bjPage.locator('[data-feed-form]');
    // The tab's page renders after the URL changes (client navigation): wait for it, do not count at once.
    await bjPage.locator('[data-empty="channel-feed"]').waitFor();
    await form.locator('[data-feed-submit]').click();
    await expect.poll(() => form.locator('[data-field-errors="feed-content"]').textContent()).toBe('내용을 입력해 주세요.');
    await form.locator('#feed-content').fill('가'.repeat(2001));
    expect(await form.locator('[data-counter]').textContent()).toBe('2,001 / 2,000');
    await form.locator('[data-feed-submit]').click();
    await expect.poll(() => form.locator('[data-field-errors="feed-content"]').textContent()).toBe('게시물은 2,000자까지 쓸 수 있습니다.');
    const text = `오늘 밤 9시 방송 ${run}\n<b>꼭</b> 와 주세요`;
    await form.locator('#feed-content').fill(text);
    await form.locator('[data-feed-submit]').click();
    const post = bjPage.locator('[data-feed]').filter({ hasText: `오늘 밤 9시 방송 ${run}` });
    await expect.poll(() => post.count()).toBe(1);
    expect(await form.locator('#feed-content').inputValue()).toBe('');

    // The fan sees the post as written (text, not HTML; the line break kept), with no form and no delete.
    await fanPage.goto(`${channelUrl()}/feed`);
    const seen = fanPage.locator('[data-feed]').filter({ hasText: `오늘 밤 9시 방송 ${run}` });
    await seen.waitFor();
    expect(await seen.locator('[data-feed-content]').textContent()).toBe(text);
    expect(await seen.locator('[data-feed-content] b').count()).toBe(0);
    expect(await seen.locator('[data-feed-content]').evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await fanPage.locator('[data-feed-form]').count()).toBe(0);
    expect(await seen.locator('[data-feed-delete]').count()).toBe(0);

    await post.locator('[data-feed-delete]').click();
    const dialog = bjPage.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('게시물을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => post.count()).toBe(0);
    await fanPage.reload();
    expect(await fanPage.locator('[data-feed]').count()).toBe(0);
    expect(await fanPage.locator('[data-empty="channel-feed"]').count()).toBe(1);
  });

  it('the BJ edits the profile: each required field and a bad URL says so under itself; saved, the tab shows it', async () => {
    await bjPage.goto(`${channelUrl()}/profile`);
    expect(await fanPage.goto(`${channelUrl()}/profile`).then(() => fanPage.locator('[data-profile-edit]').count())).toBe(0);
    await bjPage.locator('[data-profile-edit]').click();
    const form = bjPage.locator('[data-profile-form]');
    await form.locator('#profile-social_url').fill('javascript:alert(1)');
    await form.locator('[data-profile-save]').click();
    const errorOf = (field: string) => form.locator(`[data-field-errors="profile-${field}"]`).textContent();
    await expect.poll(() => errorOf('activity_name_ko')).toBe('한글 활동명을 입력해 주세요.');
    expect(await errorOf('activity_name_en')).toBe('영문 활동명을 입력해 주세요.');
    expect(await errorOf('intro')).toBe('소개를 입력해 주세요.');
    expect(await errorOf('social_url')).toBe('올바른 URL이 아닙니다.');
    await form.locator('#profile-activity_name_ko').fill(`채널${run}`);
    await form.locator('#profile-activity_name_en').fill(`Channel ${run}`);
    await form.locator('#profile-intro').fill(`커버 댄스 방송 ${run}\n매일 밤`);
    await form.locator('#profile-social_url').fill('https://example.com/byeol');
    await form.locator('#profile-tags').fill('댄스, 커버');
    await form.locator('[data-profile-save]').click();
    await expect.poll(() => form.count()).toBe(0);
    const intro = bjPage.locator('[data-profile-field="intro"]');
    await expect.poll(() => intro.textContent()).toContain(`커버 댄스 방송 ${run}`);
    await fanPage.reload();
    await expect.poll(() => fanPage.locator('[data-profile-field="tags"]').textContent()).toContain('#커버');
    expect(await fanPage.locator('[data-profile-field="social_url"] a').getAttribute('href')).toBe('https://example.com/byeol');
  });

  it('the fan bookmarks a replay from its page and finds it in /mypage/bookmark, then removes it', async () => {
    const res = await fanPage.request.get('/v1/pubapi/play_vod_list?limit=1', { headers: API_HEADERS });
    const replay = ((await res.json()) as { rslt_set: { data_list: { vod_key: string; title: string }[] } }).rslt_set.data_list[0];
    expect(replay?.vod_key).toBeTruthy();
    const key = replay?.vod_key ?? '';

    await fanPage.goto('/mypage/bookmark');
    expect(await fanPage.locator('[data-empty="my-bookmark"]').count()).toBe(1);
    await fanPage.goto(`/vod/${key}`);
    const button = fanPage.locator('[data-bookmark-button]');
    expect(await button.textContent()).toBe('북마크');
    await button.click();
    await expect.poll(() => button.getAttribute('data-bookmark-button')).toBe('on');
    expect(await button.getAttribute('aria-pressed')).toBe('true');

    // My page: the replay just watched leads "최근 본 방송"; its link goes to the list.
    await fanPage.goto('/mypage');
    const recent = fanPage.locator('[data-my-fragment="recent"]');
    expect(await recent.locator('h2').textContent()).toBe('최근 본 방송');
    expect(await recent.locator('[data-vod-key]').first().getAttribute('data-vod-key')).toBe(key);
    await fanPage.locator('[data-channel-links] a[href="/mypage/bookmark"]').click();
    await fanPage.waitForURL((url) => url.pathname === '/mypage/bookmark');
    const card = fanPage.locator(`[data-bookmark="${key}"]`);
    await card.waitFor();
    expect(await card.locator('[data-bookmark-link]').getAttribute('href')).toBe(`/vod/${key}`);
    expect(await fanPage.locator('[data-total]').getAttribute('data-total')).toBe('1');
    await card.locator('[data-bookmark-remove]').click();
    await expect.poll(() => card.count()).toBe(0);
    expect(await fanPage.locator('[data-empty="my-bookmark"]').count()).toBe(1);
    await fanPage.reload();
    expect(await fanPage.locator('[data-bookmark]').count()).toBe(0);
  });

  it('a guest pressing bookmark on a replay gets the sign-in panel', async () => {
    const guest = await newPage();
    const res = await guest.request.get('/v1/pubapi/play_vod_list?limit=1', { headers: API_HEADERS });
    const key = ((await res.json()) as { rslt_set: { data_list: { vod_key: string }[] } }).rslt_set.data_list[0]?.vod_key ?? '';
    await guest.goto(`/vod/${key}`);
    await guest.locator('[data-bookmark-button]').click();
    const panel = guest.getByRole('dialog');
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.locator('input[type="password"]').count()).toBe(1);
    await guest.keyboard.press('Escape');
    expect(await guest.locator('[data-bookmark-button]').getAttribute('data-bookmark-button')).toBe('off');
  });
});
