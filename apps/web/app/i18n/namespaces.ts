// Every namespace with its texts in the four languages, statically: the server, the tests, the type of
// the keys (i18next.d.ts) and the build's per-language modules (apps/web/i18n-per-language.ts) read this.
// The browser never loads it: it gets its one language (./index.ts, loadTexts).
// A feature's texts live in its own folder (`features/<domain>/<domain>.i18n.ts`, the namespace named as
// the folder); the two shared by every page (`common`, `dialog`) in ./resources/. A new domain adds one
// import and one entry here (docs/adding-a-domain.md).
import { account } from '../features/account/account.i18n';
import { achieve } from '../features/achieve/achieve.i18n';
import { admin } from '../features/admin/admin.i18n';
import { board } from '../features/board/board.i18n';
import { channels } from '../features/channels/channels.i18n';
import { chat } from '../features/chat/chat.i18n';
import { clips } from '../features/clips/clips.i18n';
import { concerts } from '../features/concerts/concerts.i18n';
import { cs } from '../features/cs/cs.i18n';
import { editorial } from '../features/editorial/editorial.i18n';
import { guests } from '../features/guests/guests.i18n';
import { identity } from '../features/identity/identity.i18n';
import { missions } from '../features/missions/missions.i18n';
import { payments } from '../features/payments/payments.i18n';
import { play } from '../features/play/play.i18n';
import { profile } from '../features/profile/profile.i18n';
import { progression } from '../features/progression/progression.i18n';
import { rankings } from '../features/rankings/rankings.i18n';
import { recovery } from '../features/recovery/recovery.i18n';
import { schedule } from '../features/schedule/schedule.i18n';
import { search } from '../features/search/search.i18n';
import { social } from '../features/social/social.i18n';
import { stars } from '../features/stars/stars.i18n';
import { store } from '../features/store/store.i18n';
import { stream } from '../features/stream/stream.i18n';
import { supporters } from '../features/supporters/supporters.i18n';
import { wallet } from '../features/wallet/wallet.i18n';
import { common } from './resources/common';
import { dialog } from './resources/dialog';

/** Every namespace with its texts per language; i18n.test.ts checks they have the same keys. */
export const namespaces = {
  common,
  dialog,
  account,
  social,
  recovery,
  profile,
  identity,
  stream,
  play,
  chat,
  store,
  wallet,
  payments,
  admin,
  supporters,
  channels,
  search,
  rankings,
  cs,
  board,
  editorial,
  schedule,
  stars,
  concerts,
  clips,
  missions,
  progression,
  achieve,
  guests,
} as const;
