import { CHANNEL_LIMITS, type ChannelProfile, type SubscribeItem } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { commentRefusal, feedRefusal, messageRefusal } from './channel-form-rules';
import { charCount, liveFollows, safeHref, shownProfileFields, vipTitle } from './channel-rules';

describe('comment and message forms', () => {
  it('counts code points, as the server does', () => {
    expect(charCount('별★😀')).toBe(3);
  });

  it('refuses an empty or too long comment with the contract codes', () => {
    expect(commentRefusal('demo_haneul', '   ')).toBe('CHANNEL_CONTENT_REQUIRED');
    expect(commentRefusal('demo_haneul', 'a'.repeat(CHANNEL_LIMITS.commentMax + 1))).toBe('CHANNEL_COMMENT_LENGTH');
    expect(commentRefusal('demo_haneul', '😀'.repeat(CHANNEL_LIMITS.commentMax))).toBeNull();
    expect(commentRefusal('demo_haneul', '응원해요')).toBeNull();
  });

  it('refuses an empty or too long feed post with the contract codes, keeping line breaks', () => {
    expect(feedRefusal(' \n ')).toBe('CHANNEL_CONTENT_REQUIRED');
    expect(feedRefusal('a'.repeat(CHANNEL_LIMITS.feedMax + 1))).toBe('CHANNEL_FEED_LENGTH');
    expect(feedRefusal('😀'.repeat(CHANNEL_LIMITS.feedMax))).toBeNull();
    expect(feedRefusal('첫 줄\n둘째 줄')).toBeNull();
  });

  it('refuses a message without recipient or content, naming each field', () => {
    expect(messageRefusal('', '')).toEqual({ to_id: 'required', content: 'MESSAGE_REQUIRED' });
    expect(messageRefusal('not an id!', 'hi')).toEqual({ to_id: 'invalid' });
    expect(messageRefusal('fan_01', 'x'.repeat(CHANNEL_LIMITS.messageMax + 1))).toEqual({ content: 'MESSAGE_LENGTH' });
    expect(messageRefusal('fan_01', '안녕하세요')).toBeNull();
  });
});

describe('channel display', () => {
  it('names VIP rank 1 the president and hides ranks outside the VIPs', () => {
    expect(vipTitle(1)).toBe('president');
    expect(vipTitle(2)).toBe('rank');
    expect(vipTitle(20)).toBe('rank');
    expect(vipTitle(21)).toBeNull();
    expect(vipTitle(null)).toBeNull();
    expect(vipTitle(0)).toBeNull();
  });

  it('shows only the profile fields that have something', () => {
    const profile: ChannelProfile = {
      activity_name_ko: '하늘별',
      activity_name_en: ' ',
      debut_date: '',
      agency: '별엔터',
      intro: '',
      operating_plan: '',
      social_url: 'https://example.com/sky',
      tags: [],
    };
    expect(shownProfileFields(profile)).toEqual(['activity_name_ko', 'agency', 'social_url']);
  });

  it('links only http(s) URLs', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('javascript:alert(1)')).toBe('');
    expect(safeHref('instagram @sky')).toBe('');
  });

  it('keeps the follows that are live now', () => {
    const base = { user_key: 1, id: 'a', nick: 'A', profile_image: '', subscribed_at: '', follower_cnt: 0 };
    const broadcast = {
      vod_key: 'v',
      title: 't',
      thumbnail: '',
      viewer_cnt: 3,
      viewer_cnt_hidden_yn: 'N' as const,
      start_date: '',
      adult_yn: 'N' as const,
    };
    const items: SubscribeItem[] = [
      { ...base, live: { ...broadcast, state: 'live' } },
      { ...base, user_key: 2, live: null },
      { ...base, user_key: 3, live: { ...broadcast, state: 'ended' } },
    ];
    expect(liveFollows(items).map((i) => i.user_key)).toEqual([1]);
  });
});
