/// <reference path="./node-media-server.d.ts" />
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Server as NetServer } from 'node:net';
import path from 'node:path';
import { LIVE_BUS_CHANNEL, type LiveBusMessage } from '@byeol/contract';
import NodeMediaServer from 'node-media-server';
import Context, { type NmsBaseSession } from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import type { Logger } from 'pino';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { freePort } from '../../platform/net.js';
import { IngestSession } from './ingest.session.js';
import {
  adoptDemoBroadcast,
  createBroadcast,
  detachDemoBroadcast,
  endBroadcast,
  findPublisher,
  liveWithMedia,
  refusal,
  suspendedUntil,
} from './media.repository.js';
import { closePlaylist, levelsFor, type Quality, resolveFfmpeg } from './packager.js';

/** The RTMP application OBS publishes to: rtmp://host:port/live, stream name = the stream key. */
export const RTMP_APP = 'live';

export interface IngestOptions {
  db: Db;
  bus: Bus;
  log: Logger;
  dataDir: string;
  rtmpHost: string;
  rtmpPort: number;
  /** node-media-server's HTTP-FLV port on 127.0.0.1; 0 picks a free one. */
  flvPort: number;
  /** Transcoded levels allowed by configuration (TRANSCODE_LEVELS). */
  transcode: readonly string[];
}

/** The node-media-server internals the ingest listens with (its run() binds every listener to one address). */
interface NmsInternals {
  rtmpServer: { tcpServer?: NetServer };
  httpServer: { httpServer?: Server };
}

const isLoopback = (ip: string) => /^(127\.|::1|::ffff:127\.)/.test(ip);

/**
 * The media role: node-media-server takes RTMP from OBS, and every admitted publish becomes one
 * IngestSession (ffmpeg packaging to HLS, lifecycle in the database). node-media-server's hooks are
 * synchronous, so what can be decided at once is refused at once (wrong application, not RTMP, key already
 * live here); the key itself is then checked against the database (one indexed read, so a regenerated or
 * sanctioned key is refused the moment it changes) before anything is started. A refused publisher is
 * closed and leaves nothing behind: no broadcast row, no ffmpeg.
 */
export class IngestServer {
  private nms?: NodeMediaServer;
  private readonly byKey = new Map<string, IngestSession>();
  private readonly byVod = new Map<string, IngestSession>();
  /** Keys whose publish is being checked. */
  private readonly pending = new Set<string>();
  private readonly admitting = new Set<Promise<void>>();
  private unsubscribe?: () => Promise<void>;
  private closing = false;
  private readonly ffmpeg = resolveFfmpeg();
  readonly mediaRoot: string;
  rtmpPort = 0;
  flvPort = 0;

  constructor(private readonly o: IngestOptions) {
    this.mediaRoot = path.join(o.dataDir, 'media');
  }

  /** Sessions live now in this process, by vod_key. */
  get sessions(): ReadonlyMap<string, IngestSession> {
    return this.byVod;
  }

  /** node-media-server's local HTTP-FLV of a broadcast this process ingests, or null. */
  flvUrl(vodKey: string): string | null {
    for (const [key, s] of this.byKey) if (s.vodKey === vodKey) return `http://127.0.0.1:${this.flvPort}/${RTMP_APP}/${key}.flv`;
    return null;
  }

  async start(): Promise<void> {
    const log = this.o.log;
    // node-media-server prints to the console from a module-wide logger; its lines go to ours instead.
    Object.assign(nmsLogger, {
      log: (message: string, level = 'info') => log[level === 'error' || level === 'warn' ? 'warn' : 'debug']({ nms: true }, message),
    });
    this.flvPort = this.o.flvPort || (await freePort());
    this.rtmpPort = this.o.rtmpPort || (await freePort());
    this.nms = new NodeMediaServer({
      rtmp: { port: this.rtmpPort },
      http: { port: this.flvPort },
      // Its store (relay tasks, history) is never opened: nothing is written outside DATA_DIR/media.
      store: { path: path.join(this.o.dataDir, 'nms') },
      webadmin: { enable: false },
    });
    Context.eventEmitter.on('prePublish', this.onPrePublish);
    Context.eventEmitter.on('prePlay', this.onPrePlay);
    this.unsubscribe = await this.o.bus.subscribe(LIVE_BUS_CHANNEL, (m) => {
      const msg = m as LiveBusMessage;
      if (msg?.type === 'frozen') void this.byVod.get(msg.vod_key)?.stop('frozen');
    });
    // node-media-server's run() binds RTMP and HTTP-FLV to one address and exits the process when a port is
    // taken: the listeners are started here instead, HTTP-FLV on loopback only.
    const internals = this.nms as unknown as NmsInternals;
    await listen(internals.httpServer.httpServer, this.flvPort, '127.0.0.1');
    await listen(internals.rtmpServer.tcpServer, this.rtmpPort, this.o.rtmpHost);
    log.info(
      { rtmp: `rtmp://${this.o.rtmpHost}:${this.rtmpPort}/${RTMP_APP}`, flv: `127.0.0.1:${this.flvPort}`, ffmpeg: this.ffmpeg },
      `media ingest up (ffmpeg: ${this.ffmpeg.source} ${this.ffmpeg.path})`,
    );
    await this.sweep().catch((err: unknown) => log.error({ err }, 'stale broadcast sweep failed'));
  }

  /** Ends every session (ffmpeg stopped, replays closed, rows ended with reason shutdown), then the servers. */
  async stop(): Promise<void> {
    this.closing = true;
    Context.eventEmitter.off('prePublish', this.onPrePublish);
    Context.eventEmitter.off('prePlay', this.onPrePlay);
    await Promise.allSettled([...this.admitting]);
    await Promise.allSettled([...this.byVod.values()].map((s) => s.stop('shutdown')));
    await this.unsubscribe?.().catch(() => {});
    const internals = this.nms as unknown as NmsInternals | undefined;
    await this.nms?.stop();
    internals?.httpServer.httpServer?.closeAllConnections();
    this.o.log.info('media ingest stopped');
  }

  private readonly onPrePublish = (session: NmsBaseSession) => {
    const key = session.streamName;
    const refuse = (why: string) => {
      this.o.log.info({ ip: session.ip, why }, 'publish refused');
      session.close();
    };
    if (this.closing) return refuse('shutting down');
    if (session.protocol !== 'rtmp') return refuse('not RTMP');
    if (session.streamApp !== RTMP_APP) return refuse(`application ${session.streamApp}`);
    if (this.byKey.has(key) || this.pending.has(key)) return refuse('already live');
    this.pending.add(key);
    const job = this.admit(session, key)
      .catch((err: unknown) => {
        this.o.log.error({ err }, 'publish admission failed');
        session.close();
      })
      .finally(() => {
        this.pending.delete(key);
        this.admitting.delete(job);
      });
    this.admitting.add(job);
  };

  /** Only the packager (on this machine) plays over RTMP; viewers get HLS or the /media/flv proxy. */
  private readonly onPrePlay = (session: NmsBaseSession) => {
    if (session.protocol === 'rtmp' && !isLoopback(session.ip)) {
      this.o.log.info({ ip: session.ip }, 'RTMP play refused');
      session.close();
    }
  };

  private async admit(session: NmsBaseSession, key: string) {
    const publisher = await findPublisher(this.o.db, key);
    const why = refusal(publisher, new Date(), publisher ? await suspendedUntil(this.o.db, publisher.userKey) : null);
    const gone = () => session.socket?.destroyed || session.socket?.readableEnded;
    if (why || !publisher) {
      this.o.log.info({ ip: session.ip, why }, 'publish refused');
      session.close();
      return;
    }
    if (this.closing || gone()) return session.close();
    const s = publisher.setting;
    // A demo live room (decision 005) is fed by the demo's own publisher: its seeded row takes the stream,
    // copied and never recorded (no transcoding cost, no replay piling up at every restart).
    const demo = await adoptDemoBroadcast(this.o.db, publisher.userKey);
    const levels = demo ? (['high'] as Quality[]) : levelsFor(s?.qualities ?? ['high'], this.o.transcode);
    const newKey = randomBytes(8).toString('hex');
    const row =
      demo ??
      (await createBroadcast(this.o.db, {
        vodKey: newKey,
        bjUserKey: publisher.userKey,
        title: s?.title || publisher.nick,
        tags: s?.tags ?? [],
        state: 'live',
        qualities: levels,
        adultYn: s?.adultYn ?? false,
        loginRequiredYn: s?.loginRequiredYn ?? false,
        mcUserKey: s?.mcUserKey ?? null,
        mediaDir: `live/${newKey}`,
      }));
    if (!row) {
      this.o.log.info({ ip: session.ip, bj_user_key: publisher.userKey }, 'publish refused: already live');
      session.close();
      return;
    }
    const vodKey = row.vodKey;
    const ingest = new IngestSession({
      db: this.o.db,
      bus: this.o.bus,
      log: this.o.log,
      ffmpeg: this.ffmpeg.path,
      mediaRoot: this.mediaRoot,
      input: `http://127.0.0.1:${this.flvPort}/${RTMP_APP}/${key}.flv`,
      vodKey,
      bjUserKey: publisher.userKey,
      levels,
      record: demo ? false : (s?.recordYn ?? true),
      demo: demo !== null,
      publisher: session,
      broadcast: Context.broadcasts.get(session.streamPath),
      closePlayers: () => {
        for (const player of Context.broadcasts.get(session.streamPath)?.subscribers.values() ?? []) player.close();
      },
    });
    this.byKey.set(key, ingest);
    this.byVod.set(vodKey, ingest);
    ingest.once('ended', () => {
      this.byKey.delete(key);
      this.byVod.delete(vodKey);
    });
    ingest.on('error', () => {});
    await ingest.start();
    // The publisher may have left while the row was written.
    if (gone()) void ingest.stop('publisher_gone');
  }

  /**
   * Live rows that no ingest writes any more (this or another process crashed): their playlist has not
   * changed for a minute. They end with reason 'error'; what was recorded is closed and kept as the replay.
   * Demo rooms with media left over are detached from it instead (they stay live, as seeded).
   */
  private async sweep() {
    for (const row of await liveWithMedia(this.o.db)) {
      if (this.byVod.has(row.vodKey)) continue;
      const dir = path.join(this.mediaRoot, row.mediaDir);
      if (row.isDemo) {
        // A demo room (decision 005: one local process) whose stream outlived its process goes back to its
        // seeded state, without media, until the demo publishes into it again; it was never recorded.
        await rm(dir, { recursive: true, force: true });
        if (await detachDemoBroadcast(this.o.db, row.vodKey)) {
          this.o.log.info({ vod_key: row.vodKey }, 'stale demo stream detached');
          const message: LiveBusMessage = { type: 'updated', vod_key: row.vodKey, bj_user_key: row.bjUserKey };
          await this.o.bus.publish(LIVE_BUS_CHANNEL, message);
        }
        continue;
      }
      const touched = await stat(path.join(dir, 'high', 'index.m3u8')).then(
        (st) => st.mtimeMs,
        () => 0,
      );
      // A folder this machine does not have may belong to a media process elsewhere: not ours to judge.
      if (!touched || Date.now() - touched < 60_000) continue;
      let segments = 0;
      for (const level of row.qualities) segments += await closePlaylist(path.join(dir, level), new Map());
      if (await endBroadcast(this.o.db, row.vodKey, 'error', segments > 0)) {
        this.o.log.warn({ vod_key: row.vodKey, segments }, 'stale live broadcast ended');
        const message: LiveBusMessage = { type: 'ended', vod_key: row.vodKey, bj_user_key: row.bjUserKey };
        await this.o.bus.publish(LIVE_BUS_CHANNEL, message);
      }
    }
  }
}

function listen(server: NetServer | undefined, port: number, host: string): Promise<void> {
  if (!server) return Promise.reject(new Error('node-media-server made no listener'));
  // Replaces node-media-server's handlers, which exit the process on EADDRINUSE.
  server.removeAllListeners('error');
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', () => {});
      resolve();
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The RTMP ingest of a process with the media role, else null. */
    ingest: IngestServer | null;
  }
}
