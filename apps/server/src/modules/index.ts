import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Bus } from '../platform/bus.js';
import type { Db } from '../platform/db.js';
import type { SharedAnswers } from '../platform/shared-answers.js';
import { adminRoutes } from './admin/admin.routes.js';
import { applicationsRoutes } from './applications/applications.routes.js';
import { channelsRoutes } from './channels/channels.routes.js';
import { guestCallRoutes } from './chat/chat.guests.routes.js';
import { chatApiRoutes } from './chat/chat.routes.js';
import type { RoomStandings } from './chat/index.js';
import { clipFilesRoute, clipsRoutes } from './clips/clips.routes.js';
import { communityRoutes } from './community/community.routes.js';
import { concertsRoutes } from './concerts/concerts.routes.js';
import { editorialRoutes } from './editorial/editorial.routes.js';
import { createIdentityDriver } from './identity/identity.drivers.js';
import { identityRoutes } from './identity/identity.routes.js';
import { itemsRoutes } from './items/items.routes.js';
import type { LiveRooms } from './live/live.rooms.js';
import { liveRoutes } from './live/live.routes.js';
import { streamRoutes } from './live/stream.routes.js';
import { rtmpPublicUrl } from './live/stream.service.js';
import { mediaRoutes } from './media/media.routes.js';
import { missionsRoutes } from './missions/missions.routes.js';
import { paymentsRoutes, paymentsWebhookRoutes } from './payments/payments.routes.js';
import { type PgClient, pgProvider, siteOriginOf, TEST_PG_PREFIX, testPgKeys } from './payments/pg/index.js';
import { testPgPlugin } from './payments/pg/test-pg.js';
import type { ProgressionService } from './progression/index.js';
import { progressionRoutes } from './progression/progression.routes.js';
import { rankingsRoutes } from './rankings/rankings.routes.js';
import { recoveryRoutes } from './recovery/recovery.routes.js';
import { sanctionsRoutes } from './sanctions/sanctions.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { policyRoutes } from './site/site.policy.routes.js';
import { siteRoutes } from './site/site.routes.js';
import type { SiteService } from './site/site.service.js';
import { socialClients } from './social/social.providers.js';
import { socialFormPostRoutes, socialRoutes } from './social/social.routes.js';
import { starsRoutes } from './stars/stars.routes.js';
import { supportersRoutes } from './supporters/supporters.routes.js';
import { uploadedFilesRoute, uploadsRoutes } from './uploads/uploads.routes.js';
import { usersRoutes } from './users/users.routes.js';
import type { SmsDriver } from './verification/sms.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';
import type { LedgerService } from './wallet/wallet.service.js';

/** What app.ts builds once per process and hands to every module of the api role. */
export interface ApiContext {
  config: Config;
  db: Db;
  bus: Bus;
  log: Logger;
  /** Cookies marked Secure (production). */
  secure: boolean;
  site: SiteService;
  ledger: LedgerService;
  rooms: LiveRooms;
  /** Who each BJ blocked and who manages their rooms (one per process, chat.standings.ts), for gifts and items. */
  standings: RoomStandings;
  /** Experience and levels (docs/progression.md): the facts other modules report go here. */
  progress: ProgressionService;
  sms: SmsDriver;
  cardPg: PgClient;
  uploadsDir: string;
  /** Public answers shared by every caller until the tables they read change (platform/shared-answers.ts). */
  answers: SharedAnswers;
}

/**
 * One domain's part of the api role: `v1` registers its calls under /v1 (API headers, the envelope),
 * `root` what lives outside /v1 (webhooks, public files, a provider's form post).
 */
export interface ApiModule {
  name: string;
  v1?: (v1: FastifyInstance, ctx: ApiContext) => PromiseLike<unknown>;
  root?: (app: FastifyInstance, ctx: ApiContext) => PromiseLike<unknown>;
}

/**
 * Every server module of the api role, listed once and registered in this order by app.ts. A new domain
 * adds its entry here (docs/adding-a-domain.md).
 */
export const apiModules: readonly ApiModule[] = [
  { name: 'site', v1: (v1, c) => v1.register(siteRoutes, { site: c.site }) },
  {
    name: 'live',
    v1: async (v1, c) => {
      await v1.register(liveRoutes, {
        db: c.db,
        bus: c.bus,
        replayMobileOnly: c.config.REPLAY_MOBILE_ONLY,
        answers: c.answers,
        onWatch: (userKey, bjUserKey, vodKey) => c.progress.watched(userKey, bjUserKey, vodKey),
      });
      await v1.register(streamRoutes, { db: c.db, bus: c.bus, rtmpUrl: rtmpPublicUrl(c.config) });
    },
  },
  { name: 'media', v1: (v1, c) => v1.register(mediaRoutes, { db: c.db, bus: c.bus }) },
  { name: 'community', v1: (v1, c) => v1.register(communityRoutes, { db: c.db, bus: c.bus, uploadsDir: c.uploadsDir }) },
  { name: 'policies', v1: (v1, c) => v1.register(policyRoutes, { db: c.db }) },
  { name: 'editorial', v1: (v1, c) => v1.register(editorialRoutes, { db: c.db, bus: c.bus, site: c.site, answers: c.answers }) },
  {
    name: 'clips',
    v1: (v1, c) =>
      v1.register(clipsRoutes, {
        db: c.db,
        bus: c.bus,
        mediaRoot: path.join(c.config.DATA_DIR, 'media'),
        uploadDir: path.join(c.config.DATA_DIR, 'tmp'),
        site: c.site,
      }),
    // The clips' files are public, outside /v1, like the live media.
    root: (app, c) => app.register(clipFilesRoute, { mediaRoot: path.join(c.config.DATA_DIR, 'media') }),
  },
  { name: 'stars', v1: (v1, c) => v1.register(starsRoutes, { db: c.db, site: c.site }) },
  {
    name: 'concerts',
    v1: (v1, c) =>
      v1.register(concertsRoutes, { db: c.db, bus: c.bus, site: c.site, ledger: c.ledger, secret: c.config.CHAT_TOKEN_SECRET }),
  },
  {
    name: 'missions',
    v1: (v1, c) => v1.register(missionsRoutes, { db: c.db, bus: c.bus, site: c.site, ledger: c.ledger, rooms: c.rooms }),
  },
  {
    name: 'progression',
    v1: (v1, c) => v1.register(progressionRoutes, { db: c.db, site: c.site, ledger: c.ledger, progress: c.progress }),
  },
  {
    name: 'users',
    v1: (v1, c) =>
      v1.register(usersRoutes, {
        db: c.db,
        bus: c.bus,
        secure: c.secure,
        uploadsDir: c.uploadsDir,
        onSeen: (userKey) => c.progress.attend(userKey),
      }),
  },
  {
    name: 'uploads',
    v1: (v1, c) => v1.register(uploadsRoutes, { db: c.db, bus: c.bus, uploadsDir: c.uploadsDir }),
    // Uploaded files, outside /v1: images public (docs/accounts-profile.md), audition videos to their uploader and operators.
    root: (app, c) => app.register(uploadedFilesRoute, { uploadsDir: c.uploadsDir, db: c.db }),
  },
  {
    name: 'social',
    v1: (v1, c) =>
      v1.register(socialRoutes, { db: c.db, bus: c.bus, log: c.log, clients: socialClients(c.config), site: c.site, secure: c.secure }),
    root: (app) => app.register(socialFormPostRoutes),
  },
  {
    name: 'verification',
    v1: (v1, c) =>
      v1.register(verificationRoutes, {
        deps: { db: c.db, bus: c.bus, sms: c.sms, log: c.log, perIpLimit: c.config.SMS_LIMIT_PER_IP },
        devOutbox: c.config.SMS_DRIVER === 'log' && c.config.NODE_ENV !== 'production',
      }),
  },
  { name: 'recovery', v1: (v1, c) => v1.register(recoveryRoutes, { db: c.db, bus: c.bus }) },
  {
    name: 'identity',
    v1: (v1, c) =>
      v1.register(identityRoutes, {
        db: c.db,
        bus: c.bus,
        driver: createIdentityDriver(c.config, c.db),
        portone: { storeId: c.config.PORTONE_STORE_ID ?? '', channelKey: c.config.PORTONE_IDENTITY_CHANNEL_KEY ?? '' },
      }),
  },
  { name: 'applications', v1: (v1, c) => v1.register(applicationsRoutes, { db: c.db, secure: c.secure }) },
  { name: 'chat', v1: (v1, c) => v1.register(chatApiRoutes, { db: c.db, bus: c.bus, secret: c.config.CHAT_TOKEN_SECRET }) },
  {
    // Guests' video calls: their ICE servers and TURN credentials (the signalling is on the chat socket).
    name: 'chat-guests',
    v1: (v1, c) =>
      v1.register(guestCallRoutes, {
        db: c.db,
        ice: {
          iceServers: c.config.ICE_SERVERS,
          turnUrls: c.config.TURN_URL,
          turnSecret: c.config.TURN_SECRET,
          turnTtlS: c.config.TURN_TTL_S,
        },
      }),
  },
  {
    name: 'wallet',
    v1: (v1, c) =>
      v1.register(walletRoutes, { db: c.db, bus: c.bus, ledger: c.ledger, site: c.site, rooms: c.rooms, standings: c.standings }),
  },
  {
    name: 'items',
    v1: (v1, c) =>
      v1.register(itemsRoutes, { db: c.db, bus: c.bus, site: c.site, ledger: c.ledger, rooms: c.rooms, standings: c.standings }),
  },
  {
    name: 'payments',
    v1: (v1, c) => v1.register(paymentsRoutes, { db: c.db, site: c.site, ledger: c.ledger, pg: c.cardPg, publicUrl: c.config.PUBLIC_URL }),
    root: async (app, c) => {
      // The bank's deposit notifications: signed, outside /v1 (no API headers from a bank).
      await app.register(paymentsWebhookRoutes, {
        db: c.db,
        site: c.site,
        ledger: c.ledger,
        secret: c.config.PAYMENT_WEBHOOK_SECRET,
        pg: c.cardPg,
        publicUrl: c.config.PUBLIC_URL,
        tossSecret: c.config.TOSS_WEBHOOK_SECRET,
      });
      // PG_PROVIDER=test: the built-in test PG (Toss' API and a checkout page, no real money) on this server's own origin.
      if (pgProvider(c.config) === 'test')
        await app.register(testPgPlugin, {
          prefix: TEST_PG_PREFIX,
          secretKey: testPgKeys(c.config).secretKey,
          // Receipt URLs: on PUBLIC_URL when set, else on the origin the browser paid from.
          ...(c.config.PUBLIC_URL ? { publicBaseUrl: `${siteOriginOf(c.config)}${TEST_PG_PREFIX}` } : {}),
        });
    },
  },
  {
    // Supporters (docs/supporters.md): regular and auto-pay through the same card PG.
    name: 'supporters',
    v1: (v1, c) => v1.register(supportersRoutes, { db: c.db, bus: c.bus, site: c.site, pg: c.cardPg, publicUrl: c.config.PUBLIC_URL }),
  },
  { name: 'admin', v1: (v1, c) => v1.register(adminRoutes, { db: c.db, site: c.site }) },
  { name: 'sanctions', v1: (v1, c) => v1.register(sanctionsRoutes, { db: c.db }) },
  { name: 'channels', v1: (v1, c) => v1.register(channelsRoutes, { db: c.db, bus: c.bus, uploadsDir: c.uploadsDir, site: c.site }) },
  { name: 'search', v1: (v1, c) => v1.register(searchRoutes, { db: c.db, bus: c.bus, site: c.site }) },
  {
    name: 'rankings',
    v1: (v1, c) => v1.register(rankingsRoutes, { db: c.db, bus: c.bus, refreshSeconds: c.config.RANKING_REFRESH_SECONDS }),
  },
];
