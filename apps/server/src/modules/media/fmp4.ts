/**
 * Just enough of ISO BMFF (fragmented MP4) to cut ffmpeg's live output into LL-HLS parts: top-level boxes
 * out of a byte stream, the tracks of the `moov` (id, kind, timescale, trex defaults), and per `moof` each
 * track's decode time, duration and whether its first sample is a sync sample. Nothing here decodes media.
 */

export interface Box {
  type: string;
  /** The whole box, header included. */
  bytes: Buffer;
}

/** Splits a byte stream into top-level boxes as they complete (32- and 64-bit sizes; size 0 is not used by a live muxer). */
export class BoxReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** Feeds bytes; answers the boxes completed by them, in order. Throws on a malformed header. */
  push(chunk: Buffer): Box[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const boxes: Box[] = [];
    let buf = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending, this.pendingBytes);
    let offset = 0;
    for (;;) {
      if (buf.length - offset < 8) break;
      let size = buf.readUInt32BE(offset);
      let header = 8;
      if (size === 1) {
        if (buf.length - offset < 16) break;
        size = Number(buf.readBigUInt64BE(offset + 8));
        header = 16;
      }
      if (size < header) throw new Error(`bad box size ${size}`);
      if (buf.length - offset < size) break;
      boxes.push({ type: buf.toString('latin1', offset + 4, offset + 8), bytes: buf.subarray(offset, offset + size) });
      offset += size;
    }
    buf = buf.subarray(offset);
    this.pending = buf.length ? [buf] : [];
    this.pendingBytes = buf.length;
    return boxes;
  }
}

/** Children of a container box's payload (`start` skips a full box's version/flags or other fields). */
function* children(buf: Buffer, start = 8): Generator<{ type: string; body: Buffer }> {
  let offset = start;
  while (buf.length - offset >= 8) {
    let size = buf.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = buf.length - offset;
    if (size < header || offset + size > buf.length) return;
    yield { type: buf.toString('latin1', offset + 4, offset + 8), body: buf.subarray(offset, offset + size) };
    offset += size;
  }
}

const child = (buf: Buffer, type: string, start = 8) => {
  for (const c of children(buf, start)) if (c.type === type) return c.body;
  return undefined;
};

export interface Track {
  id: number;
  kind: 'video' | 'audio' | 'other';
  timescale: number;
  defaultDuration: number;
  defaultFlags: number;
}

/** The tracks of an init segment's `moov`. */
export function parseMoov(moov: Buffer): Map<number, Track> {
  const tracks = new Map<number, Track>();
  for (const trak of children(moov)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(trak.body, 'tkhd');
    const mdia = child(trak.body, 'mdia');
    if (!tkhd || !mdia) continue;
    const id = tkhd.readUInt32BE(tkhd[8] === 1 ? 28 : 20);
    const mdhd = child(mdia, 'mdhd');
    const hdlr = child(mdia, 'hdlr');
    const timescale = mdhd ? mdhd.readUInt32BE(mdhd[8] === 1 ? 28 : 20) : 1000;
    const handler = hdlr ? hdlr.toString('latin1', 16, 20) : '';
    tracks.set(id, {
      id,
      kind: handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other',
      timescale,
      defaultDuration: 0,
      defaultFlags: 0,
    });
  }
  const mvex = child(moov, 'mvex');
  if (mvex) {
    for (const trex of children(mvex)) {
      if (trex.type !== 'trex') continue;
      const track = tracks.get(trex.body.readUInt32BE(12));
      if (!track) continue;
      track.defaultDuration = trex.body.readUInt32BE(20);
      track.defaultFlags = trex.body.readUInt32BE(28);
    }
  }
  return tracks;
}

export interface TrackRun {
  track: number;
  /** baseMediaDecodeTime, in the track's timescale. */
  decodeTime: number;
  /** Sum of the samples' durations, in the track's timescale. */
  duration: number;
  samples: number;
  /** The first sample is a sync sample (a keyframe for video). */
  sync: boolean;
}

/** Whether sample flags mark a sync sample: sample_is_non_sync_sample clear, and not depending on others. */
const isSync = (flags: number) => ((flags >>> 16) & 1) === 0 && ((flags >>> 24) & 3) !== 1;

/** Each track fragment of a `moof`: decode time, duration, sample count, and whether it starts with a sync sample. */
export function parseMoof(moof: Buffer, tracks: ReadonlyMap<number, Track>): TrackRun[] {
  const runs: TrackRun[] = [];
  for (const traf of children(moof)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(traf.body, 'tfhd');
    if (!tfhd) continue;
    const tfFlags = tfhd.readUInt32BE(8) & 0xffffff;
    const trackId = tfhd.readUInt32BE(12);
    const track = tracks.get(trackId);
    let p = 16;
    if (tfFlags & 0x01) p += 8;
    if (tfFlags & 0x02) p += 4;
    let defaultDuration = track?.defaultDuration ?? 0;
    let defaultFlags = track?.defaultFlags ?? 0;
    if (tfFlags & 0x08) {
      defaultDuration = tfhd.readUInt32BE(p);
      p += 4;
    }
    if (tfFlags & 0x10) p += 4;
    if (tfFlags & 0x20) defaultFlags = tfhd.readUInt32BE(p);
    const tfdt = child(traf.body, 'tfdt');
    const decodeTime = tfdt ? (tfdt[8] === 1 ? Number(tfdt.readBigUInt64BE(12)) : tfdt.readUInt32BE(12)) : 0;
    let duration = 0;
    let samples = 0;
    let sync: boolean | undefined;
    for (const trun of children(traf.body)) {
      if (trun.type !== 'trun') continue;
      const b = trun.body;
      const flags = b.readUInt32BE(8) & 0xffffff;
      const count = b.readUInt32BE(12);
      let q = 16;
      if (flags & 0x01) q += 4;
      let firstFlags: number | undefined;
      if (flags & 0x04) {
        firstFlags = b.readUInt32BE(q);
        q += 4;
      }
      for (let i = 0; i < count; i++) {
        let d = defaultDuration;
        let f = i === 0 && firstFlags !== undefined ? firstFlags : defaultFlags;
        if (flags & 0x100) {
          d = b.readUInt32BE(q);
          q += 4;
        }
        if (flags & 0x200) q += 4;
        if (flags & 0x400) {
          if (!(i === 0 && firstFlags !== undefined)) f = b.readUInt32BE(q);
          q += 4;
        }
        if (flags & 0x800) q += 4;
        if (sync === undefined) sync = isSync(f);
        duration += d;
      }
      samples += count;
    }
    runs.push({ track: trackId, decodeTime, duration, samples, sync: sync ?? false });
  }
  return runs;
}
