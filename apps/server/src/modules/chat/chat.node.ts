import { createHash, randomBytes } from 'node:crypto';
import { CHAT_NODES_SET } from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';

/**
 * Chat nodes and how the monitor picks one for a room (docs/chat-protocol.md, "Many nodes").
 *
 * Every chat node keeps its id in the bus presence set CHAT_NODES_SET (heartbeat NODE_HEARTBEAT_MS,
 * gone NODE_TTL_MS after the last one, so a killed node stops being answered within 3 s). The id is the
 * `host:port` it advertises (CHAT_ADVERTISE), or `@` and a random tail for a node advertising nothing (the
 * one-process default: the monitor answers the page's own host). A node holding CHAT_NODE_CAPACITY joined
 * sockets or more is also in CHAT_NODES_FULL_SET, which the monitor reads to send new rooms elsewhere.
 */
export const NODE_HEARTBEAT_MS = 1000;
export const NODE_TTL_MS = 3000;
/** Nodes at capacity (a presence set beside CHAT_NODES_SET, same heartbeat). */
export const CHAT_NODES_FULL_SET = `${CHAT_NODES_SET}:full`;

/** The presence member of a node: its advertised host, or a random id when it advertises none. */
export function chatNodeId(advertise: string): string {
  return advertise.trim() || `@${randomBytes(6).toString('hex')}`;
}

/** The host a browser reaches a node at: its id, or (advertising nothing) the host the caller used. */
export const nodeHost = (id: string, requestHost: string) => (id.startsWith('@') ? requestHost : id);

/** Rendezvous (highest random weight) score of a node for a room: 48 bits of MD5(id, vk). */
export function rendezvousScore(id: string, vk: string): number {
  return createHash('md5').update(id).update('\u0000').update(vk).digest().readUIntBE(0, 6);
}

/** The nodes in the room's rendezvous order: the first is the room's home, the next its overflow. */
export function rendezvousOrder(nodes: readonly string[], vk: string): string[] {
  return nodes
    .map((id) => ({ id, score: rendezvousScore(id, vk) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .map((n) => n.id);
}

/**
 * The node for a room: the first in rendezvous order that is neither full nor the host the caller just
 * lost (`avoid`), as long as such a node exists; otherwise the first not avoided; otherwise the first.
 * Null when no node is alive.
 */
export function chooseChatNode(
  nodes: readonly string[],
  vk: string,
  opts: { full?: ReadonlySet<string>; avoid?: string; requestHost?: string } = {},
): string | null {
  const order = rendezvousOrder(nodes, vk);
  const avoided = (id: string) => !!opts.avoid && nodeHost(id, opts.requestHost ?? '') === opts.avoid;
  return order.find((id) => !avoided(id) && !opts.full?.has(id)) ?? order.find((id) => !avoided(id)) ?? order[0] ?? null;
}

/** Reads the live nodes from the bus and picks one for `vk` (see chooseChatNode). */
export async function pickChatNode(bus: Bus, vk: string, avoid: string | undefined, requestHost: string): Promise<string | null> {
  const [nodes, full] = await Promise.all([bus.presence.members(CHAT_NODES_SET), bus.presence.members(CHAT_NODES_FULL_SET)]);
  return chooseChatNode(nodes, vk, { full: new Set(full), ...(avoid ? { avoid } : {}), requestHost });
}

/** Keeps this node in the presence sets while it runs; `load()` is its number of joined sockets. */
export class NodeRegistry {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private full = false;
  private stopped = false;

  constructor(
    private readonly bus: Bus,
    readonly id: string,
    private readonly capacity: number,
    private readonly load: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    const again = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.beating = this.beat().finally(again);
      }, NODE_HEARTBEAT_MS);
      this.timer.unref();
    };
    again();
  }

  /** Whether this node has reached its capacity (joins are refused, the monitor sends rooms elsewhere). */
  isFull(): boolean {
    return this.load() >= this.capacity;
  }

  private async beat(): Promise<void> {
    try {
      await this.bus.presence.add(CHAT_NODES_SET, this.id, NODE_TTL_MS);
      const full = this.isFull();
      if (full) await this.bus.presence.add(CHAT_NODES_FULL_SET, this.id, NODE_TTL_MS);
      else if (this.full) await this.bus.presence.remove(CHAT_NODES_FULL_SET, this.id);
      this.full = full;
    } catch (err) {
      // The bus may be briefly away (Redis reconnecting): the next beat tries again.
      this.log.warn({ err }, 'chat node heartbeat failed');
    }
  }

  /** Leaves the presence sets at once (the monitor stops answering this node). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.beating;
    await Promise.allSettled([this.bus.presence.remove(CHAT_NODES_SET, this.id), this.bus.presence.remove(CHAT_NODES_FULL_SET, this.id)]);
  }
}
