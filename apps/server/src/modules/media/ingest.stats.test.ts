import { type LiveIngestHealth, liveWarnings } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { IngestMeter } from './ingest.stats.js';

/**
 * Feeds a meter a stream as node-media-server would hand it over: `fps` video frames a second (a keyframe
 * every `gop` frames, `frameBytes` each) arriving in real time, with the publisher's byte counter sampled
 * every 2 s. `skip(n)` leaves frames out (their timestamps too), `stall(ms)` delays the arrivals.
 */
function stream(o: { fps?: number; gop?: number; frameBytes?: number; start?: number } = {}) {
  const fps = o.fps ?? 30;
  const gop = o.gop ?? 30;
  const frameBytes = o.frameBytes ?? 12_500;
  const start = o.start ?? 1_000_000;
  const meter = new IngestMeter(start);
  let n = 0;
  let delay = 0;
  let inBytes = 0;
  let last = start;
  const dtsOf = (i: number) => Math.round((i * 1000) / fps);
  const api = {
    meter,
    /** Sends `seconds` of frames, sampling every 2 s of media time; answers the measures at the end. */
    run(seconds: number, bytes = frameBytes) {
      let out = meter.sample(last, inBytes);
      const until = n + Math.round(seconds * fps);
      while (n < until) {
        const dts = dtsOf(n);
        const now = start + dts + delay;
        inBytes += bytes + 20;
        meter.packet({ codec_type: 9, flags: n % gop === 0 ? 3 : 4, dts, size: bytes }, now);
        n++;
        last = now;
        // Every 2 s of stream time, as the session's timer samples.
        if (Math.floor(dtsOf(n) / 2000) !== Math.floor(dtsOf(n - 1) / 2000)) out = meter.sample(start + dtsOf(n) + delay, inBytes);
      }
      // The counters as they are now; the rates as of the last 2 s step.
      const now = meter.sample(last, inBytes);
      return { ...out, frames: now.frames, dropped_frames: now.dropped_frames, late_frames: now.late_frames };
    },
    skip(frames: number) {
      n += frames;
    },
    stall(ms: number) {
      delay += ms;
    },
  };
  return api;
}

const health = (m: ReturnType<IngestMeter['sample']>, ageSec = 0): LiveIngestHealth => {
  const { at: _at, ...rest } = m;
  return { ...rest, data_age_sec: ageSec };
};

describe('IngestMeter', () => {
  it('measures bitrate, fps and the keyframe interval of a steady stream', () => {
    const s = stream({ fps: 30, gop: 30, frameBytes: 12_500 });
    const m = s.run(10);
    // 30 frames × 12,520 bytes a second ≈ 3,005 kbit/s in total, 3,000 of video.
    expect(m.bitrate_kbps).toBeGreaterThan(2_950);
    expect(m.bitrate_kbps).toBeLessThan(3_060);
    expect(m.video_kbps).toBeGreaterThan(2_950);
    expect(m.fps).toBeGreaterThan(29);
    expect(m.fps).toBeLessThan(31);
    expect(m.keyframe_interval_sec).toBe(1);
    expect(m.dropped_frames).toBe(0);
    expect(m.late_frames).toBe(0);
    expect(m.frames).toBe(300);
  });

  it('measures a publisher that reconnected from the byte count it had, not from zero', () => {
    // node-media-server carries inBytes over to a publisher resuming within its grace window.
    const meter = new IngestMeter(0, 50_000_000);
    expect(meter.sample(2_000, 50_000_000 + 250_000).bitrate_kbps).toBe(1_000);
  });

  it('reads the keyframe interval the encoder uses (OBS auto: about 2 s, or longer)', () => {
    expect(stream({ gop: 75 }).run(12).keyframe_interval_sec).toBe(2.5);
    expect(stream({ gop: 60, fps: 60 }).run(5).keyframe_interval_sec).toBe(1);
    // Before the second keyframe, the time since the first is what is known.
    expect(stream({ gop: 300 }).run(4).keyframe_interval_sec).toBeGreaterThan(3.5);
  });

  it('counts frames missing from the timestamps as dropped, and frames behind the pace as late', () => {
    const s = stream();
    s.run(5);
    s.skip(15);
    s.run(2);
    s.skip(3);
    const after = s.run(2);
    expect(after.dropped_frames).toBe(18);
    expect(after.late_frames).toBe(0);
    s.stall(1_500);
    const late = s.run(1);
    // The whole second after the stall arrives 1.5 s behind the pace it kept before.
    expect(late.late_frames).toBe(30);
    expect(late.dropped_frames).toBe(18);
  });

  it('knows the minute’s median bitrate after 20 s, and the warnings follow it', () => {
    const s = stream({ frameBytes: 10_000 });
    expect(s.run(10).bitrate_median_kbps).toBe(0);
    const steady = s.run(20);
    expect(steady.bitrate_median_kbps).toBeGreaterThan(2_350);
    expect(liveWarnings(health(steady), 60)).toEqual([]);

    const spike = s.run(4, 25_000);
    expect(spike.bitrate_kbps).toBeGreaterThan(spike.bitrate_median_kbps * 1.5);
    expect(liveWarnings(health(spike), 60)).toEqual(['bitrate_spike']);

    const drop = stream({ frameBytes: 10_000 });
    drop.run(30);
    expect(liveWarnings(health(drop.run(4, 3_000)), 60)).toEqual(['bitrate_drop']);
  });

  it('warns of a long keyframe interval and of missing data', () => {
    const m = stream({ gop: 90 }).run(8);
    expect(liveWarnings(health(m), 60)).toEqual(['keyframe_interval']);
    expect(liveWarnings(health(stream().run(8), 6), 60)).toEqual(['no_data']);
    expect(liveWarnings(null, 2)).toEqual([]);
    expect(liveWarnings(null, 10)).toEqual(['no_data']);
  });

  it('reads the packager’s -progress blocks', () => {
    const meter = new IngestMeter(0);
    expect(meter.sample(1, 0).packager).toBeNull();
    for (const line of ['frame=300', 'fps=30.0', 'drop_frames=2', 'dup_frames=1', 'speed=1.01x', 'progress=continue'])
      meter.progressLine(line);
    expect(meter.sample(2, 0).packager).toEqual({ speed: 1.01, drop_frames: 2, dup_frames: 1 });
    for (const line of ['speed=N/A', 'progress=continue']) meter.progressLine(line);
    expect(meter.sample(3, 0).packager).toEqual({ speed: 0, drop_frames: 0, dup_frames: 0 });
  });
});
