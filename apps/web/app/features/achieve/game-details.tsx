import { useTranslation } from '../../i18n/react';
import { EmptyNote } from '../../ui/list-ui';

/**
 * The game tab of /mypage/details (SPEC §7 details_game; docs/progression.md, Game): there is no game yet,
 * so while the site's game switch is off the call is refused with SERVICE_PREPARING and its message shows;
 * switched on, the history is empty.
 */
export function GameDetails({ total, message }: { total: number | null; message: string }) {
  const { t } = useTranslation('achieve');
  if (total === null) {
    return (
      <p role="alert" className="mt-6 rounded-lg bg-neutral-50 p-6 text-center text-neutral-700" data-details-game-refused>
        {message || t('loadFailed')}
      </p>
    );
  }
  return <EmptyNote name="details-game" text={t('game.empty')} />;
}
