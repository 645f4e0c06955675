/** The site module's public surface: what other modules may use. */

export { recordConsentsOf, recordJoinConsents, seedPolicyVersions, setPolicyNoticeDays } from './site.policy.js';
export { setSiteFooter, setSiteSwitch } from './site.repository.js';
export type { SiteService } from './site.service.js';
export { requireSwitchOn, SITE_CHANGED } from './site.service.js';
export { site } from './site.tables.js';
