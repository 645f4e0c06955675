/**
 * The missions module's public surface (docs/missions.md): the escrow check `npm run ledger:verify` runs.
 * Everything else in this folder is the module's own.
 */
export { type MissionEscrowReport, verifyMissionEscrow } from './missions.verify.js';
