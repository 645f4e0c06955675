import { useEffect, useRef, type VideoHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/react';
import { useUser } from '../../lib/use-site';
import type { ChatRoom } from '../chat';
import type { GuestCallSnapshot } from './guest-call';
import { useCall } from './use-call';

// The call's code (WebRTC, the room's guest messages) loads once the chat room exists, not with the page.
const makeGuestCall = (room: ChatRoom, vodKey: string) => import('./guest-call').then(({ GuestCall }) => new GuestCall(room, vodKey));
const EMPTY: GuestCallSnapshot = { entry: null, closed: null, busy: false, error: null, local: null, link: 'none', videoBlocked: false };

/** A muted <video> showing a MediaStream. */
export function StreamVideo({ stream, ...rest }: { stream: MediaStream | null } & Omit<VideoHTMLAttributes<HTMLVideoElement>, 'ref'>) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);
  return <video ref={ref} autoPlay playsInline {...rest} />;
}

/**
 * The live room's "화상 참여 신청" for signed-in viewers (not the BJ): apply, then while waiting a withdraw
 * button; an invitation to answer; accepted, the camera's self-view with the BJ's controls shown and a
 * leave button. The call itself is GuestCall (guest-call.ts) on the room's chat socket.
 */
export function GuestCallButton({ vodKey, room, bjUserKey }: { vodKey: string; room: ChatRoom | null; bjUserKey: number }) {
  const { t } = useTranslation('guests');
  const me = useUser();
  const { call, snap } = useCall(room, vodKey, makeGuestCall, EMPTY);

  if (!me || me.user_key === bjUserKey) return null;
  const { entry } = snap;
  const button =
    'inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-60';
  const error = snap.error === 'camera' ? t('camera') : snap.error;

  if (!entry || !call) {
    return (
      <div className="flex flex-col gap-1" data-guest-call="idle">
        <button
          type="button"
          disabled={!call || snap.busy}
          onClick={() => void call?.apply()}
          className={`${button} bg-rose-600 text-white hover:bg-rose-500`}
          data-guest-apply
        >
          <span aria-hidden="true">📹</span>
          {t('apply')}
        </button>
        {(error || snap.closed) && (
          <p className="max-w-xs text-xs text-neutral-400" role="status" data-guest-message>
            {error || (snap.closed ? t(`closed.${snap.closed}`) : '')}
          </p>
        )}
      </div>
    );
  }

  if (entry.state === 'applied' || entry.state === 'invited') {
    return (
      <div
        className={`flex w-full flex-wrap items-center gap-2 rounded-xl bg-neutral-900 p-3 text-sm ${
          // An invitation must be seen: on a phone the room's info sits below the chat, out of view, so the
          // invitation floats above the chat input until answered.
          entry.state === 'invited'
            ? 'max-lg:fixed max-lg:inset-x-3 max-lg:bottom-24 max-lg:z-40 max-lg:w-auto max-lg:shadow-xl max-lg:ring-2 max-lg:ring-rose-500'
            : ''
        }`}
        data-guest-call={entry.state}
        role="status"
      >
        <p className="w-full">{entry.state === 'applied' ? t('applied') : t('invited')}</p>
        {entry.state === 'invited' && (
          <>
            <button
              type="button"
              disabled={snap.busy}
              onClick={() => void call.answerInvite(true)}
              className={`${button} bg-rose-600 text-white`}
              data-guest-join
            >
              {t('acceptInvite')}
            </button>
            <button
              type="button"
              disabled={snap.busy}
              onClick={() => void call.answerInvite(false)}
              className={`${button} bg-neutral-700 text-white`}
            >
              {t('refuseInvite')}
            </button>
          </>
        )}
        {entry.state === 'applied' && (
          <button
            type="button"
            disabled={snap.busy}
            onClick={() => void call.leave()}
            className={`${button} bg-neutral-700 text-white`}
            data-guest-leave
          >
            {t('withdraw')}
          </button>
        )}
        {error && <p className="w-full text-xs text-rose-300">{error}</p>}
      </div>
    );
  }

  // Accepted: the self-view, small, with what the BJ applied, and the leave button.
  const videoOff = entry.audio_only === 1 || snap.videoBlocked;
  return (
    <div
      className="flex w-full items-start gap-3 rounded-xl bg-neutral-900 p-3 text-sm"
      data-guest-call="accepted"
      data-guest-link={snap.link}
    >
      <div className="relative aspect-video w-32 shrink-0 overflow-hidden rounded-lg bg-black sm:w-40">
        <StreamVideo
          stream={snap.local}
          muted
          className={`h-full w-full -scale-x-100 object-cover ${videoOff ? 'invisible' : ''}`}
          data-guest-self=""
          aria-label={t('selfView')}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-rose-300">
          <span aria-hidden="true">● </span>
          {snap.link === 'connected' ? t('onAir') : t('connecting')}
        </p>
        {entry.mute === 1 && <p className="text-xs text-neutral-300">{t('muted')}</p>}
        {entry.audio_only === 1 && <p className="text-xs text-neutral-300">{t('audioOnly')}</p>}
        {snap.videoBlocked && <p className="text-xs text-neutral-300">{t('videoBlocked')}</p>}
        {error && <p className="text-xs text-rose-300">{error}</p>}
        <button
          type="button"
          disabled={snap.busy}
          onClick={() => void call.leave()}
          className={`${button} mt-1 self-start bg-neutral-700 text-white`}
          data-guest-leave
        >
          {t('leave')}
        </button>
      </div>
    </div>
  );
}
