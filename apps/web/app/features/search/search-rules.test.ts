import type { SearchBjHit, SearchHit, SearchLiveHit, SearchMoreSet, SearchReplayHit } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { hitKey, hitPath, keywordOf, searchKindOfPath, sectionsOf, suggestionsOf, visibleKinds } from './search-rules';

const bj = (n: number, kind: SearchBjHit['kind'] = 'bj'): SearchBjHit => ({
  kind,
  user_key: n,
  id: `bj${n}`,
  nick: `별${n}`,
  profile_image: '',
  bj_type_cd: 'general',
  follower_cnt: n,
  live_vod_key: '',
});
const broadcast = {
  title: '방송',
  tags: [],
  thumbnail: '',
  like_cnt: 0,
  adult_yn: 'N' as const,
  viewer_cnt_hidden_yn: 'N' as const,
  start_date: '',
  bj: bj(1),
};
const live = (key: string): SearchLiveHit => ({ ...broadcast, kind: 'live', vod_key: key, viewer_cnt: 1 });
const replay = (key: string): SearchReplayHit => ({
  ...broadcast,
  kind: 'replay',
  vod_key: key,
  peak_viewer_cnt: 1,
  end_date: '',
  duration_sec: 60,
});

describe('search paths', () => {
  it('reads the kind from the path: /search is all, /search/{kind} that kind', () => {
    expect(searchKindOfPath('/search')).toBe('all');
    expect(searchKindOfPath('/search/')).toBe('all');
    expect(searchKindOfPath('/search/kstar')).toBe('kstar');
    expect(searchKindOfPath('/search/short')).toBe('short');
    for (const other of ['/search/all', '/search/nope', '/search/bj/x', '/sub/live']) {
      expect(searchKindOfPath(other), other).toBe(other === '/search/all' ? 'all' : null);
    }
  });

  it('treats a term without a word (spaces, punctuation) as no term, as the server does', () => {
    expect(keywordOf('  하늘 ')).toBe('하늘');
    expect(keywordOf('ㅎㄴ')).toBe('ㅎㄴ');
    for (const empty of [null, undefined, '', '   ', '!?', ' - ']) expect(keywordOf(empty)).toBeNull();
  });

  it('links broadcasters to their channel, lives to the room, replays to the replay, shorts to the clips feed', () => {
    expect(hitPath(bj(1, 'kstar'))).toBe('/channel/bj/bj1');
    expect(hitPath(live('abc'))).toBe('/play/abc');
    expect(hitPath(replay('def'))).toBe('/vod/def');
    expect(hitPath({ kind: 'short', clip_sn: 1, vod_key: 'k_1', title: '', thumbnail: '', duration_sec: 1, bj: broadcast.bj })).toBe(
      '/sub/short?clip=k_1',
    );
    expect(hitKey(bj(2, 'program'))).toBe('program:2');
  });
});

describe('grouping', () => {
  const hits: SearchHit[] = [live('l1'), bj(1), bj(2), replay('r1'), bj(3), bj(4), bj(5), live('l2'), bj(6, 'kstar')];

  it('suggests up to 3 per kind, broadcasters first, then lives and replays', () => {
    expect(suggestionsOf(hits).map((g) => [g.kind, g.hits.map(hitKey)])).toEqual([
      ['bj', ['bj:1', 'bj:2', 'bj:3']],
      ['kstar', ['kstar:6']],
      ['live', ['live:l1', 'live:l2']],
      ['replay', ['replay:r1']],
    ]);
  });

  it('makes a section per kind with hits, with its total, in the kinds order', () => {
    const set: SearchMoreSet = {
      kind: 'all',
      keyword: '별',
      data_list: hits,
      data_totalcount: hits.length,
      kind_totals: { bj: 1000, kstar: 1, live: 2, replay: 1, program: 0, short: 0 },
      capped_kinds: ['bj'],
    };
    expect(sectionsOf(set).map((s) => [s.kind, s.total, s.capped, s.hits.length])).toEqual([
      ['bj', 1000, true, 4],
      ['kstar', 1, false, 1],
      ['live', 2, false, 2],
      ['replay', 1, false, 1],
    ]);
  });

  it('hides the kinds of a switched-off feature', () => {
    expect(visibleKinds({ kstar_yn: 'N', program_yn: 'Y' })).toEqual(['bj', 'program', 'live', 'replay', 'short']);
    expect(visibleKinds(undefined)).toHaveLength(6);
  });
});
