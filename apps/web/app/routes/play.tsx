import { livePlayVodKey } from '@byeol/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * A live room (SPEC §2 /play/{vod_key}, also under /concert/{id}). The live-video issue fills it with
 * the player and chat; until then it says the service is being prepared (SPEC §8).
 */
export default function Play() {
  const { t } = useTranslation();
  const vodKey = livePlayVodKey(useLocation().pathname) ?? '';
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h1 className="text-xl font-bold">{t('play.room', { vodKey })}</h1>
      <p className="mt-4 text-neutral-400" role="status">
        {t('play.preparing')}
      </p>
    </div>
  );
}
