import { describe, expect, it } from 'vitest';
import { inviteLink } from '../../lib/links';
import { JOIN_NEEDS, type JoinState, joinMissing, referralFromLink } from './join-rules';

const done: JoinState = {
  requiredAgreed: true,
  verified: true,
  idChecked: true,
  nickChecked: true,
  id: 'starfan01',
  passwd: 'Byeol#2931sky',
  passwdConfirm: 'Byeol#2931sky',
  birthDate: '2000-01-15',
  sex: 'F',
  underGuardianAge: false,
  guardianReady: false,
};

describe('joinMissing (issue 15: why the join button is disabled)', () => {
  it('lists nothing when every step is done', () => {
    expect(joinMissing(done)).toEqual([]);
  });

  it('lists everything a blank form still needs, in the form order', () => {
    const blank: JoinState = {
      ...done,
      requiredAgreed: false,
      verified: false,
      idChecked: false,
      nickChecked: false,
      passwd: '',
      passwdConfirm: '',
      birthDate: '',
      sex: '',
    };
    expect(joinMissing(blank)).toEqual(JOIN_NEEDS.filter((n) => n !== 'guardian'));
  });

  it('names each single missing step', () => {
    expect(joinMissing({ ...done, birthDate: '' })).toEqual(['birth']);
    expect(joinMissing({ ...done, sex: '' })).toEqual(['sex']);
    expect(joinMissing({ ...done, idChecked: false })).toEqual(['id']);
    expect(joinMissing({ ...done, passwd: 'aaa1', passwdConfirm: 'aaa1' })).toEqual(['passwd']);
    expect(joinMissing({ ...done, passwdConfirm: 'other' })).toEqual(['passwdConfirm']);
    // The password must not be the ID.
    expect(joinMissing({ ...done, id: 'Byeol#2931sky' })).toEqual(['passwd']);
    expect(joinMissing({ ...done, underGuardianAge: true })).toEqual(['guardian']);
    expect(joinMissing({ ...done, underGuardianAge: true, guardianReady: true })).toEqual([]);
  });
});

describe('invite links (issue 23: the referral code travels in ?ref=)', () => {
  it('fills in a login ID from the link and nothing else', () => {
    expect(referralFromLink(new URLSearchParams('ref=star_fan01'))).toBe('star_fan01');
    expect(referralFromLink(new URLSearchParams('ref=%20star_fan01%20'))).toBe('star_fan01');
    expect(referralFromLink(new URLSearchParams(''))).toBe('');
    expect(referralFromLink(new URLSearchParams('ref=<script>'))).toBe('');
    expect(referralFromLink(new URLSearchParams(`ref=${'a'.repeat(41)}`))).toBe('');
  });
  it('builds the link the join page reads back', () => {
    const link = inviteLink('https://byeol.example', 'star_fan01');
    expect(link).toBe('https://byeol.example/user/join?ref=star_fan01');
    expect(referralFromLink(new URL(link).searchParams)).toBe('star_fan01');
  });
});
