/** The progression module's public surface: the service other modules report facts to (attendance, watching). */
export { ProgressionService } from './progression.service.js';
