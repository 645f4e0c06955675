import { index, route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of channels (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('mypage/subscribe', 'routes/mypage-subscribe.tsx'),
    route('mypage/fanclub', 'routes/mypage-fanclub.tsx'),
    route('mypage/blocking', 'routes/mypage-blocking.tsx'),
    route('mypage/bookmark', 'routes/mypage-bookmark.tsx'),
    route('mypage/message/received', 'routes/mypage-message.tsx', { id: 'mypage-message-received' }),
    route('mypage/message/send', 'routes/mypage-message.tsx', { id: 'mypage-message-send' }),
    // Issue 17: a BJ's channel ({id} is the login ID), its header on every tab.
    route('channel/bj/:id', 'routes/channel.tsx', [
      index('routes/channel-home.tsx'),
      route('play', 'routes/channel-play.tsx'),
      route('fan', 'routes/channel-fan.tsx'),
      route('comment', 'routes/channel-comment.tsx'),
      route('profile', 'routes/channel-profile.tsx'),
      route('feed', 'routes/channel-feed.tsx'),
      route('schedule', 'routes/channel-schedule.tsx'),
    ]),
    // A program account's channel: the same head, its replays and comments.
    route('channel/program/:id', 'routes/channel-program.tsx', [
      index('routes/channel-program-home.tsx'),
      route('comment', 'routes/channel-program-comment.tsx'),
    ]),
  ],
};
