/**
 * The parts of node-media-server 4.x (CommonJS, no bundled types; `@types/node-media-server` describes v2)
 * that the ingest uses. Read from node_modules/node-media-server/src.
 */
declare module 'node-media-server' {
  import type { NmsBaseSession, NmsConfig } from 'node-media-server/src/core/context.js';

  export type NmsEvent = 'prePublish' | 'postPublish' | 'donePublish' | 'prePlay' | 'postPlay' | 'donePlay';

  export default class NodeMediaServer {
    constructor(config: NmsConfig, configPath?: string);
    /** Listeners run synchronously inside the session's protocol handling (a global EventEmitter). */
    on(event: NmsEvent, listener: (session: NmsBaseSession) => void): void;
    run(): Promise<void>;
    stop(): Promise<void>;
  }
}

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';
  import type { Socket } from 'node:net';

  export interface NmsConfig {
    bind?: string;
    rtmp?: { port?: number };
    http?: { port?: number };
    store?: { path?: string; maxHistory?: number };
    webadmin?: { enable?: boolean };
    record?: { path?: string; auto?: boolean };
    auth?: { play?: boolean; publish?: boolean; secret?: string };
  }

  /** A publishing or playing connection (RTMP, HTTP-FLV, WS-FLV, internal record/relay sessions). */
  export interface NmsBaseSession {
    id: string;
    /** "address:port" of the peer; empty for internal sessions. */
    ip: string;
    protocol: 'rtmp' | 'flv' | string;
    isPublisher: boolean;
    streamApp: string;
    streamName: string;
    streamPath: string;
    inBytes: number;
    /** From the publisher's onMetaData (0 until it arrives). */
    videoWidth: number;
    videoHeight: number;
    videoFramerate: number;
    /** RTMP sessions only. */
    socket?: Socket;
    close(): void;
  }

  /** One packet of a stream (AVPacket): FLV tag type, flags (3 keyframe, 4 inter frame…), timestamps in ms. */
  export interface NmsPacket {
    codec_type: number;
    flags: number;
    dts: number;
    pts: number;
    size: number;
  }

  export interface NmsBroadcast {
    publisher: NmsBaseSession | null;
    subscribers: Map<string, NmsBaseSession>;
    /** Called by the publishing session for every packet (an instance property: the ingest's meter wraps it). */
    broadcastMessage: (packet: NmsPacket) => void;
  }

  const Context: {
    config: NmsConfig;
    sessions: Map<string, NmsBaseSession>;
    broadcasts: Map<string, NmsBroadcast>;
    eventEmitter: EventEmitter;
  };
  export default Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: 'trace' | 'debug' | 'info' | 'warn' | 'error' };
  export default logger;
}
