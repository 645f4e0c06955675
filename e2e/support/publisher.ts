import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * ffmpeg publishing a test picture and tone to `rtmpUrl` in real time, as OBS would (x264, AAC, 1 s
 * keyframes). `firstSegmentAfterS` holds the second keyframe back that long: the packager can only close
 * its first segment then, so a room is live and listed well before it has anything to play.
 */
export function publish(rtmpUrl: string, o: { firstSegmentAfterS?: number } = {}): ChildProcess {
  const keyframes = o.firstSegmentAfterS
    ? ['-x264-params', 'keyint=600:scenecut=0', '-force_key_frames', `expr:eq(n,0)+gte(t,${o.firstSegmentAfterS - 1}+n_forced)`]
    : ['-g', '30'];
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', ...keyframes, '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', rtmpUrl],
    ],
    { stdio: 'ignore' },
  );
}

/** Stops a publisher as OBS's Stop Streaming does, and waits until it is gone (killed after 5 s). */
export async function stopPublisher(publisher: ChildProcess | undefined): Promise<void> {
  if (!publisher || publisher.exitCode !== null || publisher.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => publisher.once('exit', () => resolve()));
  publisher.kill('SIGINT');
  const killer = setTimeout(() => publisher.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

/** The vod_key of the live broadcast titled `title`, once the public live list shows it. */
export async function listedLive(page: Page, title: string): Promise<string> {
  let vodKey = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/v1/pubapi/play_live_list?order=recent&limit=50');
        const list = ((await res.json()) as { rslt_set: { data_list: { vod_key: string; title: string }[] } }).rslt_set.data_list;
        vodKey = list.find((b) => b.title === title)?.vod_key ?? '';
        return vodKey;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return vodKey;
}

/** The player's current time. */
export const currentTime = (p: Page) => p.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the video has played `by` seconds more than now. */
export async function advances(p: Page, by: number, timeout = 20_000): Promise<void> {
  const from = await currentTime(p);
  await p.waitForFunction((t) => (document.querySelector('video')?.currentTime ?? 0) > t, from + by, { timeout });
}

/** The player's state (connecting, playing, buffering, reconnecting, failed: player-recovery.ts). */
export const playerState = (p: Page) => p.locator('[data-player]').getAttribute('data-state');
