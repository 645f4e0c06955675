/** The social-login module's public surface: what other modules may use (withdrawal and recovery read the links). */
export { userSocial } from './social.tables.js';
