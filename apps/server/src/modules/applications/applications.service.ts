import { randomInt } from 'node:crypto';
import {
  APPLICATION_FIELDS,
  APPLICATION_FORM,
  type ApplicationKind,
  type ApplicationState,
  type ApplicationView,
  type ApplyReq,
  BJ_TYPE_OF_KIND,
  canMoveApplication,
  type FamilyAccount,
  isBusinessNo,
  isUrl,
  koreanToday,
  type ListedApplicationView,
  NICK_LENGTH,
  NICK_PATTERN,
  type SignupInfo,
} from '@byeol/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, invalid, required } from '../../platform/errors.js';
import { claimVideo, videoMimeOf } from '../uploads/index.js';
import { idTaken, insertUser, nickTaken, type UserRow, uniqueViolation } from '../users/index.js';
import { requireAccount, requireRole, startSession } from '../users/users.session.js';
import { consumeVerification } from '../verification/verification.service.js';
import {
  type ApplicationRow,
  activePersonalAccount,
  blockingApplication,
  insertApplication,
  latestApplication,
  listApplications,
  lockApplicant,
  lockApplication,
  ownedAccounts,
  updateApplication,
} from './applications.repository.js';

export interface ApplicationsDeps {
  db: Db;
  /** Secure cookies (production). */
  secure: boolean;
}

export function toView(row: ApplicationRow): ApplicationView {
  return {
    app_sn: row.appSn,
    kind: row.kind,
    state: row.state,
    form: row.form,
    account_user_key: row.accountUserKey ?? null,
    operator_memo: row.operatorMemo,
    audition: row.audition,
    contact_phone_country_num: row.contactPhoneCountryNum,
    contact_phone_no: row.contactPhoneNo,
    video_file: row.videoFile ? { url: row.videoFile, mime: videoMimeOf(row.videoFile) } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A personal account: a member's own (not a broadcaster account it owns, not an operator). */
const isPersonal = (row: UserRow) => row.typeCd === 'user' && row.role === 'user' && row.ownerUserKey === null;

/** signup_info: the latest application of a kind and whether the caller may apply. */
export async function signupInfo(db: Db, request: FastifyRequest, kind: ApplicationKind): Promise<SignupInfo> {
  const row = await requireAccount(request);
  const latest = await latestApplication(db, row.userKey, kind);
  return { kind, application: latest ? toView(latest) : null, identity_verified: row.ci !== '', personal: isPersonal(row) };
}

/** The form's fields of the kind, trimmed; REQUIRED names the first missing one, INVALID_INPUT a malformed one. */
function formOf(input: ApplyReq): Record<string, string> {
  const spec = APPLICATION_FORM[input.kind];
  const form: Record<string, string> = {};
  for (const field of APPLICATION_FIELDS) {
    const value = (input[field] ?? '').trim();
    if (spec.required.includes(field) && value === '') throw required(field);
    if (value !== '' && (spec.required.includes(field) || spec.optional.includes(field))) form[field] = value;
  }
  if (form.business_no !== undefined && !isBusinessNo(form.business_no)) throw invalid('business_no');
  if (form.social_url !== undefined && !isUrl(form.social_url)) throw invalid('social_url');
  if (form.video_url !== undefined && !isUrl(form.video_url)) throw invalid('video_url');
  if (form.debut_date !== undefined && form.debut_date > koreanToday()) throw invalid('debut_date');
  return form;
}

/**
 * signup_proc: a personal account with a verified identity applies for a separate account of a kind.
 * One application per kind at a time: an open or completed one answers ALREADY_APPLIED (a rejected one
 * may be followed by a new application).
 *
 * An audition (`audition_yn` Y, kind bj, issue 21) also needs a performance video, a link or the caller's own
 * uploaded video (AUDITION_VIDEO_REQUIRED), and a contact phone verified with the phone step (a `contact`
 * verification token; VERIFY_REQUIRED). Any BJ application may carry them. The upload is claimed and the token
 * spent in the application's transaction: a refusal (ALREADY_APPLIED included) spends neither.
 */
export async function apply(db: Db, request: FastifyRequest, input: ApplyReq): Promise<ApplicationView> {
  const row = await requireAccount(request);
  if (!isPersonal(row)) throw new AppError('APPLY_PERSONAL_ONLY');
  if (row.ci === '') throw new AppError('APPLY_IDENTITY_REQUIRED');
  const audition = input.audition_yn === 'Y';
  const bj = input.kind === 'bj';
  if (!bj && audition) throw invalid('audition_yn');
  if (!bj && input.video_file_sn !== 0) throw invalid('video_file_sn');
  const form = formOf(input);
  if (audition && form.video_url === undefined && input.video_file_sn === 0)
    throw new AppError('AUDITION_VIDEO_REQUIRED', { field: 'video_url' });
  if (audition && input.verify_token === '') throw new AppError('VERIFY_REQUIRED', { field: 'verify_token' });
  const created = await db.transaction(async (tx) => {
    await lockApplicant(tx, row.userKey, input.kind);
    if (await blockingApplication(tx, row.userKey, input.kind)) throw new AppError('ALREADY_APPLIED');
    const video = input.video_file_sn === 0 ? null : await claimVideo(tx, row.userKey, input.video_file_sn, 'audition', 'video_file_sn');
    const phone = input.verify_token === '' ? null : await spendContactPhone(db, input.verify_token, tx);
    return insertApplication(tx, {
      userKey: row.userKey,
      kind: input.kind,
      form,
      audition,
      contactPhoneCountryNum: phone?.phoneCountryNum ?? '',
      contactPhoneNo: phone?.phoneNo ?? '',
      videoFileSn: video ? input.video_file_sn : null,
      videoFile: video?.url ?? '',
    });
  });
  return toView(created);
}

/** Spends a `contact` phone verification inside the application's transaction; VERIFY_REQUIRED names the field. */
async function spendContactPhone(db: Db, token: string, tx: Tx): Promise<{ phoneCountryNum: string; phoneNo: string }> {
  try {
    return await consumeVerification(db, token, 'contact', tx);
  } catch (err) {
    if (err instanceof AppError && err.code === 'VERIFY_REQUIRED') throw new AppError('VERIFY_REQUIRED', { field: 'verify_token' });
    throw err;
  }
}

/** Operators: applications, oldest first, optionally of one state or kind. */
export async function listForOperators(
  db: Db,
  request: FastifyRequest,
  query: { state?: ApplicationState | undefined; kind?: ApplicationKind | undefined; offset: number; limit: number },
): Promise<{ list: ListedApplicationView[]; total: number }> {
  await requireRole(request, 'operator');
  const { rows, total } = await listApplications(db, query, query);
  return {
    list: rows.map((r) => ({ ...toView(r), user_key: r.userKey, applicant_id: r.applicantId, applicant_nick: r.applicantNick })),
    total,
  };
}

/** Nicknames to try for the new account: the activity name made nick-safe, then with _2, _3…, then random. */
export function nickCandidates(activityName: string, appSn: number): string[] {
  const base = [...activityName.normalize('NFC').replace(/\s+/g, '_')].filter((c) => NICK_PATTERN.test(c)).join('');
  const head = [...base].slice(0, NICK_LENGTH.max).join('');
  const out: string[] = [];
  if ([...head].length >= NICK_LENGTH.min) out.push(head);
  for (let n = 2; n <= 9; n++) {
    const suffix = `_${n}`;
    const stem = [...base].slice(0, NICK_LENGTH.max - suffix.length).join('');
    if ([...stem].length >= 1) out.push(stem + suffix);
  }
  out.push(`bj${appSn}`.slice(0, NICK_LENGTH.max), `bj${appSn}_${randomInt(36 ** 3).toString(36)}`.slice(0, NICK_LENGTH.max));
  return out;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The new account's login ID; it has no password, so nobody logs in with it (switching is the way in). */
const accountId = (kind: ApplicationKind, appSn: number) =>
  `${kind}${appSn}${Array.from({ length: 5 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`.slice(0, 20);

/**
 * The separate account of a completed application, owned by the applicant: type bj, the kind's BJ
 * variant, role bj, no password, the applicant's phone (or, when the applicant has none, the contact phone
 * verified with the application) and verified identity (same person).
 */
async function createOwnedAccount(tx: Tx, app: ApplicationRow, owner: UserRow): Promise<UserRow> {
  for (const nick of nickCandidates(app.form.activity_name_ko ?? '', app.appSn)) {
    if (await nickTaken(tx, nick)) continue;
    let id = accountId(app.kind, app.appSn);
    while (await idTaken(tx, id)) id = accountId(app.kind, app.appSn);
    try {
      // A savepoint, so a nickname taken at this very moment only costs this attempt.
      return await tx.transaction((sp) =>
        insertUser(sp, {
          id,
          nick,
          typeCd: 'bj',
          bjTypeCd: BJ_TYPE_OF_KIND[app.kind],
          role: 'bj',
          passwordHash: null,
          ownerUserKey: owner.userKey,
          ...(owner.phoneNo === '' && app.contactPhoneNo !== ''
            ? { phoneCountryNum: app.contactPhoneCountryNum, phoneNo: app.contactPhoneNo }
            : { phoneCountryNum: owner.phoneCountryNum, phoneNo: owner.phoneNo }),
          sex: owner.sex,
          birthDate: owner.birthDate,
          countryCd: owner.countryCd,
          ci: owner.ci,
          realName: owner.realName,
          adultVerifiedAt: owner.adultVerifiedAt,
        }),
      );
    } catch (err) {
      if (uniqueViolation(err) === null) throw err;
    }
  }
  throw new Error(`no free nickname for application ${app.appSn}`);
}

/**
 * Operators move an application forward (or reject it). Completing it creates the owned account in the
 * same transaction as the state change, with the application row locked: it happens once.
 */
export async function moveApplication(
  db: Db,
  request: FastifyRequest,
  input: { app_sn: number; state: ApplicationState; operator_memo?: string | undefined },
): Promise<ApplicationView> {
  await requireRole(request, 'operator');
  const moved = await db.transaction(async (tx) => {
    const app = await lockApplication(tx, input.app_sn);
    if (!app) throw new AppError('NO_DATA');
    if (!canMoveApplication(app.state, input.state)) throw new AppError('APPLICATION_STATE', { field: 'state' });
    const memo = input.operator_memo === undefined ? {} : { operatorMemo: input.operator_memo };
    if (input.state !== 'complete') return updateApplication(tx, app.appSn, { state: input.state, ...memo });
    const owner = await activePersonalAccount(tx, app.userKey);
    if (!owner) throw new AppError('APPLICATION_STATE', { field: 'state' });
    const account = await createOwnedAccount(tx, app, owner);
    return updateApplication(tx, app.appSn, { state: 'complete', accountUserKey: account.userKey, ...memo });
  });
  return toView(moved);
}

const kindOf = (row: UserRow): FamilyAccount['kind'] =>
  row.ownerUserKey === null
    ? 'personal'
    : ((Object.entries(BJ_TYPE_OF_KIND).find(([, t]) => t === row.bjTypeCd)?.[0] as ApplicationKind | undefined) ?? 'bj');

/** account_list: the caller's personal account and the accounts it owns, whichever of them is signed in. */
export async function familyAccounts(db: Db, request: FastifyRequest): Promise<FamilyAccount[]> {
  const row = await requireAccount(request);
  const owner = row.ownerUserKey === null ? row : await activePersonalAccount(db, row.ownerUserKey);
  const family = owner ? [owner, ...(await ownedAccounts(db, owner.userKey))] : [row];
  return family.map((a) => ({
    user_key: a.userKey,
    nick: a.nick,
    kind: kindOf(a),
    bj_type_cd: a.bjTypeCd,
    current: a.userKey === row.userKey,
  }));
}

export interface SwitchResult {
  rtv: 'SUCC';
  user_key: number;
  nick: string;
  type_cd: string;
  bj_type_cd: string;
}

/**
 * switch_bj_proc, switch_kstar_proc, switch_program_proc: moves the session (a new token) to the owner's
 * account of that kind; called from that very account it moves back to the owner. Only accounts of the
 * caller's own family are reachable.
 */
export async function switchAccount(
  { db, secure }: ApplicationsDeps,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  kind: ApplicationKind,
): Promise<SwitchResult> {
  const row = await requireAccount(request);
  const ownerKey = row.ownerUserKey ?? row.userKey;
  const owned = (await ownedAccounts(db, ownerKey)).find((a) => a.bjTypeCd === BJ_TYPE_OF_KIND[kind] && a.typeCd === 'bj');
  const target = owned && owned.userKey !== row.userKey ? owned : owned ? await activePersonalAccount(db, ownerKey) : undefined;
  if (!target) throw new AppError('NO_OWNED_ACCOUNT');
  await startSession(db, request, reply, target.userKey, secure);
  return { rtv: 'SUCC', user_key: target.userKey, nick: target.nick, type_cd: target.typeCd, bj_type_cd: target.bjTypeCd };
}
