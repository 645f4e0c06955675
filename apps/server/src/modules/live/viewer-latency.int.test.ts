import { randomBytes } from 'node:crypto';
import { type HeartbeatSet, type StreamLiveStats, streamEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBj, buildBroadcast } from '../../testing/builders.js';
import { LatencyOutbox, ViewerLatencyBoard } from './viewer-latency.js';

/**
 * The viewers' latency on the BJ's live dashboard (issue 25; docs/live-video.md, "Viewers' latency"): the
 * heartbeats' `latency_ms` through the real HTTP server, the bus and the viewer-count flush to
 * `stream_live_stats`; a value that is not a latency is dropped without troubling the viewer.
 */
let t: TestApp;
const run = randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const beat = (vodKey: string, viewerId: string, latency?: string) =>
  t.post<HeartbeatSet>('/v1/pubapi/play_heartbeat', {
    vod_key: vodKey,
    viewer_id: viewerId,
    ...(latency !== undefined ? { latency_ms: latency } : {}),
  });

/** Asks the dashboard every 250 ms until `done` holds (the api process publishes the latencies every 5 s). */
async function statsUntil(cookie: string, vodKey: string, done: (s: StreamLiveStats) => boolean): Promise<StreamLiveStats> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await t.call(streamEndpoints.liveStats, { vod_key: vodKey }, { cookie });
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    if (done(res.body.rslt_set)) return res.body.rslt_set;
    if (Date.now() > deadline) throw new Error(`dashboard never showed it: ${JSON.stringify(res.body.rslt_set.viewer_latency)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('viewer latency on the live dashboard', () => {
  it('shows the heartbeats’ latencies as p50 / p90 with the viewers reporting; bad values are ignored, never refused', async () => {
    const bj = await buildBj(t);
    const { vodKey } = await buildBroadcast(t.database.db, bj.userKey, { vodKey: `vl${run}a`, title: '지연 테스트' });

    // Nothing reported yet: no figure.
    const before = await t.call(streamEndpoints.liveStats, { vod_key: vodKey }, { cookie: bj.cookie });
    expect(before.body.rslt_set.viewer_latency).toBeNull();

    // Five viewers report; ten more send what is not a latency (text, a fraction, negative, too large, empty).
    for (const [i, ms] of ['600', '900', '1200', '2500', '8000'].entries()) {
      const res = await beat(vodKey, `viewer-${run}-${i}`, ms);
      expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    }
    for (const [i, bad] of ['abc', '1.5', '-1', '120001', '1e309', '', 'NaN', ' ', 'null', '9'.repeat(40)].entries()) {
      const res = await beat(vodKey, `bad-${run}-${i}`, bad);
      expect(res.body.rslt_cd, `${bad}: ${res.body.rslt_msg}`).toBe(0);
    }

    const shown = await statsUntil(bj.cookie, vodKey, (s) => s.viewer_latency !== null);
    expect(shown.viewer_cnt).toBe(15);
    // Nearest rank of five: the 3rd for the median, the 5th for the 90th percentile.
    expect(shown.viewer_latency).toEqual({ reporting: 5, p50_ms: 1200, p90_ms: 8000 });

    // A viewer's newer report replaces theirs; one who leaves no longer counts.
    expect((await beat(vodKey, `viewer-${run}-4`, '700')).body.rslt_cd).toBe(0);
    const left = await t.post('/v1/pubapi/play_leave', { vod_key: vodKey, viewer_id: `viewer-${run}-0` });
    expect(left.body.rslt_cd).toBe(0);
    const after = await statsUntil(bj.cookie, vodKey, (s) => s.viewer_latency?.reporting === 4);
    expect(after.viewer_latency).toEqual({ reporting: 4, p50_ms: 900, p90_ms: 2500 });
  }, 40_000);

  it('merges what several api processes heard: each viewer once, their latest report', async () => {
    // Two processes' outboxes and a third process's board, on the one bus (Redis when there are several).
    const a = new LatencyOutbox();
    const b = new LatencyOutbox();
    const board = new ViewerLatencyBoard(t.bus);
    await board.start();
    try {
      const vodKey = `vl${run}b`;
      a.note(vodKey, 'g:one', 3_000);
      a.note(vodKey, 'g:two', 1_000);
      b.note(vodKey, 'u:7', 2_000);
      await a.flush(t.bus);
      await b.flush(t.bus);
      await expect.poll(() => board.latency(vodKey)).toEqual({ reporting: 3, p50_ms: 2_000, p90_ms: 3_000 });
      // The viewer's next heartbeat reached the other process; then one leaves through it.
      b.note(vodKey, 'g:one', 500);
      b.left(vodKey, 'g:two');
      await b.flush(t.bus);
      await expect.poll(() => board.latency(vodKey)).toEqual({ reporting: 2, p50_ms: 500, p90_ms: 2_000 });
      // Nothing new for a minute: gone.
      expect(board.latency(vodKey, Date.now() + 61_000)).toBeNull();
      // The broadcast ended: gone at once.
      await t.bus.publish('live', { type: 'ended', vod_key: vodKey, bj_user_key: 1 });
      await expect.poll(() => board.latency(vodKey)).toBeNull();
    } finally {
      await board.stop();
    }
  });
});
