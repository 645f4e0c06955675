import { useTranslation } from '../../i18n/react';
import { LoginGate } from '../../ui/login-gate';

/** /play and /vod when there is no broadcast to show: the reason, in place of the player. */
export function NotFoundState({ text }: { text: string }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 text-center text-neutral-200" data-state="not-found">
      <p className="text-lg font-bold">{text}</p>
    </div>
  );
}

/** /play and /vod of a login-required broadcast for a signed-out viewer: the sign-in panel opens in place. */
export function PlayLoginGate() {
  const { t } = useTranslation('play');
  return (
    <div className="text-neutral-100">
      <LoginGate signedIn={false} title={t('gate.loginTitle')}>
        {null}
      </LoginGate>
    </div>
  );
}
