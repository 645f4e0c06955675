import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.js';
import { verifyMediaToken } from '../../platform/media-token.js';
import { adultVerifiedAt, broadcast } from '../live/index.js';

/** How long a broadcast's gate flags and an account's adult verification are trusted before a new read. */
const FLAGS_TTL_MS = 10_000;
const ADULT_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Flags {
  adult: boolean;
  login: boolean;
  /** A concert's stream: every request carries the holder's media token (`?ct=`). */
  concert: boolean;
  until: number;
}

/**
 * The gates of play_info applied to the media files themselves: an adult broadcast's playlists, segments,
 * thumbnail and FLV go only to adult-verified accounts, a login-required one's only to logged-in visitors
 * (the session cookie travels with the player's same-origin requests). Without it, anyone who learned a
 * vod_key could fetch what the page refuses to show. Ungated broadcasts cost one cached read per 10 s.
 */
export class MediaGate {
  private readonly flags = new Map<string, Flags>();
  private readonly adults = new Map<number, { ok: boolean; until: number }>();

  /** `mediaSecret`: CHAT_TOKEN_SECRET, from which the concerts' media tokens are keyed (platform/media-token.ts). */
  constructor(
    private readonly db: Db,
    private readonly mediaSecret: string,
  ) {}

  /** True when the request may have this broadcast's media; unknown broadcasts pass (the file is then 404). */
  async allows(request: FastifyRequest, vodKey: string): Promise<boolean> {
    const f = await this.flagsOf(vodKey);
    if (!f.adult && !f.login && !f.concert) return true;
    const user = await request.currentUser();
    if (!user) return false;
    if (f.concert) {
      // The holder's own token for this broadcast, unexpired: a copied URL serves nobody else.
      const claims = verifyMediaToken(this.mediaSecret, (request.query as { ct?: unknown } | undefined)?.ct);
      if (!claims || claims.vk !== vodKey || claims.uk !== user.userKey) return false;
    }
    return !f.adult || (await this.isAdult(user.userKey));
  }

  /** Whether the broadcast is gated at all (gated media is never cached by shared caches). */
  async gated(vodKey: string): Promise<boolean> {
    const f = await this.flagsOf(vodKey);
    return f.adult || f.login || f.concert;
  }

  private async flagsOf(vodKey: string): Promise<Flags> {
    const now = Date.now();
    const cached = this.flags.get(vodKey);
    if (cached && cached.until > now) return cached;
    const [row] = await this.db
      .select({ adult: broadcast.adultYn, login: broadcast.loginRequiredYn, concert: broadcast.concertSn })
      .from(broadcast)
      .where(eq(broadcast.vodKey, vodKey));
    const f = {
      adult: row?.adult ?? false,
      login: row?.login ?? false,
      concert: (row?.concert ?? null) !== null,
      until: now + FLAGS_TTL_MS,
    };
    // An unknown key is not remembered: its row may be a moment away (a new broadcast's first files).
    if (row) remember(this.flags, vodKey, f);
    return f;
  }

  private async isAdult(userKey: number): Promise<boolean> {
    const now = Date.now();
    const cached = this.adults.get(userKey);
    if (cached && cached.until > now) return cached.ok;
    const ok = (await adultVerifiedAt(this.db, userKey)) !== null;
    remember(this.adults, userKey, { ok, until: now + ADULT_TTL_MS });
    return ok;
  }
}

/** A bounded cache: past MAX_ENTRIES the oldest entry goes. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}
