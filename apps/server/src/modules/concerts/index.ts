/**
 * The concerts module's public surface (docs/concerts.md): whether a member holds a concert's ticket, for
 * the chat's token of a concert broadcast. Everything else in this folder is the module's own.
 */
export { concertTicketHeld } from './concerts.repository.js';
export { type TicketReport, verifyTickets } from './concerts.verify.js';
