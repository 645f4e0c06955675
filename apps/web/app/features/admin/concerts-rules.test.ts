import { type ConcertInfo, ResultCode } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { concertFieldOf, concertProcBody, concertValues, doorsMinutesOf, kstZoned, ticketsOf } from './concerts-rules';

const stored = {
  concert_sn: 7,
  title: '별빛 콘서트',
  lineup: ['하늘', '바다'],
  price: 3000,
  doors_at: '2030-05-01T10:00:00.000Z',
  starts_at: '2030-05-01T11:30:00.000Z',
  ends_at: '2030-05-01T13:30:00.000Z',
  bj: { user_key: 1, id: 'skybj', nick: '하늘', profile_image: '' },
  description: '본문',
  notice: '공지',
  refund_rule: '환불',
  replay_days: 3,
  replay_play_max: 2,
} as unknown as ConcertInfo;

describe('concerts console rules', () => {
  it('starts a new concert with the contract defaults', () => {
    expect(concertValues(null)).toMatchObject({ doors_minutes: '60', replay_days: '7', replay_play_max: '0', price: '' });
  });

  it('reads a stored concert into the form in KST', () => {
    expect(concertValues(stored)).toMatchObject({
      lineup: '하늘\n바다',
      bj_id: 'skybj',
      price: '3000',
      starts_at: '2030-05-01T20:30',
      ends_at: '2030-05-01T22:30',
      doors_minutes: '90',
      replay_days: '3',
      replay_play_max: '2',
    });
    expect(doorsMinutesOf({ doors_at: 'x', starts_at: 'y' })).toBe(60);
  });

  it('sends the times with the KST zone', () => {
    expect(kstZoned('2030-05-01T20:30')).toBe('2030-05-01T20:30+09:00');
    expect(kstZoned('tomorrow')).toBe('tomorrow');
    const body = concertProcBody(7, concertValues(stored), 0) as Record<string, unknown>;
    expect(body).toMatchObject({ concert_sn: 7, starts_at: '2030-05-01T20:30+09:00', poster_file_sn: 0, lineup: '하늘\n바다' });
    expect('concert_sn' in (concertProcBody(0, concertValues(null), 12) as object)).toBe(false);
  });

  it('shows a refusal under the field it names, else under its code’s field', () => {
    expect(concertFieldOf(ResultCode.INVALID_INPUT, 'price')).toBe('price');
    expect(concertFieldOf(ResultCode.INVALID_INPUT, 'poster_file_sn')).toBe('poster');
    expect(concertFieldOf(ResultCode.CONCERT_BJ_NOT_FOUND, undefined)).toBe('bj_id');
    expect(concertFieldOf(ResultCode.CONCERT_TIMES_INVALID, undefined)).toBe('ends_at');
    expect(concertFieldOf(ResultCode.CONCERT_NOT_FOUND, 'concert_sn')).toBe('');
  });

  it('reads the concert whose tickets are listed', () => {
    expect(ticketsOf(new URLSearchParams('tickets=12'))).toBe(12);
    expect(ticketsOf(new URLSearchParams('tickets=abc'))).toBe(0);
    expect(ticketsOf(new URLSearchParams(''))).toBe(0);
  });
});
