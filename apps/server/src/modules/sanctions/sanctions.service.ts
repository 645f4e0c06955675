import { GM_SANCTION_KINDS, type Sanction, type SanctionKind, type SanctionSaveReq } from '@byeol/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findByLoginId } from '../users/index.js';
import { accountChanged, deleteAllSessions, type SessionUser } from '../users/users.session.js';
import { findSanction, insertSanction, liftSanction, sanctionKindOf } from './sanctions.repository.js';

/** Operators apply every kind; GMs broadcasting and chat bans (issue 16). */
function mayApply(actor: SessionUser, kind: SanctionKind): boolean {
  return actor.role === 'operator' || (actor.role === 'gm' && GM_SANCTION_KINDS.includes(kind));
}

/**
 * sanction_proc: a sanction of the member `id` from now for `hours`. An account suspension also ends every
 * session of the member at once (their next request is signed out; a login answers ACCOUNT_SUSPENDED).
 * A broadcasting suspension refuses the member's next publish (a live broadcast is cut by the freeze,
 * broadcast_freeze_proc, which can suspend in the same call).
 */
export async function saveSanction(db: Db, actor: SessionUser, req: SanctionSaveReq): Promise<Sanction> {
  if (!mayApply(actor, req.kind)) throw new AppError('FORBIDDEN');
  const target = await findByLoginId(db, req.id);
  if (!target) throw new AppError('SANCTION_TARGET_NOT_FOUND');
  if (target.role === 'operator' || target.role === 'gm') throw new AppError('SANCTION_STAFF');
  const sn = await db.transaction(async (tx) => {
    const created = await insertSanction(tx, {
      userKey: target.userKey,
      kind: req.kind,
      reason: req.reason,
      hours: req.hours,
      createdBy: actor.userKey,
    });
    if (req.kind === 'account') await deleteAllSessions(tx, target.userKey);
    return created;
  });
  // Once committed: every process drops the member's cached sessions, so the next request is signed out.
  if (req.kind === 'account') await accountChanged(db, target.userKey);
  return (await findSanction(db, sn)) as Sanction;
}

/** sanction_lift_proc: ends a sanction in force now, by someone who may apply its kind. */
export async function endSanction(db: Db, actor: SessionUser, sn: number): Promise<Sanction> {
  const kind = await sanctionKindOf(db, sn);
  if (!kind) throw new AppError('SANCTION_NOT_ACTIVE');
  if (!mayApply(actor, kind)) throw new AppError('FORBIDDEN');
  if (!(await liftSanction(db, sn, actor.userKey))) throw new AppError('SANCTION_NOT_ACTIVE');
  return (await findSanction(db, sn)) as Sanction;
}

/** A sanction's end as the member reads it: KST, to the minute (`2026-11-27 13:00`). */
export function kstUntil(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}
