import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * SPEC §2 layouts: play pages (optionally under a concert) use `play`, effects pages use `play-effects`,
 * everything else `default`. Each later issue adds its routes to the layout it belongs to.
 */
export default [
  // Resource routes (no layout): what crawlers read.
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    route('user/login', 'routes/user-login.tsx'),
    route('user/join', 'routes/user-join.tsx'),
    route('user/join-social', 'routes/user-join-social.tsx'),
    route('user/join-complete', 'routes/user-join-complete.tsx'),
    route('user/forgot-id', 'routes/user-forgot-id.tsx'),
    route('user/forgot-passwd', 'routes/user-forgot-passwd.tsx'),
    route('mypage', 'routes/mypage.tsx'),
    route('user/adult-verify', 'routes/user-adult-verify.tsx'),
    route('mypage/signup/bj', 'routes/mypage-signup.tsx', { id: 'mypage-signup-bj' }),
    route('mypage/signup/kstar', 'routes/mypage-signup.tsx', { id: 'mypage-signup-kstar' }),
    route('mypage/signup/program', 'routes/mypage-signup.tsx', { id: 'mypage-signup-program' }),
    route('mypage/info', 'routes/mypage-info.tsx'),
    route('mypage/setting', 'routes/mypage-setting.tsx'),
    route('mypage/withdraw', 'routes/mypage-withdraw.tsx'),
    route('mypage/stream', 'routes/mypage-stream.tsx'),
    // Issue 21: a BJ plans their broadcasts (the schedule's own page is /sub/schedule below).
    route('mypage/schedule', 'routes/mypage-schedule.tsx'),
    // Issue 22: the member's clips and shorts (a BJ uploads shorts and turns clipping on or off here).
    route('mypage/short', 'routes/mypage-short.tsx'),
    // Issue 23: my member level, VIP grade and fan levels; a BJ's level and fans.
    route('mypage/level/user', 'routes/mypage-level-user.tsx'),
    route('mypage/level/bj', 'routes/mypage-level-bj.tsx'),
    // Issue 23: today's challenges and their reward, the last seven days, the medals and the referral code.
    route('mypage/achieve', 'routes/mypage-achieve.tsx'),
    route('guide/obs', 'routes/guide.tsx', { id: 'guide-obs' }),
    route('guide/pc', 'routes/guide.tsx', { id: 'guide-pc' }),
    route('guide/mobile', 'routes/guide.tsx', { id: 'guide-mobile' }),
    route('sub/live', 'routes/sub-live.tsx'),
    route('sub/replay', 'routes/sub-replay.tsx'),
    // Issue 22: the program and K-star directories (live first; `/sub/kstar?group=` one group).
    route('sub/program', 'routes/sub-program.tsx'),
    route('sub/kstar', 'routes/sub-kstar.tsx'),
    // Issue 22: the short clips feed (`?order=recent|popular`, `?clip=` opens with one clip).
    route('sub/short', 'routes/sub-short.tsx'),
    // Issue 19: the community board ("stories"): the list, the write/edit form and a post with its comments.
    route('bbs', 'routes/bbs.tsx'),
    route('bbs/form', 'routes/bbs-form.tsx'),
    route('bbs/detail/:id', 'routes/bbs-detail.tsx'),
    // Issue 21: the magazine (its list and articles), the events with their replies, and the audition.
    route('magazine', 'routes/magazine.tsx'),
    route('magazine/:id', 'routes/magazine-detail.tsx'),
    route('sub/event', 'routes/sub-event.tsx'),
    route('sub/event/:id', 'routes/sub-event-detail.tsx'),
    // Issue 21: the broadcast schedule (`?view=week|month&from=YYYY-MM-DD&kind=`).
    route('sub/schedule', 'routes/sub-schedule.tsx'),
    route('audition', 'routes/audition.tsx'),
    // Issue 22: concerts (`?tab=upcoming|live|past`), a concert with its ticket, its details, the waiting room
    // and the holder's replays; the concert's play page is in the play layout below.
    route('concert', 'routes/concert.tsx'),
    route('concert/vod', 'routes/concert-vod.tsx'),
    route('concert/:id', 'routes/concert-info.tsx'),
    route('concert/detail/:id', 'routes/concert-detail.tsx'),
    route('concert/waiting/:id', 'routes/concert-waiting.tsx'),
    // Issue 18: search (the path names the kind, `?keyword=` the term) and the BJ rankings (`?period=`).
    route('search', 'routes/search.tsx', { id: 'search' }),
    route('search/bj', 'routes/search.tsx', { id: 'search-bj' }),
    route('search/kstar', 'routes/search.tsx', { id: 'search-kstar' }),
    route('search/program', 'routes/search.tsx', { id: 'search-program' }),
    route('search/live', 'routes/search.tsx', { id: 'search-live' }),
    route('search/replay', 'routes/search.tsx', { id: 'search-replay' }),
    route('search/short', 'routes/search.tsx', { id: 'search-short' }),
    route('sub/ranking', 'routes/sub-ranking.tsx', { id: 'sub-ranking' }),
    route('sub/ranking/kstar', 'routes/sub-ranking.tsx', { id: 'sub-ranking-kstar' }),
    route('sub/ranking/pib', 'routes/sub-ranking.tsx', { id: 'sub-ranking-pib' }),
    route('sub/ranking/program', 'routes/sub-ranking.tsx', { id: 'sub-ranking-program' }),
    route('sub/ranking/rookie', 'routes/sub-ranking.tsx', { id: 'sub-ranking-rookie' }),
    route('store', 'routes/store.tsx'),
    route('store/item', 'routes/store-item.tsx'),
    route('store/item/detail', 'routes/store-item-detail.tsx'),
    route('store/supporters', 'routes/store-supporters.tsx'),
    route('mypage/supporters', 'routes/mypage-supporters.tsx'),
    route('pg/supporters/success', 'routes/pg-supporters-success.tsx'),
    route('pg/supporters/fail', 'routes/pg-supporters-fail.tsx'),
    route('mypage/item', 'routes/mypage-item.tsx'),
    route('mypage/item/expired', 'routes/mypage-item-expired.tsx'),
    route('mypage/item/gift', 'routes/mypage-item-gift.tsx'),
    route('mypage/details', 'routes/mypage-details.tsx'),
    route('mypage/payment', 'routes/mypage-payment.tsx'),
    route('mypage/payment/bankbook', 'routes/mypage-payment-bankbook.tsx'),
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
    route('pg/success', 'routes/pg-success.tsx'),
    route('pg/fail', 'routes/pg-fail.tsx'),
    route('admin', 'routes/admin.tsx', [
      index('routes/admin-home.tsx'),
      route('deposits', 'routes/admin-deposits.tsx'),
      route('orders', 'routes/admin-orders.tsx'),
      route('products', 'routes/admin-products.tsx'),
      route('items', 'routes/admin-items.tsx'),
      route('grants', 'routes/admin-grants.tsx'),
      route('sanctions', 'routes/admin-sanctions.tsx'),
      route('rankings', 'routes/admin-rankings.tsx'),
      // Issue 23: the level tables of the four ladders (member, VIP, BJ, fan).
      route('levels', 'routes/admin-levels.tsx'),
      route('security', 'routes/admin-security.tsx'),
      route('audit', 'routes/admin-audit.tsx'),
      // Issue 19: the community's moderation and the customer centre.
      route('board', 'routes/admin-board.tsx'),
      route('reports', 'routes/admin-reports.tsx'),
      route('qna', 'routes/admin-qna.tsx'),
      route('cs', 'routes/admin-cs.tsx'),
      route('policies', 'routes/admin-policies.tsx'),
      // Issue 21: the editorial console (magazine, events, site switches) and the account applications.
      route('magazine', 'routes/admin-magazine.tsx'),
      route('events', 'routes/admin-events.tsx'),
      route('site', 'routes/admin-site.tsx'),
      route('applications', 'routes/admin-applications.tsx'),
      // Issue 22: concerts (with their tickets) and the K-stars' agency, group and debut.
      route('concerts', 'routes/admin-concerts.tsx'),
      route('stars', 'routes/admin-stars.tsx'),
    ]),
    // Issue 19: the customer centre (its tabs over every /cs page) and the versioned policies and service guides.
    layout('routes/cs.tsx', [
      route('cs/notice', 'routes/cs-notice.tsx'),
      route('cs/faq', 'routes/cs-faq.tsx'),
      route('cs/qna/question', 'routes/cs-qna-question.tsx'),
      route('cs/qna/answer', 'routes/cs-qna-answer.tsx'),
      route('cs/report', 'routes/cs-report.tsx'),
      route('cs/report/form', 'routes/cs-report-form.tsx'),
    ]),
    route('sub/policy/:id', 'routes/sub-policy.tsx', { id: 'sub-policy' }),
    route('sub/policy/:id/old/:ver', 'routes/sub-policy.tsx', { id: 'sub-policy-old' }),
    route('sub/policy/:id/history', 'routes/sub-policy-history.tsx'),
    route('sub/terms/:id', 'routes/sub-terms.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // SPEC §7 payment popups (window.open): outside the site's layouts, no header or footer.
  route('popup/form_bankbook', 'routes/popup-form-bankbook.tsx'),
  route('popup/complete_payment_bankbook', 'routes/popup-complete-payment-bankbook.tsx'),
  // Issue 24: the BJ's guest studio (video tiles and requests), a bare page for OBS's browser source.
  route('mypage/stream/studio', 'routes/mypage-stream-studio.tsx'),
  layout('layouts/play.tsx', [
    route('play/:vod_key', 'routes/play.tsx', { id: 'play' }),
    route('concert/:id/play/:vod_key', 'routes/play.tsx', { id: 'concert-play' }),
    route('vod/:vod_key', 'routes/vod.tsx'),
  ]),
  layout('layouts/play-effects.tsx', [
    route('play/:vod_key/effects', 'routes/effects.tsx', { id: 'play-effects' }),
    route('play/:vod_key/effects/full', 'routes/effects.tsx', { id: 'play-effects-full' }),
    route('vod/:vod_key/effects', 'routes/effects.tsx', { id: 'vod-effects' }),
    route('vod/:vod_key/effects/full', 'routes/effects.tsx', { id: 'vod-effects-full' }),
  ]),
] satisfies RouteConfig;
