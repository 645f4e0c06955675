import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * SPEC §2 layouts: play pages (optionally under a concert) use `play`, effects pages use `play-effects`,
 * everything else `default`. Each later issue adds its routes to the layout it belongs to.
 */
export default [
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
    route('guide/obs', 'routes/guide.tsx', { id: 'guide-obs' }),
    route('guide/pc', 'routes/guide.tsx', { id: 'guide-pc' }),
    route('guide/mobile', 'routes/guide.tsx', { id: 'guide-mobile' }),
    route('sub/live', 'routes/sub-live.tsx'),
    route('sub/replay', 'routes/sub-replay.tsx'),
    route('store', 'routes/store.tsx'),
    route('store/item', 'routes/store-item.tsx'),
    route('store/item/detail', 'routes/store-item-detail.tsx'),
    route('mypage/item', 'routes/mypage-item.tsx'),
    route('mypage/item/expired', 'routes/mypage-item-expired.tsx'),
    route('mypage/item/gift', 'routes/mypage-item-gift.tsx'),
    route('mypage/details', 'routes/mypage-details.tsx'),
    route('mypage/payment', 'routes/mypage-payment.tsx'),
    route('mypage/payment/bankbook', 'routes/mypage-payment-bankbook.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
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
