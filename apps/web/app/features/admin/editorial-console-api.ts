import {
  type AdminEvent,
  type AdminMagazine,
  type AdminSiteSwitchSet,
  type ApplicationState,
  type ApplicationView,
  applicationsEndpoints,
  type EndpointInput,
  editorialEndpoints,
  type SiteSwitch,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';

/**
 * The editorial console's actions from the browser (docs/editorial.md): articles and events written and
 * edited (the server sanitises their HTML), the site switches, and the account applications moved along.
 * Each resolves an envelope, never throws (a network failure answers `fallback`).
 */

export type MagazineSaveInput = EndpointInput<typeof editorialEndpoints.adminMagazineSave>;
export type EventSaveInput = EndpointInput<typeof editorialEndpoints.adminEventSave>;

export function saveMagazine(input: MagazineSaveInput, fallback: string): Promise<Answer<AdminMagazine>> {
  return send(() => api.call(editorialEndpoints.adminMagazineSave, input), fallback);
}

export function saveEvent(input: EventSaveInput, fallback: string): Promise<Answer<AdminEvent>> {
  return send(() => api.call(editorialEndpoints.adminEventSave, input), fallback);
}

export function switchSite(name: SiteSwitch, on: boolean, fallback: string): Promise<Answer<AdminSiteSwitchSet>> {
  return send(() => api.call(editorialEndpoints.adminSiteSwitch, { name, value: on ? 'Y' : 'N' }), fallback);
}

/** Moves an application on (completing it creates the account), with the note the applicant reads. */
export function moveApplication(
  app_sn: number,
  state: ApplicationState,
  operator_memo: string,
  fallback: string,
): Promise<Answer<ApplicationView>> {
  return send(() => api.call(applicationsEndpoints.adminMove, { app_sn, state, operator_memo }), fallback);
}
