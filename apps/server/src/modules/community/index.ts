/**
 * The community module's public surface: the customer centre's reports (the magazine files its reports in
 * the same queue) and the board's banned words (event replies mask the same words).
 */
export { boardBannedWords, cleanText } from './board.service.js';
export { CsService } from './cs.service.js';
