import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLang, type Lang } from '@byeol/contract';

/**
 * The chat token (`us` of ROOM_JOIN): who the API says the caller is, for one room, for a short time.
 * `base64url(JSON claims) + '.' + base64url(HMAC-SHA256(claims, CHAT_TOKEN_SECRET))`. A chat node never
 * trusts a raw user key: it trusts a token it can verify, and reads roles (manager, blocks) itself.
 */
export interface ChatTokenClaims {
  /** Version of this format. */
  v: 1;
  /** The room (vod_key) the token joins. */
  vk: string;
  /** The member's user_key, or 0 for a signed-out guest (read-only). */
  uk: number;
  id: string;
  nick: string;
  /** A guest's random id, so one guest's sockets are told apart; '' for members. */
  gid: string;
  /** 1 for operators and GMs. */
  op: 0 | 1;
  /** The member's owner account (a BJ account's main account), 0 if none: SPEC §4 "chat info says is_bj". */
  ow: number;
  /** The caller's language: failure messages on the socket use it, and translations (250) are made into it. */
  lg: Lang;
  /**
   * 1 when the member's translation setting (/mypage/setting `translation_yn`) was on when the API signed the
   * token: the node sends them translations (250) into `lg`. A changed setting reaches the next join.
   */
  tr?: 0 | 1;
  /** 1 when the member verified a phone number (users.phone_no): only they may join a broadcast on camera (200). */
  pv?: 0 | 1;
  /** Expiry, Unix seconds. */
  exp: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

export function signChatToken(secret: string, claims: ChatTokenClaims): string {
  const body = b64(Buffer.from(JSON.stringify(claims)));
  const mac = b64(createHmac('sha256', secret).update(body).digest());
  return `${body}.${mac}`;
}

/** The claims of a genuine, unexpired token; null for anything else (forged, malformed, expired). */
export function verifyChatToken(secret: string, token: unknown, nowMs = Date.now()): ChatTokenClaims | null {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', secret).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let c: Partial<ChatTokenClaims>;
  try {
    c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (
    c.v !== 1 ||
    typeof c.vk !== 'string' ||
    !Number.isSafeInteger(c.uk) ||
    (c.uk as number) < 0 ||
    typeof c.id !== 'string' ||
    typeof c.nick !== 'string' ||
    typeof c.gid !== 'string' ||
    (c.op !== 0 && c.op !== 1) ||
    !Number.isSafeInteger(c.ow) ||
    !isLang(c.lg) ||
    (c.tr !== undefined && c.tr !== 0 && c.tr !== 1) ||
    (c.pv !== undefined && c.pv !== 0 && c.pv !== 1) ||
    typeof c.exp !== 'number'
  )
    return null;
  if (c.exp * 1000 <= nowMs) return null;
  return c as ChatTokenClaims;
}
