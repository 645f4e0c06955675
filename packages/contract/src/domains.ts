/**
 * Every domain's contract file, listed once (docs/adding-a-domain.md): its exports, which index.ts passes on,
 * its result codes, which result-codes.ts merges and checks (ranges, numbers and names used once), and the
 * refusals that carry a message of their own. A new domain adds its lines to the three lists here.
 */
export * from './accounts.js';
export * from './admin.js';
export * from './applications.js';
export * from './channels.js';
export * from './chat.js';
export * from './chat-guests.js';
export * from './clips.js';
export * from './community.js';
export * from './concerts.js';
export * from './content.js';
export * from './editorial.js';
export * from './identity.js';
export * from './items.js';
export * from './missions.js';
export * from './payments.js';
export * from './play.js';
export * from './profile.js';
export * from './progression.js';
export * from './rankings.js';
export * from './recovery.js';
export * from './sanctions.js';
export * from './search.js';
export * from './social.js';
export * from './stars.js';
export * from './stream.js';
export * from './supporters.js';
export * from './wallet.js';

import { ACCOUNT_REFUSAL_PARAMS, accountsCodes } from './accounts.js';
import { applicationsCodes } from './applications.js';
import { CHANNEL_REFUSAL_PARAMS, channelsCodes } from './channels.js';
import { chatCodes } from './chat.js';
import { CLIP_REFUSAL_PARAMS, clipsCodes } from './clips.js';
import { COMMUNITY_REFUSAL_PARAMS, communityCodes } from './community.js';
import { CONCERT_REFUSAL_PARAMS, concertsCodes } from './concerts.js';
import { EDITORIAL_REFUSAL_PARAMS, editorialCodes } from './editorial.js';
import { identityCodes } from './identity.js';
import { itemsCodes } from './items.js';
import { MISSION_REFUSAL_PARAMS, missionsCodes } from './missions.js';
import { paymentsCodes } from './payments.js';
import { playCodes } from './play.js';
import { profileCodes } from './profile.js';
import { PROGRESSION_REFUSAL_PARAMS, progressionCodes } from './progression.js';
import { RANKING_REFUSAL_PARAMS, rankingsCodes } from './rankings.js';
import { recoveryCodes } from './recovery.js';
import { sanctionsCodes } from './sanctions.js';
import { SEARCH_REFUSAL_PARAMS, searchCodes } from './search.js';
import { socialCodes } from './social.js';
import { STAR_REFUSAL_PARAMS, starsCodes } from './stars.js';
import { STREAM_REFUSAL_PARAMS, streamCodes } from './stream.js';
import { supportersCodes } from './supporters.js';
import { walletCodes } from './wallet.js';

export const DOMAINS = [
  accountsCodes,
  identityCodes,
  profileCodes,
  socialCodes,
  recoveryCodes,
  applicationsCodes,
  streamCodes,
  playCodes,
  chatCodes,
  walletCodes,
  itemsCodes,
  paymentsCodes,
  supportersCodes,
  sanctionsCodes,
  channelsCodes,
  searchCodes,
  rankingsCodes,
  communityCodes,
  editorialCodes,
  concertsCodes,
  missionsCodes,
  progressionCodes,
  clipsCodes,
  starsCodes,
] as const;

/**
 * The refusals with a message of their own (named by a request schema: `{ message: 'MESSAGE_REQUIRED' }`)
 * and the placeholders each message needs, per domain; merged into REFUSAL_PARAMS. Kept apart from the
 * codes so a page that names no refusal does not carry them.
 */
export const DOMAIN_REFUSALS = [
  ACCOUNT_REFUSAL_PARAMS,
  STREAM_REFUSAL_PARAMS,
  CHANNEL_REFUSAL_PARAMS,
  SEARCH_REFUSAL_PARAMS,
  RANKING_REFUSAL_PARAMS,
  COMMUNITY_REFUSAL_PARAMS,
  EDITORIAL_REFUSAL_PARAMS,
  CONCERT_REFUSAL_PARAMS,
  MISSION_REFUSAL_PARAMS,
  PROGRESSION_REFUSAL_PARAMS,
  CLIP_REFUSAL_PARAMS,
  STAR_REFUSAL_PARAMS,
] as const;
