import { describe, expect, it } from 'vitest';
import {
  clockOf,
  concertListPath,
  concertPlayPath,
  concertSnOf,
  concertTabOf,
  countdown,
  doorsMinutes,
  holderAction,
  isConcertPlayPath,
  parseWaitingEvent,
  waitingStreamUrl,
  withMediaToken,
} from './concert-rules';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const concert = (over: Partial<Parameters<typeof holderAction>[0]> = {}) => ({
  state: 'scheduled' as const,
  doors_at: iso(T0 + 3600_000),
  vod_key: '',
  replay_yn: 'Y' as const,
  replay_until: null,
  live_yn: 'N' as const,
  ...over,
});

describe('concert rules', () => {
  it('reads the tab and the id of the URL', () => {
    expect(concertTabOf(new URLSearchParams('tab=live'))).toBe('live');
    expect(concertTabOf(new URLSearchParams('tab=nope'))).toBe('upcoming');
    expect(concertTabOf(new URLSearchParams(''))).toBe('upcoming');
    expect(concertSnOf('12')).toBe(12);
    expect(concertSnOf('0')).toBe(0);
    expect(concertSnOf('1e3x')).toBe(0);
    expect(concertSnOf(undefined)).toBe(0);
    expect(concertListPath()).toBe('/concert');
    expect(concertListPath('past')).toBe('/concert?tab=past');
    expect(concertPlayPath(7, 'a b')).toBe('/concert/7/play/a%20b');
    expect(waitingStreamUrl(7)).toBe('/v1/concert/waiting_stream?concert_sn=7');
  });

  it('tells a holder what the ticket opens at the server time', () => {
    expect(holderAction(concert(), T0)).toBe('countdown');
    // Doors passed while the page was open: the state still says scheduled, the clock decides.
    expect(holderAction(concert(), T0 + 3600_000)).toBe('waiting');
    expect(holderAction(concert({ state: 'doors' }), T0)).toBe('waiting');
    expect(holderAction(concert({ state: 'live', vod_key: 'abc' }), T0)).toBe('watch');
    expect(holderAction(concert({ state: 'live', vod_key: '' }), T0)).toBe('waiting');
    expect(holderAction(concert({ state: 'ended', vod_key: 'abc', replay_until: iso(T0 + 1000) }), T0)).toBe('replay');
    expect(holderAction(concert({ state: 'ended', vod_key: 'abc', replay_until: iso(T0 - 1000) }), T0)).toBe('ended');
    expect(holderAction(concert({ state: 'ended', vod_key: 'abc', replay_yn: 'N', replay_until: iso(T0 + 1000) }), T0)).toBe('ended');
    expect(holderAction(concert({ state: 'cancelled' }), T0)).toBe('cancelled');
  });

  it('counts down by the given clock', () => {
    const c = countdown(T0, T0 + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 400);
    expect(c).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(clockOf(c)).toBe('03:04:05');
    expect(countdown(T0, T0 - 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, left: 0 });
    expect(doorsMinutes({ doors_at: iso(T0), starts_at: iso(T0 + 3600_000) })).toBe(60);
  });

  it('reads the waiting room events and refuses anything else', () => {
    expect(
      parseWaitingEvent('{"type":"state","state":"doors","starts_at":"2026-11-22T11:00:00Z","now":"2026-11-22T10:00:00Z","vod_key":""}'),
    ).toEqual({
      type: 'state',
      state: 'doors',
      starts_at: '2026-11-22T11:00:00Z',
      now: '2026-11-22T10:00:00Z',
      vod_key: '',
    });
    expect(parseWaitingEvent('{"type":"start","vod_key":"abc","play_path":"/concert/7/play/abc"}')).toEqual({
      type: 'start',
      vod_key: 'abc',
      play_path: '/concert/7/play/abc',
    });
    expect(parseWaitingEvent('not json')).toBeNull();
    expect(parseWaitingEvent('{"type":"start"}')).toBeNull();
    expect(parseWaitingEvent('null')).toBeNull();
    expect(isConcertPlayPath('/concert/7/play/abc')).toBe(true);
    expect(isConcertPlayPath('https://evil.example/concert/7/play/abc')).toBe(false);
    expect(isConcertPlayPath('//evil.example/x')).toBe(false);
  });

  it('puts the current media token on every media URL, replacing an older one', () => {
    expect(withMediaToken('/media/live/abc/master.m3u8?ct=old', 'new')).toBe('/media/live/abc/master.m3u8?ct=new');
    expect(withMediaToken('/media/live/abc/high/seg1.ts', 'tok')).toBe('/media/live/abc/high/seg1.ts?ct=tok');
    expect(withMediaToken('http://h:3000/media/live/abc/high/index.m3u8?x=1', 'tok')).toBe(
      'http://h:3000/media/live/abc/high/index.m3u8?x=1&ct=tok',
    );
    expect(withMediaToken('/media/flv/abc.flv', '')).toBe('/media/flv/abc.flv');
  });
});
