// What the three processes of bench/chat-fanout.ts say to each other over their IPC channels, and the
// message text every target carries (so the load generator counts deliveries the same way for all three).

export type Target = 'ws' | 'socketio' | 'byeol';
export const TARGETS: readonly Target[] = ['ws', 'socketio', 'byeol'];

export const TARGET_LABEL: Record<Target, string> = {
  ws: 'bare ws loop',
  socketio: 'Socket.IO 4 room',
  byeol: 'Byeol chat node',
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
}

export type LoadCommand =
  | { cmd: 'connect'; target: Target; port: number; path: string; viewers: number; senders: number; byeol?: ByeolJoin }
  | { cmd: 'rung'; rate: number; seconds: number; warmup: number; drainMs: number }
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
    }
  | { type: 'error'; message: string };
