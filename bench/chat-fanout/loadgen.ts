// The load generator of bench/chat-fanout.ts, alone in its process (pinned to the other core). It holds up
// to ~19,000 client sockets on one core, so it must cost far less per delivery than the servers it drives:
//   - raw `net` sockets speaking WebSocket by hand (RFC 6455), not the `ws` client;
//   - every socket reads into one shared buffer (`onread`), so a read allocates nothing;
//   - a viewer's frames are not copied nor parsed: their payload bytes are searched for MARKER with
//     Buffer.indexOf (a marker split between two reads is caught by remembering how much of it ended the
//     last read). Only every 50th viewer (and the senders, and control frames) copies whole frames, to read
//     the send time in each message (latency) and the servers' answers. With --translate, the viewers that
//     joined with translation on copy whole frames too, to tell the originals from their captions (250).
// Commands and reports: protocol.ts. A delivery is one chat message reaching one viewer, however the server
// framed it (Byeol sends a viewer the messages it lacks as one WebSocket message, a JSON array).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { signChatToken } from '../../apps/server/src/modules/chat/chat.token.js';
import {
  type ByeolJoin,
  CAPTION_FRAME,
  FRAME_START,
  koreanMessageText,
  type LoadCommand,
  type LoadReport,
  MARKER,
  MARKER_END,
  messageText,
  type Target,
} from './protocol.js';

const SAMPLE_EVERY = 50;
const CONNECT_CONCURRENCY = 200;
const CONNECT_TIMEOUT_MS = 60_000;

const MARK = Buffer.from(MARKER, 'latin1');
const CAPTION = Buffer.from(CAPTION_FRAME, 'latin1');
const FRAME = Buffer.from(FRAME_START, 'latin1');
const TRANSLATED_LANGS = ['en', 'ja', 'zh-CN'] as const;
const MARK_LEN = MARK.length;
const MARK_END = MARKER_END.charCodeAt(0);
const SHARED = Buffer.allocUnsafe(256 * 1024);

enum Phase {
  Handshake = 0,
  Joining = 1,
  Ready = 2,
}

interface Conn {
  sock: net.Socket;
  viewer: boolean;
  sampled: boolean;
  /** --translate: a member with translation on (reads whole frames, counts captions apart). */
  translated: boolean;
  phase: Phase;
  handshake: string;
  /** A frame header split between two reads. */
  hdr: Buffer | null;
  hdrLen: number;
  /** Payload bytes of the current frame still to come. */
  need: number;
  opcode: number;
  /** The current frame's payload, when it is read whole (see frameStart). */
  parts: Buffer[] | null;
  /** How many bytes of MARKER ended the previous read of the current frame (0 when none). */
  partial: number;
  onJoined: ((error?: string) => void) | null;
}

/** The protocol spoken: byeol-tr speaks byeol's. */
let target: Exclude<Target, 'byeol-tr'> = 'ws';
let korean = false;
let conns: Conn[] = [];
let senders: Conn[] = [];
/** Viewer sockets joined and not closed since. */
let openViewers = 0;

// Counters of the running rung.
let delivered = 0;
let captions = 0;
let recording = false;
let latencies: number[] = [];
let captionLatencies: number[] = [];
let refused = 0;
let refusedMsg = '';
let closedDuringRung = 0;
let running = false;
let reads = 0;

const send = (m: LoadReport) => process.send?.(m);

// ---------------------------------------------------------------------------------------------------
// Writing frames: client frames are masked (RFC 6455 §5.3). The bench uses the all-zero mask key, which
// servers accept like any other and which leaves the payload bytes as they are.
// ---------------------------------------------------------------------------------------------------
function frame(text: string, opcode = 0x1): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const len = payload.length;
  const head = len < 126 ? 6 : len < 65536 ? 8 : 14;
  const out = Buffer.allocUnsafe(head + len);
  out[0] = 0x80 | opcode;
  if (len < 126) out[1] = 0x80 | len;
  else if (len < 65536) {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(len, 2);
  } else {
    out[1] = 0x80 | 127;
    out.writeBigUInt64BE(BigInt(len), 2);
  }
  out.writeUInt32BE(0, head - 4);
  payload.copy(out, head);
  return out;
}

function controlFrame(opcode: number, payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(6 + payload.length);
  out[0] = 0x80 | opcode;
  out[1] = 0x80 | payload.length;
  out.writeUInt32BE(0, 2);
  payload.copy(out, 6);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Reading frames.
// ---------------------------------------------------------------------------------------------------
function onRead(c: Conn, nread: number, buf: Buffer) {
  reads++;
  if (c.phase === Phase.Handshake) {
    c.handshake += buf.toString('latin1', 0, nread);
    const end = c.handshake.indexOf('\r\n\r\n');
    if (end < 0) return;
    if (!c.handshake.startsWith('HTTP/1.1 101')) {
      c.onJoined?.(`handshake refused: ${c.handshake.slice(0, c.handshake.indexOf('\r\n'))}`);
      c.sock.destroy();
      return;
    }
    const rest = Buffer.from(c.handshake.slice(end + 4), 'latin1');
    c.handshake = '';
    afterHandshake(c);
    if (rest.length > 0) feed(c, rest, 0, rest.length);
    return;
  }
  // Bounded to this read, so a search never runs on into stale bytes of the shared buffer.
  feed(c, buf.subarray(0, nread), 0, nread);
}

function feed(c: Conn, b: Buffer, start: number, end: number) {
  let i = start;
  while (i < end) {
    if (c.need > 0) {
      const stop = Math.min(end, i + c.need);
      payload(c, b, i, stop);
      c.need -= stop - i;
      i = stop;
      if (c.need === 0) frameEnd(c);
      continue;
    }
    // A header: 2 bytes, then 2 or 8 bytes of extended length (server frames are never masked).
    let h: Buffer = b;
    let at = i;
    if (c.hdrLen > 0 || end - i < 2) {
      if (!c.hdr) c.hdr = Buffer.allocUnsafe(10);
      while (c.hdrLen < 2 && i < end) c.hdr[c.hdrLen++] = b[i++] as number;
      if (c.hdrLen < 2) return;
      const size = headerSize(c.hdr[1] as number);
      while (c.hdrLen < size && i < end) c.hdr[c.hdrLen++] = b[i++] as number;
      if (c.hdrLen < size) return;
      h = c.hdr;
      at = 0;
      c.hdrLen = 0;
    } else {
      const size = headerSize(b[i + 1] as number);
      if (end - i < size) {
        if (!c.hdr) c.hdr = Buffer.allocUnsafe(10);
        while (i < end) c.hdr[c.hdrLen++] = b[i++] as number;
        return;
      }
      i += size;
    }
    const b1 = (h[at + 1] as number) & 0x7f;
    const len = b1 < 126 ? b1 : b1 === 126 ? h.readUInt16BE(at + 2) : Number(h.readBigUInt64BE(at + 2));
    frameStart(c, (h[at] as number) & 0x0f, len);
  }
}

const headerSize = (b1: number) => {
  const l = b1 & 0x7f;
  return l < 126 ? 2 : l === 126 ? 4 : 10;
};

function frameStart(c: Conn, opcode: number, len: number) {
  if (opcode !== 0) c.opcode = opcode;
  c.need = len;
  c.partial = 0;
  // Read whole: control frames, anything before the socket joined, senders (answers), sampled viewers
  // (latency), and Socket.IO's tiny frames (its ping is the text "2"). Every other frame is only counted.
  const whole = opcode >= 8 || c.phase !== Phase.Ready || !c.viewer || c.sampled || c.translated || (target === 'socketio' && len <= 2);
  c.parts = whole ? [] : null;
  if (len === 0) frameEnd(c);
}

function payload(c: Conn, b: Buffer, s: number, e: number) {
  if (c.parts) {
    c.parts.push(Buffer.from(b.subarray(s, e)));
    return;
  }
  let n = 0;
  let from = s;
  if (c.partial > 0) {
    // MARKER began at the end of the last read: does the rest of it open this one?
    const p = c.partial;
    let k = 0;
    while (k < MARK_LEN - p && s + k < e && b[s + k] === MARK[p + k]) k++;
    if (k === MARK_LEN - p) {
      n++;
      from = s + k;
    } else if (s + k === e) {
      c.partial = p + k; // still incomplete (a read of one or two bytes)
      return;
    }
    c.partial = 0;
  }
  // indexOf may look past `e` into the next frames of this read: matches there are not counted here.
  for (let j = b.indexOf(MARK, from); j !== -1 && j + MARK_LEN <= e; j = b.indexOf(MARK, j + MARK_LEN)) n++;
  if (e - s < c.need) {
    // The frame goes on in the next read: remember a prefix of MARKER ending this one.
    for (let p = MARK_LEN - 1; p > 0; p--) {
      if (e - p < from) continue;
      let k = 0;
      while (k < p && b[e - p + k] === MARK[k]) k++;
      if (k === p) {
        c.partial = p;
        break;
      }
    }
  }
  if (recording) delivered += n;
}

function frameEnd(c: Conn) {
  const parts = c.parts;
  c.parts = null;
  c.partial = 0;
  if (!parts) return;
  const data = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  switch (c.opcode) {
    case 0x8:
      return; // close: the socket's 'close' follows
    case 0x9:
      c.sock.write(controlFrame(0xa, data));
      return;
    case 0xa:
      return;
    default:
      onMessage(c, data);
  }
}

function onMessage(c: Conn, data: Buffer) {
  if (target === 'socketio') {
    if (data.length === 1 && data[0] === 0x32) {
      c.sock.write(frame('3')); // ping → pong
      return;
    }
    if (c.phase === Phase.Joining) {
      if (data[0] === 0x30)
        c.sock.write(frame('40')); // open → connect to the default namespace
      else if (data[0] === 0x34 && data[1] === 0x30) joined(c);
      else if (data[0] === 0x34 && data[1] === 0x34) joined(c, `connect_error ${data.toString()}`);
      return;
    }
  }
  if (target === 'byeol' && c.phase === Phase.Joining) {
    const answer = byeolFrames(data).find((f) => f.service === 'ROOM_JOIN');
    if (answer) joined(c, answer.param?.result === 1 ? undefined : `ROOM_JOIN refused: ${JSON.stringify(answer.param)}`);
    return;
  }
  if (c.phase !== Phase.Ready) return;
  if (!c.viewer) {
    if (target === 'byeol' && data.includes('"ROOM_MSG_SEND"')) {
      for (const f of byeolFrames(data)) {
        if (f.service === 'ROOM_MSG_SEND' && f.param?.result === 0) {
          refused++;
          refusedMsg ||= String(f.param.msg ?? JSON.stringify(f.param));
        }
      }
    }
    return;
  }
  // A sampled viewer: count, and read each message's send time.
  if (!recording) return;
  const now = performance.now();
  if (c.translated) return countTranslated(c, data, now);
  for (let j = data.indexOf(MARK); j !== -1; j = data.indexOf(MARK, j + MARK_LEN)) {
    delivered++;
    const stop = data.indexOf(MARK_END, j + MARK_LEN);
    if (stop > 0) latencies.push(now - Number(data.toString('latin1', j + MARK_LEN, stop)));
  }
}

/**
 * A translated viewer's message, frame by frame (frames start with FRAME_START): a caption frame counts one
 * caption (its first marker is in the translation, the second in `orig`), any other frame its markers.
 */
function countTranslated(c: Conn, data: Buffer, now: number) {
  const sendTime = (j: number) => {
    const stop = data.indexOf(MARK_END, j + MARK_LEN);
    return stop > 0 ? now - Number(data.toString('latin1', j + MARK_LEN, stop)) : Number.NaN;
  };
  for (let f = data.indexOf(FRAME); f !== -1; ) {
    const next = data.indexOf(FRAME, f + FRAME.length);
    const end = next === -1 ? data.length : next;
    const j = data.indexOf(MARK, f);
    if (data.compare(CAPTION, 0, CAPTION.length, f, f + CAPTION.length) === 0) {
      if (j !== -1 && j < end) {
        captions++;
        if (c.sampled) captionLatencies.push(sendTime(j));
      }
    } else {
      for (let k = j; k !== -1 && k < end; k = data.indexOf(MARK, k + MARK_LEN)) {
        delivered++;
        if (c.sampled) latencies.push(sendTime(k));
      }
    }
    f = next;
  }
}

interface ByeolFrame {
  service: string;
  param?: { result?: number; msg?: string };
}
function byeolFrames(data: Buffer): ByeolFrame[] {
  try {
    const v = JSON.parse(data.toString('utf8')) as ByeolFrame | ByeolFrame[];
    return Array.isArray(v) ? v : [v];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------
// Connecting.
// ---------------------------------------------------------------------------------------------------
let joinMaterial: ByeolJoin | null = null;
let translatedOpen = 0;
let port = 0;
let wsPath = '/';

/** --translate: the i-th translated viewer joins as a seeded member with translation on, in en, ja or zh-CN. */
function translatedToken(j: ByeolJoin, i: number): string {
  const uk = j.translated?.userKeys[i];
  if (uk === undefined) throw new Error(`only ${j.translated?.userKeys.length ?? 0} translated members were seeded`);
  return signChatToken(j.secret, {
    v: 1,
    vk: j.vk,
    uk,
    id: `benchtr${i}`,
    nick: `tr${i}`,
    gid: '',
    op: 0,
    ow: 0,
    lg: TRANSLATED_LANGS[i % TRANSLATED_LANGS.length] as (typeof TRANSLATED_LANGS)[number],
    tr: 1,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
}
let translatedJoins = 0;

function guestToken(j: ByeolJoin): string {
  return signChatToken(j.secret, {
    v: 1,
    vk: j.vk,
    uk: 0,
    id: '',
    nick: '',
    gid: randomBytes(8).toString('hex'),
    op: 0,
    ow: 0,
    lg: 'ko',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
}

function afterHandshake(c: Conn) {
  c.phase = Phase.Joining;
  if (target === 'ws') joined(c);
  // Socket.IO: the server speaks first (its open packet); Byeol: the client joins.
  else if (target === 'byeol' && joinMaterial) {
    const us = !c.viewer
      ? (joinMaterial.senderTokens[senders.length % joinMaterial.senderTokens.length] as string)
      : c.translated
        ? translatedToken(joinMaterial, translatedJoins++)
        : guestToken(joinMaterial);
    c.sock.write(frame(JSON.stringify({ service: 'ROOM_JOIN', param: { us, vk: joinMaterial.vk } })));
  }
}

function joined(c: Conn, error?: string) {
  if (!error) c.phase = Phase.Ready;
  const cb = c.onJoined;
  c.onJoined = null;
  cb?.(error);
}

function open(viewer: boolean, sampled: boolean, translated = false): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const c: Conn = {
      sock: null as unknown as net.Socket,
      viewer,
      sampled,
      translated,
      phase: Phase.Handshake,
      handshake: '',
      hdr: null,
      hdrLen: 0,
      need: 0,
      opcode: 1,
      parts: null,
      partial: 0,
      onJoined: null,
    };
    const timer = setTimeout(() => {
      c.onJoined?.('no join answer in time');
      c.sock.destroy();
    }, CONNECT_TIMEOUT_MS);
    c.onJoined = (error) => {
      clearTimeout(timer);
      if (error) reject(new Error(error));
      else resolve(c);
    };
    c.sock = net.connect({
      host: '127.0.0.1',
      port,
      noDelay: true,
      onread: {
        buffer: SHARED,
        callback: (n: number) => {
          onRead(c, n, SHARED);
          return true;
        },
      },
    });
    c.sock.on('connect', () => {
      c.sock.write(
        `GET ${wsPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    c.sock.on('error', (e) => c.onJoined?.(e.message));
    c.sock.on('close', () => {
      if (c.translated && c.phase === Phase.Ready) translatedOpen--;
      if (c.viewer && c.phase === Phase.Ready) openViewers--;
      c.onJoined?.('closed before joining');
      if (running) closedDuringRung++;
    });
  });
}

async function connect(cmd: Extract<LoadCommand, { cmd: 'connect' }>) {
  target = cmd.target === 'byeol-tr' ? 'byeol' : cmd.target;
  korean = cmd.korean ?? false;
  port = cmd.port;
  wsPath = cmd.path;
  joinMaterial = cmd.byeol ?? null;
  const t0 = performance.now();
  let failed = 0;
  let firstError = '';
  // Senders first (they are members, and their joins are few), then the viewers, CONNECT_CONCURRENCY at a time.
  for (let i = 0; i < cmd.senders; i++) {
    try {
      senders.push(await open(false, false));
    } catch (e) {
      failed++;
      firstError ||= `sender: ${(e as Error).message}`;
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < cmd.viewers) {
      const i = next++;
      // A translated viewer every 1/share viewers (with share 0.2: the 5th, 10th…), so samples fall on both kinds.
      const share = joinMaterial?.translated?.share ?? 0;
      const translated = Math.floor((i + 1) * share) > Math.floor(i * share);
      try {
        conns.push(await open(true, i % SAMPLE_EVERY === 0 || (translated && (i + 1) % SAMPLE_EVERY === 0), translated));
      } catch (e) {
        failed++;
        firstError ||= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  openViewers = conns.length;
  translatedOpen = conns.filter((c) => c.translated).length;
  send({ type: 'connected', viewers: conns.length, senders: senders.length, ms: performance.now() - t0, failed, firstError });
}

// ---------------------------------------------------------------------------------------------------
// One rung: `rate` messages per second from the senders, round-robin, for warmup + seconds, then a drain.
// ---------------------------------------------------------------------------------------------------
function encodeMessage(text: string): Buffer {
  if (target === 'socketio') return frame(`42${JSON.stringify(['msg', text])}`);
  if (target === 'byeol') return frame(JSON.stringify({ service: 'ROOM_MSG_SEND', param: { m: text, plugins: { T: 0 } } }));
  return frame(text);
}

async function rung(cmd: Extract<LoadCommand, { cmd: 'rung' }>) {
  delivered = 0;
  captions = 0;
  latencies = [];
  captionLatencies = [];
  refused = 0;
  refusedMsg = '';
  closedDuringRung = 0;
  recording = true;
  running = true;
  const viewersAtStart = openViewers;
  const translatedAtStart = translatedOpen;
  let sent = 0;
  let turn = 0;
  const start = performance.now();
  const warmEnd = start + cmd.warmup * 1000;
  const stopAt = warmEnd + cmd.seconds * 1000;
  let deliveredAtWarm = -1;
  let captionsAtWarm = 0;
  let captionsAtStop = 0;
  let sentAtWarm = 0;
  let cpuAtWarm = process.cpuUsage();
  let deliveredAtStop = 0;
  let readsAtWarm = 0;
  let readsAtStop = 0;
  let sentAtStop = 0;
  let cpuWindow = 0;
  for (;;) {
    const now = performance.now();
    if (deliveredAtWarm < 0 && now >= warmEnd) {
      deliveredAtWarm = delivered;
      captionsAtWarm = captions;
      readsAtWarm = reads;
      sentAtWarm = sent;
      cpuAtWarm = process.cpuUsage();
    }
    if (now >= stopAt) {
      deliveredAtStop = delivered;
      captionsAtStop = captions;
      readsAtStop = reads;
      sentAtStop = sent;
      const cpu = process.cpuUsage(cpuAtWarm);
      cpuWindow = (cpu.user + cpu.system) / 1000 / (now - warmEnd);
      break;
    }
    const due = Math.floor(((now - start) / 1000) * cmd.rate);
    while (sent < due && senders.length > 0) {
      const s = senders[turn++ % senders.length] as Conn;
      s.sock.write(encodeMessage(korean ? koreanMessageText(performance.now(), sent) : messageText(performance.now())));
      sent++;
    }
    await sleep(2);
  }
  // Drain: until every expected delivery arrived, or nothing arrived for a second after the senders'
  // own buffers emptied; past drainMs the room is still backlogged (and the next rung would inherit it).
  const expected = sent * viewersAtStart;
  const captionsExpected = cmd.captions ? sent * translatedAtStart : 0;
  const drainStart = performance.now();
  let last = delivered + captions;
  let lastChange = drainStart;
  let drainTimedOut = false;
  while (delivered < expected || captions < captionsExpected) {
    await sleep(20);
    const now = performance.now();
    if (delivered + captions !== last || senders.some((s) => s.sock.writableLength > 0)) {
      last = delivered + captions;
      lastChange = now;
    } else if (now - lastChange > 1000) break;
    if (now - drainStart > cmd.drainMs) {
      drainTimedOut = true;
      break;
    }
  }
  recording = false;
  running = false;
  const windowSec = cmd.seconds;
  latencies.sort((a, b) => a - b);
  captionLatencies.sort((a, b) => a - b);
  const quantile = (list: number[], p: number) =>
    list.length ? (list[Math.min(list.length - 1, Math.floor(p * list.length))] as number) : Number.NaN;
  const q = (p: number) => quantile(latencies, p);
  send({
    type: 'rung',
    viewers: viewersAtStart,
    sentRate: (sentAtStop - sentAtWarm) / windowSec,
    deliveredRate: (deliveredAtStop - deliveredAtWarm) / windowSec,
    deliveredTotal: delivered,
    expectedTotal: expected,
    p50: q(0.5),
    p99: q(0.99),
    samples: latencies.length,
    loadCpu: cpuWindow * 100,
    reads: (readsAtStop - readsAtWarm) / windowSec,
    refused,
    refusedMsg,
    closed: closedDuringRung,
    drainTimedOut,
    translatedViewers: translatedAtStart,
    captionsTotal: captions,
    captionsExpected,
    captionRate: (captionsAtStop - captionsAtWarm) / windowSec,
    captionP50: quantile(captionLatencies, 0.5),
    captionP99: quantile(captionLatencies, 0.99),
  });
  // A settled room before the next rung: let the server's queues empty.
  await sleep(300);
}

process.on('message', async (m: LoadCommand) => {
  try {
    if (m.cmd === 'connect') await connect(m);
    else if (m.cmd === 'rung') await rung(m);
    else if (m.cmd === 'close') {
      for (const c of [...conns, ...senders]) c.sock.destroy();
      conns = [];
      senders = [];
      process.exit(0);
    }
  } catch (e) {
    send({ type: 'error', message: (e as Error).stack ?? String(e) });
  }
});
process.on('disconnect', () => process.exit(0));
