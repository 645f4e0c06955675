import { ResultCode } from '@byeol/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { BookmarkButton } from '../channels';
import { AdultGate, BroadcastInfo, LikeButton, NotFoundState, Player, type PlayLoaderData, PlayLoginGate, Stage } from '../play';

/** /vod/{vod_key}: a replay with seeking, or why it cannot be played here (mobile only, gates). */
export function VodPage({ code, info, message }: PlayLoaderData) {
  const { t } = useTranslation('play');
  const [likes, setLikes] = useState<number | undefined>(undefined);
  if (!info) {
    const text =
      code === ResultCode.REPLAY_NOT_FOUND
        ? t('state.replayNotFound')
        : code === ResultCode.BROADCAST_NOT_FOUND || code === ResultCode.INVALID_INPUT
          ? t('state.notFound')
          : message;
    return <NotFoundState text={text} />;
  }
  if (code === ResultCode.LOGIN_REQUIRED) return <PlayLoginGate />;
  let stage: ReactNode;
  if (code === ResultCode.REPLAY_MOBILE_ONLY) {
    stage = (
      <Stage state="mobile-only">
        <p className="text-lg font-bold">{t('state.mobileOnly')}</p>
      </Stage>
    );
  } else if (code === ResultCode.ADULT_REQUIRED) stage = <AdultGate />;
  else if (!info.hls_url) {
    stage = (
      <Stage state="demo">
        <p className="text-lg font-bold">{t('state.demo')}</p>
      </Stage>
    );
  } else stage = <Player hlsUrl={info.hls_url} flvUrl="" live={false} />;
  return (
    <div className="mx-auto max-w-5xl" data-vod-key={info.vod_key} data-broadcast-state="replay">
      {stage}
      <BroadcastInfo
        info={{ ...info, like_cnt: likes ?? info.like_cnt }}
        likeAction={
          <div className="flex flex-wrap items-start gap-x-3">
            <LikeButton info={info} onLiked={setLikes} />
            <div className="mt-3">
              <BookmarkButton vodKey={info.vod_key} />
            </div>
          </div>
        }
      />
    </div>
  );
}
