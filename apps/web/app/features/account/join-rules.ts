import { passwordViolations } from '@byeol/contract';

/** What the join still needs before its button can be pressed, in the form's order (issue 15: a disabled button says why). */
export const JOIN_NEEDS = ['agree', 'phone', 'id', 'passwd', 'passwdConfirm', 'nick', 'birth', 'sex', 'guardian'] as const;
export type JoinNeed = (typeof JOIN_NEEDS)[number];

export interface JoinState {
  requiredAgreed: boolean;
  verified: boolean;
  /** The ID as typed passed its duplicate check. */
  idChecked: boolean;
  nickChecked: boolean;
  id: string;
  passwd: string;
  passwdConfirm: string;
  birthDate: string;
  sex: string;
  /** Under 14 (Korea time): a guardian's consent is needed. */
  underGuardianAge: boolean;
  guardianReady: boolean;
}

/** Each step of the join not done yet; empty when the join can be sent. */
export function joinMissing(s: JoinState): JoinNeed[] {
  const passwdOk = s.passwd !== '' && passwordViolations(s.passwd, s.id.trim()).length === 0;
  const missing: Record<JoinNeed, boolean> = {
    agree: !s.requiredAgreed,
    phone: !s.verified,
    id: !s.idChecked,
    passwd: !passwdOk,
    passwdConfirm: s.passwdConfirm === '' || s.passwdConfirm !== s.passwd,
    nick: !s.nickChecked,
    birth: s.birthDate === '',
    sex: s.sex === '',
    guardian: s.underGuardianAge && !s.guardianReady,
  };
  return JOIN_NEEDS.filter((need) => missing[need]);
}

/** The referral code an invite link carries (`/user/join?ref=ID`): a login ID's characters only, else ''. */
export function referralFromLink(search: URLSearchParams): string {
  const ref = (search.get('ref') ?? '').trim();
  return /^[A-Za-z0-9_]{1,40}$/.test(ref) ? ref : '';
}
