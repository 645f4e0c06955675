import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The media token of a paid broadcast (a concert, docs/concerts.md): which broadcast, for which member,
 * until when, signed with a key derived from CHAT_TOKEN_SECRET. Every playlist, segment and FLV request of
 * such a broadcast carries it as `?ct=`; the media gate checks the signature, the expiry, and that the
 * session's member is the token's, so a copied URL is useless to anyone else and dies within minutes.
 *
 * `base64url("vk.uk.exp") + "." + base64url(HMAC-SHA256)`: short, no JSON parse on the segment hot path.
 */
export interface MediaTokenClaims {
  vk: string;
  uk: number;
  /** Unix seconds. */
  exp: number;
}

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('byeol-media-token-v1').digest();
    keys.set(secret, key);
  }
  return key;
}

export function signMediaToken(secret: string, claims: MediaTokenClaims): string {
  const body = Buffer.from(`${claims.vk}.${claims.uk}.${claims.exp}`).toString('base64url');
  const mac = createHmac('sha256', keyOf(secret)).update(body).digest().subarray(0, 20).toString('base64url');
  return `${body}.${mac}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyMediaToken(secret: string, token: unknown, nowMs = Date.now()): MediaTokenClaims | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest().subarray(0, 20);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const m = /^([\w-]{1,64})\.(\d{1,16})\.(\d{1,12})$/.exec(Buffer.from(body, 'base64url').toString('utf8'));
  if (!m) return null;
  const claims = { vk: m[1] as string, uk: Number(m[2]), exp: Number(m[3]) };
  if (claims.exp * 1000 <= nowMs) return null;
  return claims;
}
