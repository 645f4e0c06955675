import type { IngestStats } from '@byeol/contract';

/** A packet as node-media-server hands it to its broadcast (AVPacket): what the meter reads of it. */
export interface MeteredPacket {
  /** 8 audio, 9 video, 18 script (FLV tag types). */
  codec_type: number;
  /** 0 audio header, 1 audio frame, 2 video header, 3 keyframe, 4 inter frame, 5 metadata. */
  flags: number;
  /** Decoding time stamp, ms. */
  dts: number;
  size: number;
}

const VIDEO_KEYFRAME = 3;
const VIDEO_FRAME = 4;

/** Rates are measured over this many sample steps (2 s each: about 4 s). */
const RATE_STEPS = 2;
/** The bitrate median looks back this far, and needs this much before it says anything. */
const MEDIAN_WINDOW_MS = 60_000;
const MEDIAN_MIN_MS = 20_000;
/** Frame-duration deltas kept to know the stream's frame duration (their median). */
const DELTAS_KEPT = 60;
/** A gap of more than this many frame durations means frames are missing. */
const GAP_FACTOR = 1.5;
/** A frame arriving this much later than the stream's best pace of the last minute is late. */
const LATE_MS = 1_000;
const PACE_BUCKET_MS = 30_000;

interface Sample {
  t: number;
  inBytes: number;
  videoBytes: number;
  frames: number;
}

export type IngestMeasures = Omit<IngestStats, 'vod_key' | 'bj_user_key'>;

const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** Frames between two recomputations of the nominal frame duration (a sort of up to DELTAS_KEPT numbers). */
const NOMINAL_EVERY = 30;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * The health of one publisher's stream, measured on the media role from what node-media-server receives:
 * every packet (`packet()`: frames, keyframes, timestamps, sizes) and the publisher's byte counter
 * (`sample()`, every INGEST_STATS_EVERY_MS), plus the packager's ffmpeg progress (`packagerProgress()`).
 * Pure bookkeeping on numbers (the clock is passed in), so it is tested without a stream.
 */
export class IngestMeter {
  private frames = 0;
  private videoBytes = 0;
  private lastFrameAt = 0;
  private lastDts: number | undefined;
  private readonly deltas: number[] = [];
  /** The median of `deltas` (the nominal frame duration), recomputed every NOMINAL_EVERY frames, not per frame. */
  private nominal = 0;
  private sinceNominal = 0;
  private dropped = 0;
  private late = 0;
  private lastKeyDts: number | undefined;
  private keyInterval = 0;
  private paceMin = Number.POSITIVE_INFINITY;
  private pacePrevMin = Number.POSITIVE_INFINITY;
  private paceBucketAt = 0;
  private readonly samples: Sample[] = [];
  /** Per-step total bitrates (bits/s) of the last minute, with their time. */
  private readonly steps: { t: number; bps: number }[] = [];
  private packager: IngestStats['packager'] = null;
  private readonly progress = new Map<string, string>();

  /**
   * `baseInBytes`: the publisher's byte counter when metering starts (node-media-server carries it over to a
   * publisher that reconnects within its grace window), so the first rate is not the whole earlier session's.
   */
  constructor(
    private readonly startedAt: number,
    private readonly baseInBytes = 0,
  ) {}

  /** One packet the publisher sent, as it arrives (`now`, ms). */
  packet(p: MeteredPacket, now: number): void {
    if (p.flags !== VIDEO_KEYFRAME && p.flags !== VIDEO_FRAME) return;
    this.frames++;
    this.videoBytes += p.size;
    this.lastFrameAt = now;
    if (p.flags === VIDEO_KEYFRAME) {
      if (this.lastKeyDts !== undefined && p.dts > this.lastKeyDts) this.keyInterval = (p.dts - this.lastKeyDts) / 1000;
      this.lastKeyDts = p.dts;
    }
    if (this.lastDts !== undefined) {
      const delta = p.dts - this.lastDts;
      if (delta > 0) {
        const nominal = this.nominal;
        // A gap of several frame durations: the frames in between never came.
        if (this.deltas.length >= 10 && nominal > 0 && delta > nominal * GAP_FACTOR) this.dropped += Math.round(delta / nominal) - 1;
        else {
          this.deltas.push(delta);
          if (this.deltas.length > DELTAS_KEPT) this.deltas.shift();
          if (this.deltas.length <= 10 || ++this.sinceNominal >= NOMINAL_EVERY) {
            this.nominal = median(this.deltas);
            this.sinceNominal = 0;
          }
        }
      }
    }
    if (this.lastDts === undefined || p.dts > this.lastDts) this.lastDts = p.dts;
    // How far the frame's arrival is behind its timestamp, against the best of the last 30–60 s: a frame
    // much later than that came behind the stream's pace (a stall in the encoder or the network).
    if (now - this.paceBucketAt >= PACE_BUCKET_MS) {
      this.pacePrevMin = this.paceMin;
      this.paceMin = Number.POSITIVE_INFINITY;
      this.paceBucketAt = now;
    }
    const offset = now - p.dts;
    const best = Math.min(this.paceMin, this.pacePrevMin);
    if (Number.isFinite(best) && offset - best > LATE_MS) this.late++;
    this.paceMin = Math.min(this.paceMin, offset);
  }

  /**
   * One line of the packager's `-progress` output (`key=value`); a block ends with `progress=…`, and then
   * its speed and frame counters become the packager's reading.
   */
  progressLine(line: string): void {
    const eq = line.indexOf('=');
    if (eq <= 0) return;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key !== 'progress') {
      this.progress.set(key, value);
      return;
    }
    const speed = Number.parseFloat(this.progress.get('speed') ?? '');
    this.packager = {
      speed: Number.isFinite(speed) ? round(speed, 2) : 0,
      drop_frames: Number(this.progress.get('drop_frames')) || 0,
      dup_frames: Number(this.progress.get('dup_frames')) || 0,
    };
    this.progress.clear();
  }

  /**
   * The measures now: `inBytes` is the publisher's byte counter (node-media-server's `inBytes`), `source`
   * what the encoder declared. Called every INGEST_STATS_EVERY_MS: each call is one step of the rates.
   */
  sample(now: number, inBytes: number, source: { fps?: number; width?: number; height?: number } = {}): IngestMeasures {
    this.samples.push({ t: now, inBytes, videoBytes: this.videoBytes, frames: this.frames });
    if (this.samples.length > RATE_STEPS + 1) this.samples.shift();
    const first = this.samples[0] as Sample;
    const last = this.samples[this.samples.length - 1] as Sample;
    const prev = this.samples[this.samples.length - 2];
    if (prev && last.t > prev.t) {
      this.steps.push({ t: now, bps: ((last.inBytes - prev.inBytes) * 8 * 1000) / (last.t - prev.t) });
      while ((this.steps[0]?.t ?? now) < now - MEDIAN_WINDOW_MS) this.steps.shift();
    }
    // Before a second sample the rates run from the start of the publish.
    const from = first === last ? { t: this.startedAt, inBytes: this.baseInBytes, videoBytes: 0, frames: 0 } : first;
    const seconds = Math.max(0.001, (last.t - from.t) / 1000);
    const known = this.steps.length > 0 && now - (this.steps[0]?.t ?? now) >= MEDIAN_MIN_MS - 2_000;
    const sinceKey = this.lastKeyDts !== undefined && this.lastDts !== undefined ? (this.lastDts - this.lastKeyDts) / 1000 : 0;
    return {
      at: now,
      bitrate_kbps: round(((last.inBytes - from.inBytes) * 8) / seconds / 1000),
      video_kbps: round(((last.videoBytes - from.videoBytes) * 8) / seconds / 1000),
      bitrate_median_kbps: known ? round(median(this.steps.map((s) => s.bps)) / 1000) : 0,
      fps: round((last.frames - from.frames) / seconds, 1),
      declared_fps: round(Number(source.fps) || 0, 2),
      keyframe_interval_sec: round(Math.max(this.keyInterval, sinceKey), 2),
      width: Number(source.width) || 0,
      height: Number(source.height) || 0,
      frames: this.frames,
      dropped_frames: this.dropped,
      late_frames: this.late,
      since_last_frame_ms: this.lastFrameAt ? Math.max(0, now - this.lastFrameAt) : now - this.startedAt,
      packager: this.packager,
    };
  }
}
