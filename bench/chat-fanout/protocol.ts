// What the three processes of bench/chat-fanout.ts say to each other over their IPC channels, and the
// message text every target carries (so the load generator counts deliveries the same way for all three).

/** `byeol-tr`: Byeol's chat node with TRANSLATOR=glossary (`--translate`); `byeol` runs TRANSLATOR=none. */
export type Target = 'ws' | 'socketio' | 'byeol' | 'byeol-tr';
/** What runs without --only (and --translate). */
export const TARGETS: readonly Target[] = ['ws', 'socketio', 'byeol'];
export const ALL_TARGETS: readonly Target[] = ['ws', 'socketio', 'byeol', 'byeol-tr'];

export const TARGET_LABEL: Record<Target, string> = {
  ws: 'bare ws loop',
  socketio: 'Socket.IO 4 room',
  byeol: 'Byeol chat node',
  'byeol-tr': 'Byeol chat node + glossary translation',
};

/**
 * Every message a sender sends is `MARKER + send time (performance.now() of the load generator, 0.1 ms) +
 * MARKER_END + padding` to MESSAGE_BYTES. Letters only, so no JSON encoder escapes it and no chat filter
 * (links, banned words) touches it: the load generator counts deliveries by counting MARKER in what arrives.
 */
export const MARKER = 'ZQXJ';
export const MARKER_END = 'K';
export const MESSAGE_BYTES = 100;

export function messageText(sentAt: number): string {
  const head = `${MARKER}${sentAt.toFixed(1)}${MARKER_END} `;
  return head + 'x'.repeat(Math.max(0, MESSAGE_BYTES - head.length));
}

/**
 * With --translate: the marker, then Korean fan chat the glossary covers word for word (so every message is
 * translated, and every one is new to the translation cache: the send time differs), MESSAGE_BYTES of
 * UTF-8 or just over. The glossary keeps the marker (Latin letters in a Korean message) in each translation.
 */
const KOREAN_WORDS = ['오빠', '사랑해', '대박', 'ㅋㅋㅋ', '최고', '화이팅', '컴백 축하해요', '앙코르', '레전드', '직캠', '귀여워', '진짜'];
export function koreanMessageText(sentAt: number, n = 0): string {
  let text = `${MARKER}${sentAt.toFixed(1)}${MARKER_END}`;
  for (let i = n; Buffer.byteLength(text) < MESSAGE_BYTES; i++) text += ` ${KOREAN_WORDS[i % KOREAN_WORDS.length]}`;
  return text;
}

/** In a Byeol viewer's message, where a caption (250) frame starts: its first marker is the translation's. */
export const CAPTION_FRAME = '{"service":"OUTSIDE_MSG","param":{"code":250,';
export const FRAME_START = '{"service":"';

/** The server child's first message: where it listens. */
export interface ServerReady {
  type: 'ready';
  port: number;
  /** The path of the WebSocket (the Socket.IO and ws paths are fixed by the client side). */
  path: string;
  /** How the target was set up (bus, database, sender standing), printed under the table. */
  note: string;
}
/** Asked by the orchestrator: collect garbage, then answer the resident set size. */
export interface ServerRss {
  type: 'rss';
  rss: number;
}

/** Join material for the Byeol target: one guest token per viewer is minted by the load generator itself. */
export interface ByeolJoin {
  vk: string;
  secret: string;
  /** Chat tokens of the senders (members who are managers of the room's BJ). */
  senderTokens: string[];
  /**
   * --translate: this share of the viewers join as members whose translation setting is on, in en, ja and
   * zh-CN in turn (the rest are Korean guests); `userKeys` are the seeded members they join as.
   */
  translated?: { share: number; userKeys: number[] };
}

export type LoadCommand =
  | {
      cmd: 'connect';
      target: Target;
      port: number;
      path: string;
      viewers: number;
      senders: number;
      byeol?: ByeolJoin;
      /** Send koreanMessageText instead of messageText. */
      korean?: boolean;
    }
  /** `captions`: the server translates, each translated viewer expects one caption per message. */
  | { cmd: 'rung'; rate: number; seconds: number; warmup: number; drainMs: number; captions?: boolean }
  | { cmd: 'close' };

export type LoadReport =
  | { type: 'connected'; viewers: number; senders: number; ms: number; failed: number; firstError: string }
  | {
      type: 'rung';
      /** Viewer sockets open when the rung began. */
      viewers: number;
      /** Messages sent per second (over the measured window). */
      sentRate: number;
      /** Deliveries counted at viewers per second, over the measured window (after the warm-up). */
      deliveredRate: number;
      /** Deliveries counted at viewers from the first send until the drain ended, and what was expected. */
      deliveredTotal: number;
      expectedTotal: number;
      p50: number;
      p99: number;
      samples: number;
      /** CPU of the load generator itself over the window (100 = one core): near 100 means it may be the limit. */
      loadCpu: number;
      /** Socket reads per second in the load generator (each costs a system call, whatever it brings). */
      reads: number;
      /** Sends refused by the server (Byeol answers result 0), with the first reason. */
      refused: number;
      refusedMsg: string;
      /** Sockets closed by the server during the rung. */
      closed: number;
      drainTimedOut: boolean;
      /** --translate: viewers joined with translation on, captions (250) counted at them and expected, per second in the window, latency. */
      translatedViewers: number;
      captionsTotal: number;
      captionsExpected: number;
      captionRate: number;
      captionP50: number;
      captionP99: number;
    }
  | { type: 'error'; message: string };
