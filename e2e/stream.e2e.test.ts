import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, digits, joinByApi } from './support/members.js';
import { publish, stopPublisher } from './support/publisher.js';

const baseUrl = inject('baseUrl');
let page: Page;
let faults: string[] = [];

freshPagePerTest(baseUrl, (fresh) => {
  ({ page, faults } = fresh);
  page.setDefaultTimeout(15_000);
  // The copy buttons write to the clipboard; the test reads it back.
  void fresh.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
});

const publishers: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(publishers.map(stopPublisher));
  await closeDatabase();
});

/** A member signed in in the browser (page.request shares its cookies). */
function joinSignedIn() {
  return joinByApi(page.request, { id: `st${Date.now().toString(36).slice(-5)}${digits(4)}`, nick: `방송${digits(6)}` });
}

/**
 * A BJ account signed in in the browser: a member joined through the API, made a BJ account (type_cd bj)
 * in the database as an operator's completed application would, without needing an operator here.
 */
async function bjSignedIn() {
  const member = await joinSignedIn();
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [member.id]);
  const [row] = await sql<{ user_key: string }>('select user_key from users where lower(id) = lower($1)', [member.id]);
  return { ...member, userKey: Number(row?.user_key) };
}

const dbKey = async (userKey: number) =>
  (await sql<{ stream_key: string }>('select stream_key from stream_key where user_key = $1', [userKey]))[0]?.stream_key;

async function guideRtmpUrl(): Promise<string> {
  const res = await page.request.get('/v1/pubapi/stream_guide_info', { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: { rtmp_url: string } }).rslt_set.rtmp_url;
}

describe('/mypage/stream', () => {
  it('reveals and copies the key, regenerates it after a confirm, and saves settings that survive a reload', async () => {
    const bj = await bjSignedIn();
    await page.goto('/mypage/stream');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1').first().textContent()).toBe('방송하기');
    expect(await page.getByText('방송 중이 아닙니다').isVisible()).toBe(true);

    // The RTMP URL, and the key hidden until revealed.
    const rtmpUrl = await guideRtmpUrl();
    expect(rtmpUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    expect(await page.getByLabel('서버 주소 (RTMP URL)').inputValue()).toBe(rtmpUrl);
    const key = (await dbKey(bj.userKey)) as string;
    expect(key).toMatch(/^[\w-]{32}$/);
    const keyField = page.getByLabel('스트림 키', { exact: true });
    expect(await keyField.inputValue()).toBe(`${key.slice(0, 4)}${'•'.repeat(28)}`);
    expect(await page.content()).not.toContain(key);

    await page.getByRole('button', { name: '스트림 키 보기' }).click();
    await expect.poll(() => keyField.inputValue()).toBe(key);
    await page.getByRole('button', { name: '스트림 키 숨기기' }).click();
    await expect.poll(() => keyField.inputValue()).toBe(`${key.slice(0, 4)}${'•'.repeat(28)}`);

    // Copying works while the key is hidden, and leaves it hidden.
    await page.getByRole('button', { name: '스트림 키 복사' }).click();
    await expect.poll(() => page.getByText('스트림 키를 복사했습니다.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await keyField.inputValue()).not.toBe(key);
    await page.getByRole('button', { name: '서버 주소 복사' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(rtmpUrl);

    // The OBS overlay URLs are built on the BJ's ID (they follow the BJ from broadcast to broadcast).
    const overlay = `${baseUrl}/play/${encodeURIComponent(bj.id)}/effects`;
    expect(await page.getByLabel('효과 오버레이 주소').inputValue()).toBe(overlay);
    expect(await page.getByLabel('효과 + 채팅 오버레이 주소').inputValue()).toBe(`${overlay}/full`);

    // Regenerating asks first (cancel keeps the key), then replaces it; the old key is gone at once.
    await page.getByRole('button', { name: '스트림 키 보기' }).click();
    await expect.poll(() => keyField.inputValue()).toBe(key);
    await page.getByRole('button', { name: '스트림 키 재발급' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('지금 쓰는 키는 즉시 사용할 수 없게 되고');
    await confirm.getByRole('button', { name: '취소' }).click();
    expect(await dbKey(bj.userKey)).toBe(key);
    await page.getByRole('button', { name: '스트림 키 재발급' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    await expect.poll(() => page.getByText('새 스트림 키가 발급되었습니다.', { exact: false }).isVisible()).toBe(true);
    const fresh = (await dbKey(bj.userKey)) as string;
    expect(fresh).not.toBe(key);
    await expect.poll(() => keyField.inputValue()).toBe(fresh);
    expect(await sql('select 1 from stream_key where stream_key = $1', [key])).toEqual([]);

    // Settings: a field's own message first, then a save that survives a reload.
    const title = page.getByLabel('방송 제목');
    await title.fill('   ');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect.poll(() => page.locator('[data-field-errors="stream-title"]').textContent()).toBe('방송 제목을 입력해 주세요.');
    await title.fill('오늘은 커버 댄스');
    await page.getByLabel('태그').fill('K-POP, 댄스, 커버');
    await page.getByLabel('일반 화질').check();
    await page.getByLabel('다시보기 녹화').uncheck();
    await page.getByLabel('로그인한 시청자만 시청').check();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect.poll(() => page.getByText('방송 설정이 저장되었습니다.').isVisible()).toBe(true);
    expect(await page.locator('[data-field-errors]').count()).toBe(0);

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('방송 제목').inputValue()).toBe('오늘은 커버 댄스');
    expect(await page.getByLabel('태그').inputValue()).toBe('K-POP, 댄스, 커버');
    expect(await page.getByLabel('고화질 (원본)').isChecked()).toBe(true);
    expect(await page.getByLabel('일반 화질').isChecked()).toBe(true);
    expect(await page.getByLabel('저화질').isChecked()).toBe(false);
    expect(await page.getByLabel('다시보기 녹화').isChecked()).toBe(false);
    expect(await page.getByLabel('로그인한 시청자만 시청').isChecked()).toBe(true);

    // Adult broadcast needs adult verification: the server's message, nothing saved.
    await page.getByLabel('성인 방송').check();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-field-errors="stream-adult_yn"]').textContent())
      .toBe('성인 방송은 성인 인증을 마친 계정만 설정할 수 있습니다.');
    expect(await page.getByRole('link', { name: '성인 인증하기' }).getAttribute('href')).toBe('/user/adult-verify');
    const [saved] = await sql<{ adult_yn: boolean; title: string }>('select adult_yn, title from stream_setting where user_key = $1', [
      bj.userKey,
    ]);
    expect(saved).toEqual({ adult_yn: false, title: '오늘은 커버 댄스' });
    expect(faults).toEqual([]);
  });

  it('picks the broadcast’s MC by searching BJs as you type; the live room links to the MC’s channel', async () => {
    const bj = await bjSignedIn();
    const vodKey = `mc${digits(8)}`;
    await sql(`insert into broadcast (vod_key, bj_user_key, title, state) values ($1, $2, 'MC 테스트 방송', 'live')`, [vodKey, bj.userKey]);
    await page.goto('/mypage/stream');
    await page.waitForLoadState('networkidle');
    const picker = page.locator('[data-mc-picker]');
    expect(await picker.getByText('지정된 MC가 없습니다.').isVisible()).toBe(true);
    await picker.getByRole('button', { name: 'MC 지정' }).click();
    await picker.getByLabel('MC 검색').fill('하늘');
    const row = picker.locator('[data-mc-results] li', { hasText: '@demo_haneul' });
    await row.waitFor();
    await row.getByRole('button', { name: '선택' }).click();
    expect(await picker.locator('[data-mc-current]').getAttribute('data-mc-current')).toBe('demo_haneul');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText('방송 설정이 저장되었습니다.').waitFor();

    // Saved: it survives a reload, and the live broadcast names it at once.
    await page.reload();
    await page.locator('[data-mc-current="demo_haneul"]').waitFor();
    await page.goto(`/play/${vodKey}`);
    const mc = page.locator('[data-mc-link="demo_haneul"]');
    await mc.waitFor();
    expect(await mc.textContent()).toContain('하늘별');
    await mc.click();
    await page.waitForURL('**/channel/bj/demo_haneul');

    // Removed: the room no longer names it.
    await page.goto('/mypage/stream');
    await page.locator('[data-mc-picker]').getByRole('button', { name: '지정 해제' }).click();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText('방송 설정이 저장되었습니다.').waitFor();
    const [saved] = await sql<{ mc_user_key: string | null }>('select mc_user_key from broadcast where vod_key = $1', [vodKey]);
    expect(saved?.mc_user_key).toBeNull();
    await sql('delete from broadcast where vod_key = $1', [vodKey]);
    expect(faults).toEqual([]);
  });

  it('explains to a viewer account that only BJ accounts broadcast, with the way to apply', async () => {
    await joinSignedIn();
    await page.goto('/mypage/stream');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('[data-stream-bj-only]').textContent()).toContain('방송은 BJ 계정에서만 할 수 있습니다.');
    expect(await page.getByRole('link', { name: 'BJ 신청하기' }).getAttribute('href')).toBe('/mypage/signup/bj');
    expect(await page.getByLabel('스트림 키', { exact: true }).count()).toBe(0);
    expect(faults).toEqual([]);
  });

  it('opens the sign-in panel for an anonymous visitor', async () => {
    const res = await page.goto('/mypage/stream');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('dialog', { name: '로그인' }).isVisible()).toBe(true);
  });
});

describe('the live dashboard on /mypage/stream', { timeout: 120_000 }, () => {
  it('shows the viewers and the ingest’s bitrate while live, at 390 px; the BJ’s own room offers no gift buttons', async () => {
    await bjSignedIn();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mypage/stream');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('방송 중이 아닙니다').isVisible()).toBe(true);

    // OBS (ffmpeg) publishes with the page open: the dashboard appears without a reload.
    const info = await page.request.get('/v1/mypage/stream_info?reveal=Y', { headers: API_HEADERS });
    const { rtmp_url, stream_key } = ((await info.json()) as { rslt_set: { rtmp_url: string; stream_key: string } }).rslt_set;
    const publisher = publish(`${rtmp_url}/${stream_key}`);
    publishers.push(publisher);
    const dashboard = page.locator('[data-live-dashboard]');
    await dashboard.waitFor({ timeout: 30_000 });
    const vodKey = (await dashboard.getAttribute('data-live-dashboard')) as string;
    expect(await page.locator('[data-live]').getAttribute('data-live')).toBe('Y');

    // A signed-out viewer watches (the play page's heartbeat, cookie-less), 1.2 s behind the live edge.
    const beat = await fetch(`${baseUrl}/v1/pubapi/play_heartbeat`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ vod_key: vodKey, viewer_id: `e2e-viewer-${digits(6)}`, latency_ms: '1200' }),
    });
    expect(((await beat.json()) as { rslt_cd: number }).rslt_cd).toBe(0);

    // Refreshed every few seconds: the viewer, then the measured bitrate, frame rate and keyframe interval.
    await expect.poll(() => dashboard.locator('[data-stat="viewers"]').getAttribute('data-value'), { timeout: 15_000 }).toBe('1');
    expect(await dashboard.locator('[data-stat="viewers"] dt').textContent()).toBe('시청자');
    // The viewer's latency (issue 25): p50 / p90 of the viewers reporting.
    const latency = dashboard.locator('[data-stat="latency"]');
    await expect.poll(() => latency.getAttribute('data-value'), { timeout: 15_000 }).toBe('1200');
    expect(await latency.locator('dd').allTextContents()).toEqual(['1.2초 / 1.2초', '최근 1분 · 1명 보고']);
    const bitrate = dashboard.locator('[data-health="bitrate"] dd');
    await expect.poll(() => bitrate.textContent(), { timeout: 20_000 }).toMatch(/^[1-9][\d,]* kbps/);
    expect(await dashboard.locator('[data-health="fps"] dd').textContent()).toMatch(/^\d+(\.\d)? fps/);
    await expect.poll(() => dashboard.locator('[data-health="keyframe"] dd').textContent(), { timeout: 10_000 }).toBe('1초');
    expect(await dashboard.locator('[data-stat="star"]').getAttribute('data-value')).toBe('0');
    // The room's chat with its moderation tools is on the dashboard too.
    await dashboard.locator('[data-dashboard-chat] [data-chat]').waitFor();
    // Phone first: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The BJ's own room: no STAR gift or item button for the BJ…
    await page.goto(`/play/${vodKey}`);
    await page.locator('[data-chat]').waitFor();
    expect(await page.locator('[data-broadcast-state]').getAttribute('data-broadcast-state')).toBe('live');
    expect(await page.locator('[data-gift-button]').count()).toBe(0);
    expect(await page.locator('[data-items-button]').count()).toBe(0);
    // …while anyone else is offered them.
    await page.context().clearCookies();
    await page.reload();
    await page.locator('[data-gift-button]').waitFor();
    expect(await page.locator('[data-items-button]').count()).toBe(1);

    await stopPublisher(publisher);
    await expect
      .poll(async () => (await sql<{ state: string }>('select state from broadcast where vod_key = $1', [vodKey]))[0]?.state, {
        timeout: 15_000,
      })
      .toBe('ended');
    expect(faults).toEqual([]);
  });
});

describe('/guide/*', () => {
  it('shows the real RTMP URL and the keyframe advice on /guide/obs, in Korean and in English', async () => {
    const rtmpUrl = await guideRtmpUrl();
    const res = await page.goto('/guide/obs');
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1').textContent()).toBe('OBS로 방송하기');
    expect(await page.getByLabel('서버 주소').inputValue()).toBe(rtmpUrl);
    expect(await page.locator('[data-recommended="keyframe"]').textContent()).toContain('1초');
    expect(await page.getByText('OBS의 기본값(0 = 자동)은 보통 2초마다').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'PC 방송' }).click();
    await page.waitForURL('**/guide/pc');
    await expect.poll(() => page.locator('[data-guide-intro]').textContent()).toContain('PC 방송은 Windows 프로그램으로만 지원합니다.');
    await page.getByRole('link', { name: '모바일 방송' }).click();
    await page.waitForURL('**/guide/mobile');
    await expect.poll(() => page.locator('h1').textContent()).toBe('모바일로 방송하기');
    expect(await page.getByLabel('서버 주소').inputValue()).toBe(rtmpUrl);

    await page.context().addCookies([{ name: 'xlang', value: 'en', url: baseUrl }]);
    await page.goto('/guide/obs');
    expect(await page.locator('h1').textContent()).toBe('Broadcasting with OBS');
    expect(await page.getByLabel('Server', { exact: true }).inputValue()).toBe(rtmpUrl);
    expect(faults).toEqual([]);
  });
});
