// The wire probe of bench/live-latency.ts (mode `flv-wire`): how long after its capture each video frame's FLV tag
// is whole at an HTTP-FLV client on this machine, read from node-media-server directly and through Byeol's
// /media/flv proxy at the same time, and what the proxy adds per tag (the same tag on both connections). No
// player: this is the part of the glass-to-glass figure before mpegts.js, MSE, decoding and display.
//
// Capture times: the bytes of the first connection go to one ffmpeg (one thread, ~10 % of a core) that decodes
// every frame and writes the top strip of each in grey; its burnt-in clock is read as the page does, and the
// n-th decoded frame is the n-th video tag of that connection (its FLV timestamp names the same frame on the
// other connections). When the decoder is late it does not matter: only the tags' arrival times are compared.
import { spawn } from 'node:child_process';
import http from 'node:http';

const BITS = 24;
const STRIP_W = 1280;
const STRIP_H = 104;

export interface WirePath {
  id: string;
  url: string;
}
export interface WireTag {
  /** FLV timestamp, ms. */
  dts: number;
  size: number;
  key: boolean;
  /** Wall clock (ms) when the tag's last byte was read. */
  at: number;
}
export interface WireResult {
  id: string;
  /** Capture → tag whole at the client, ms, video tags inside the window. */
  latencies: number[];
  /** Socket reads per second inside the window (how the bytes come: per tag, or coalesced). */
  readsPerSecond: number;
  /** For the second and later paths: arrival here minus arrival on the first path, ms, per tag. */
  vsFirst: number[];
}

class FlvReader {
  private buf: Buffer = Buffer.alloc(0);
  private headerDone = false;
  tags: WireTag[] = [];
  reads: number[] = [];
  /** Raw bytes, kept only for the decoder's connection. */
  constructor(private onBytes?: (b: Buffer) => void) {}

  push(chunk: Buffer) {
    const at = Date.now();
    this.reads.push(at);
    this.onBytes?.(chunk);
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let o = 0;
    if (!this.headerDone) {
      if (this.buf.length < 13) return;
      o = this.buf.readUInt32BE(5) + 4;
      this.headerDone = true;
    }
    while (this.buf.length - o >= 11) {
      const size = this.buf.readUIntBE(o + 1, 3);
      if (this.buf.length - o < 11 + size + 4) break;
      const type = this.buf[o] as number;
      const dts = this.buf.readUIntBE(o + 4, 3) + ((this.buf[o + 7] as number) << 24);
      if (type === 9 && size > 2) {
        const b0 = this.buf[o + 11] as number;
        const avcType = this.buf[o + 12] as number;
        // AVC NALUs only (not the sequence header).
        if ((b0 & 0x0f) === 7 && avcType === 1) this.tags.push({ dts, size, key: b0 >> 4 === 1, at });
      }
      o += 11 + size + 4;
    }
    this.buf = this.buf.subarray(o);
  }
}

function decodeStrip(gray: Buffer): number | null {
  const luma = (x: number, y: number) => {
    let sum = 0;
    for (let j = -5; j < 5; j++) for (let i = -5; i < 5; i++) sum += gray[(y + j) * STRIP_W + x + i] as number;
    return sum / 100;
  };
  let value = 0;
  for (let k = 0; k < BITS; k++) {
    const x = 16 + 40 * k + 16;
    const one = luma(x, 32) > 128;
    const zero = luma(x, 72) > 128;
    if (one === zero) return null;
    if (one) value += 2 ** k;
  }
  return value;
}

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return Number.NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (i - lo);
}

/**
 * Opens every path at once, reads for warmupMs + windowMs, and returns each path's figures over the window.
 * `offset` is the epoch ms the burnt-in clock counts from.
 */
export async function measureWire(
  paths: WirePath[],
  offset: number,
  warmupMs: number,
  windowMs: number,
): Promise<{ results: WireResult[]; frames: number; unreadable: number }> {
  const decoder = spawn(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-threads', '1', '-f', 'flv', '-i', 'pipe:0'],
      ...['-map', '0:v', '-vf', `crop=${STRIP_W}:${STRIP_H}:0:0,format=gray`, '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1'],
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  decoder.stdin.on('error', () => {});
  const captures: (number | null)[] = [];
  let pending: Buffer = Buffer.alloc(0);
  decoder.stdout.on('data', (c: Buffer) => {
    pending = Buffer.concat([pending, c]);
    while (pending.length >= STRIP_W * STRIP_H) {
      const v = decodeStrip(pending.subarray(0, STRIP_W * STRIP_H));
      captures.push(v === null ? null : offset + v);
      pending = pending.subarray(STRIP_W * STRIP_H);
    }
  });

  const readers = paths.map((_, i) => new FlvReader(i === 0 ? (b) => decoder.stdin.write(b) : undefined));
  const requests = paths.map((p, i) =>
    http.get(p.url, (res) => {
      res.on('data', (c: Buffer) => readers[i]?.push(c));
      res.on('error', () => {});
    }),
  );
  for (const r of requests) r.on('error', () => {});
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, warmupMs + windowMs));
  for (const r of requests) r.destroy();
  decoder.stdin.end();
  await new Promise((r) => decoder.once('close', r));

  // The n-th decoded frame is the n-th video tag of the first connection.
  const first = readers[0] as FlvReader;
  const captureByDts = new Map<number, number>();
  first.tags.forEach((t, i) => {
    const c = captures[i];
    if (c !== null && c !== undefined) captureByDts.set(t.dts, c);
  });
  const captureOf = (dts: number) => captureByDts.get(dts) ?? null;

  const from = t0 + warmupMs;
  const firstAt = new Map(first.tags.map((t) => [`${t.dts}/${t.size}`, t.at]));
  const results = readers.map((r, i): WireResult => {
    const inWindow = r.tags.filter((t) => t.at >= from);
    const latencies: number[] = [];
    const vsFirst: number[] = [];
    for (const t of inWindow) {
      const c = captureOf(t.dts);
      if (c !== null) latencies.push(t.at - c);
      const a = firstAt.get(`${t.dts}/${t.size}`);
      if (i > 0 && a !== undefined) vsFirst.push(t.at - a);
    }
    return {
      id: paths[i]?.id ?? String(i),
      latencies: latencies.sort((a, b) => a - b),
      readsPerSecond: r.reads.filter((at) => at >= from).length / (windowMs / 1000),
      vsFirst: vsFirst.sort((a, b) => a - b),
    };
  });
  return { results, frames: captures.length, unreadable: captures.filter((c) => c === null).length };
}

export { quantile as wireQuantile };
