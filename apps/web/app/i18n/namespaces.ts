// Every namespace with its texts in the four languages, statically: the server, the tests, the type of
// the keys (i18next.d.ts) and the build's per-language modules (apps/web/i18n-per-language.ts) read this.
// The browser never loads it: it gets its one language (./index.ts, loadTexts).
import { account } from './resources/account';
import { achieve } from './resources/achieve';
import { admin } from './resources/admin';
import { board } from './resources/board';
import { channels } from './resources/channels';
import { chat } from './resources/chat';
import { clips } from './resources/clips';
import { common } from './resources/common';
import { concerts } from './resources/concerts';
import { cs } from './resources/cs';
import { dialog } from './resources/dialog';
import { editorial } from './resources/editorial';
import { guests } from './resources/guests';
import { identity } from './resources/identity';
import { missions } from './resources/missions';
import { payments } from './resources/payments';
import { play } from './resources/play';
import { profile } from './resources/profile';
import { progression } from './resources/progression';
import { rankings } from './resources/rankings';
import { recovery } from './resources/recovery';
import { schedule } from './resources/schedule';
import { search } from './resources/search';
import { social } from './resources/social';
import { stars } from './resources/stars';
import { store } from './resources/store';
import { stream } from './resources/stream';
import { supporters } from './resources/supporters';
import { wallet } from './resources/wallet';

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
