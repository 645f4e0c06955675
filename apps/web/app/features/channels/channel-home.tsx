import type { ChannelBroadcast } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, fromNow } from '../../lib/format';
import { channelPath, playPath, vodPath } from '../../lib/links';
import { useLang, useSite } from '../../lib/use-site';
import { useViewerCount } from '../../lib/use-viewer-count';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { EmptyState } from '../../ui/list-ui';
import { ChannelMainImage } from './channel-images';
import { useChannel } from './channel-layout';

/**
 * The channel's home tab: the live broadcast (to /play/{vod_key}) when the BJ is on air, else the newest
 * replay (to /vod/{vod_key}), else a note that there is nothing yet (under the main image when there is one); beside it the newest replay (while
 * live) and the start of the introduction.
 */
export function ChannelHome() {
  const { t } = useTranslation('channels');
  const info = useChannel();
  const lang = useLang();
  const shown = info.live ?? info.latest_replay;
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-channel-home>
      <section aria-labelledby="channel-now">
        <h2 id="channel-now" className="text-lg font-bold">
          {info.live ? t('home.live') : t('home.latest')}
        </h2>
        {shown ? (
          <BroadcastCard broadcast={shown} live={info.live !== null} />
        ) : info.images.main_image ? (
          // Nothing on air or kept yet: the channel's main image stands in, with the same note under it.
          <figure className="mt-3" data-empty="channel-home">
            <ChannelMainImage src={info.images.main_image} nick={info.bj.nick} />
            <figcaption className="mt-2 text-sm text-neutral-600">{t('home.empty')}</figcaption>
          </figure>
        ) : (
          <EmptyState name="channel-home" text={t('home.empty')} />
        )}
        {info.replay_cnt > 0 && (
          <Link
            to={channelPath(info.bj.id, 'play')}
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-dark hover:underline"
            data-all-replays
          >
            {t('home.allReplays', { n: formatNumber(info.replay_cnt, lang) })}
          </Link>
        )}
      </section>
      {((info.live && info.latest_replay) || info.profile.intro.trim() !== '') && (
        <div className="space-y-8">
          {info.live && info.latest_replay && (
            <section aria-labelledby="channel-latest">
              <h2 id="channel-latest" className="text-lg font-bold">
                {t('home.latest')}
              </h2>
              <BroadcastCard broadcast={info.latest_replay} live={false} />
            </section>
          )}
          {info.profile.intro.trim() !== '' && (
            <section aria-labelledby="channel-intro">
              <h2 id="channel-intro" className="text-lg font-bold">
                {t('profile.intro')}
              </h2>
              <p className="mt-3 line-clamp-6 whitespace-pre-line text-sm text-neutral-700">{info.profile.intro}</p>
              <Link
                to={channelPath(info.bj.id, 'profile')}
                className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-dark hover:underline"
              >
                {t('home.toProfile')}
              </Link>
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/** The live broadcast or a replay as a card: thumbnail, title, viewers and when. */
function BroadcastCard({ broadcast, live }: { broadcast: ChannelBroadcast; live: boolean }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const viewers = useViewerCount();
  const now = useSite()?.now ?? Date.now();
  return (
    <Link
      to={live ? playPath(broadcast.vod_key) : vodPath(broadcast.vod_key)}
      className="mt-3 block rounded-xl hover:opacity-90 focus-visible:outline-2 focus-visible:outline-brand"
      data-channel-broadcast={live ? 'live' : 'replay'}
      data-vod-key={broadcast.vod_key}
    >
      <BroadcastThumb
        src={broadcast.thumbnail}
        label={broadcast.title}
        badge={live ? t('badge.live') : undefined}
        corner={broadcast.adult_yn === 'Y' ? t('badge.adult') : undefined}
      />
      <p className="mt-2 line-clamp-2 font-semibold">{broadcast.title}</p>
      <p className="text-sm text-neutral-600">
        {/* A replay's viewer_cnt is not its peak (the head carries no peak): only when it was on. */}
        {live && `${viewers(broadcast.viewer_cnt, broadcast.viewer_cnt_hidden_yn, (n) => t('home.viewers', { n }))} · `}
        {t('home.started', { time: fromNow(broadcast.start_date, lang, now) })}
      </p>
    </Link>
  );
}
