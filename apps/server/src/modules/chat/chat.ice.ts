import { createHmac } from 'node:crypto';
import type { IceServer, IceServersSet } from '@byeol/contract';
import { z } from 'zod';

/**
 * ICE servers of the guests' video calls (docs/chat-protocol.md, "Video connection with guests"):
 * ICE_SERVERS as given (STUN, or TURN with fixed credentials), and TURN_URL with a short-lived credential
 * minted per caller by the TURN REST scheme coturn implements with `use-auth-secret`:
 * username = `${expiry}:${userKey}`, credential = base64(HMAC-SHA1(TURN_SECRET, username)).
 */

const iceServer = z
  .object({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .strict();

/** ICE_SERVERS: a JSON array of RTCIceServer objects (`[]` by default: host candidates only, fine on one network). */
export const iceServersSetting = z
  .string()
  .default('[]')
  .transform((text, ctx): IceServer[] => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
      return z.NEVER;
    }
    const parsed = z.array(iceServer).safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
      return z.NEVER;
    }
    return parsed.data.map((s) => ({ ...s }));
  });

/** TURN_URL: one or more turn:/turns: URLs, comma-separated (e.g. `turn:turn.example.com:3478,turns:turn.example.com:5349`). */
export const turnUrlsSetting = z
  .string()
  .optional()
  .transform((text, ctx): string[] => {
    const urls = (text ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter((u) => u !== '');
    const bad = urls.filter((u) => !/^turns?:[^\s]+$/.test(u));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not a turn: or turns: URL: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return urls;
  });

export interface IceConfig {
  iceServers: readonly IceServer[];
  turnUrls: readonly string[];
  turnSecret: string | undefined;
  turnTtlS: number;
}

/** The TURN REST credential of `userKey` valid until `nowS + ttlS` (coturn `use-auth-secret`, `static-auth-secret`). */
export function turnCredential(secret: string, userKey: number, ttlS: number, nowS = Math.floor(Date.now() / 1000)) {
  const username = `${nowS + ttlS}:${userKey}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** What /v1/chat/ice_servers answers a member allowed in a call. */
export function iceServersFor(config: IceConfig, userKey: number, nowS?: number): IceServersSet {
  const servers: IceServer[] = config.iceServers.map((s) => ({ ...s }));
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const { username, credential } = turnCredential(config.turnSecret, userKey, config.turnTtlS, nowS);
    servers.push({ urls: [...config.turnUrls], username, credential });
    return { ice_servers: servers, ttl: config.turnTtlS };
  }
  return { ice_servers: servers, ttl: 0 };
}
