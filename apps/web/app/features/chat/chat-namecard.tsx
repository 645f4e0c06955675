import { ChatEvent, ChatEventDetail, type ChatPlugins, type ChatUserInfo, channelsEndpoints, isChatModerator } from '@byeol/contract';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { channelPath, messageComposePath } from '../../lib/links';
import { useDialog } from '../../ui/dialogs';
import { RoleBadge } from './chat-lines';
import { myRole, roleOf } from './chat-model';
import type { ChatRoom } from './chat-room';

/** What the viewer may do to `target` in this room (SPEC §6; the server checks again whatever we show). */
export function namecardPowers(
  me: ChatUserInfo | null,
  myRoomRole: ReturnType<typeof myRole>,
  target: ChatUserInfo,
  targetRole: ReturnType<typeof myRole>,
) {
  const member = me !== null && me.user_key !== 0 && me.is_guest !== 1;
  const other = member && target.user_key !== 0 && target.user_key !== me?.user_key && target.is_guest !== 1;
  const owner = myRoomRole === 'bj' || myRoomRole === 'operator';
  const moderator = isChatModerator(myRoomRole);
  // The BJ and operators are out of reach; a manager cannot sanction another manager.
  const protectedTarget = targetRole === 'bj' || targetRole === 'operator' || (myRoomRole === 'manager' && targetRole === 'manager');
  return {
    whisper: other,
    blockSelf: other,
    sanction: other && moderator && !protectedTarget,
    lift: other && owner,
    managers: other && owner && targetRole !== 'bj' && targetRole !== 'operator',
  };
}

function ActionButton({ children, onClick, danger, busy }: { children: ReactNode; onClick: () => void; danger?: boolean; busy: boolean }) {
  return (
    <button
      type="button"
      disabled={busy}
      onClick={onClick}
      className={`rounded px-3 py-2 text-sm font-semibold disabled:opacity-50 ${
        danger ? 'bg-red-600/90 text-white hover:bg-red-600' : 'bg-neutral-200 text-neutral-900 hover:bg-neutral-300'
      }`}
    >
      {children}
    </button>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center rounded px-3 text-sm font-semibold bg-violet-600 text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-400';

/**
 * The namecard's ways out of the room (issue 17): the member's channel when they are a BJ, and a message
 * to them (the compose form, which asks a guest to sign in). Following the link closes the namecard.
 */
function NamecardLinks({ target, isBj, me, close }: { target: ChatUserInfo; isBj: boolean; me: number; close: () => void }) {
  const { t } = useTranslation('channels');
  const member = target.user_key !== 0 && target.is_guest !== 1 && target.id !== '';
  const writable = member && target.user_key !== me;
  // The chat knows the room's BJ; whether another member has a channel, their namecard says (/popup/namecard).
  const [hasChannel, setHasChannel] = useState(isBj);
  useEffect(() => {
    if (isBj || !member) return;
    let gone = false;
    void send(() => api.call(channelsEndpoints.namecard, { user_key: target.user_key }), '').then((res) => {
      if (!gone && isOk(res) && res.rslt_set.is_bj === 1) setHasChannel(true);
    });
    return () => {
      gone = true;
    };
  }, [isBj, member, target.user_key]);
  if (!(member && hasChannel) && !writable) return null;
  return (
    <div className="flex flex-wrap gap-2" data-namecard-links>
      {member && hasChannel && (
        <Link to={channelPath(target.id)} onClick={close} className={linkClass} data-namecard-channel={target.id}>
          {t('namecard.channel')}
        </Link>
      )}
      {writable && (
        <Link
          to={messageComposePath(target.id)}
          onClick={close}
          className={linkClass.replace(
            'bg-violet-600 text-white hover:bg-violet-500',
            'bg-neutral-200 text-neutral-900 hover:bg-neutral-300',
          )}
          data-namecard-message={target.id}
        >
          {t('namecard.message')}
        </Link>
      )}
      {writable && (
        // The report form opens beside the room, so the stream keeps playing (issue 19).
        <a
          href={`/cs/report/form?target_type=member&target_key=${encodeURIComponent(target.id)}`}
          target="_blank"
          rel="noopener"
          onClick={close}
          className={linkClass.replace(
            'bg-violet-600 text-white hover:bg-violet-500',
            'bg-neutral-200 text-neutral-900 hover:bg-neutral-300',
          )}
          data-namecard-report={target.id}
        >
          {t('namecard.report')}
        </a>
      )}
    </div>
  );
}

/**
 * The user namecard of the chat (SPEC §2 on-demand panel, with the viewer's room role, §6): nick and ID,
 * whisper, block for myself, and the moderation the viewer's role allows. Destructive actions confirm first.
 */
export function ChatNamecard({
  room,
  user,
  onWhisper,
  close,
}: {
  room: ChatRoom;
  user: ChatUserInfo;
  onWhisper: (user: ChatUserInfo) => void;
  close: () => void;
}) {
  const { t } = useTranslation('chat');
  const dialog = useDialog();
  const { model } = useSyncExternalStore(room.subscribe, room.getSnapshot, room.getSnapshot);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  // The freshest info the room has of this user (a manager appointed since the click shows as such).
  const target = model.known[user.user_key] ?? user;
  const role = myRole(model);
  const targetRole = roleOf(model, target);
  const powers = namecardPowers(model.me, role, target, targetRole);
  const hidden = model.room?.hide_users.includes(target.user_key) ?? false;
  const blockedByMe = model.myBlocks.includes(target.user_key);
  const nick = target.nick;

  const act = async (plugins: ChatPlugins, confirmText?: string) => {
    if (confirmText && !(await dialog.confirm(confirmText))) return;
    setBusy(true);
    const answer = await room.client.action({ ...plugins, target: target.user_key });
    setBusy(false);
    if (answer.result === 1) {
      dialog.toast(t('namecard.done'));
      close();
    } else setMessage(answer.msg ?? '');
  };

  return (
    <div className="space-y-4 p-5 text-neutral-900" data-chat-namecard={target.user_key}>
      <div>
        <p className="text-lg font-bold">
          <RoleBadge role={targetRole} />
          {nick}
        </p>
        <p className="text-sm text-neutral-500">
          {t('namecard.id')}: {target.id}
        </p>
      </div>
      <NamecardLinks target={target} isBj={target.is_bj === 1 || targetRole === 'bj'} me={model.me?.user_key ?? 0} close={close} />
      {(powers.whisper || powers.blockSelf) && (
        <div className="flex flex-wrap gap-2">
          {powers.whisper && (
            <ActionButton
              busy={busy}
              onClick={() => {
                onWhisper(target);
                close();
              }}
            >
              {t('namecard.whisper')}
            </ActionButton>
          )}
          {powers.blockSelf &&
            (blockedByMe ? (
              <ActionButton busy={busy} onClick={() => void act({ T: ChatEvent.CHAT_BLOCK_UPDATE, value: 'self', off: 1 })}>
                {t('namecard.unblockSelf')}
              </ActionButton>
            ) : (
              <ActionButton
                busy={busy}
                onClick={() => void act({ T: ChatEvent.CHAT_BLOCK_UPDATE, value: 'self' }, t('namecard.confirmBlockSelf', { nick }))}
              >
                {t('namecard.blockSelf')}
              </ActionButton>
            ))}
        </div>
      )}
      {(powers.sanction || powers.lift || powers.managers) && (
        <section aria-label={t('namecard.moderation')} className="space-y-2 border-t border-neutral-200 pt-3">
          <h3 className="text-sm font-semibold text-neutral-600">{t('namecard.moderation')}</h3>
          <div className="flex flex-wrap gap-2">
            {powers.sanction && (
              <>
                <ActionButton
                  danger
                  busy={busy}
                  onClick={() => void act({ T: ChatEvent.FORCED_EXIT }, t('namecard.confirmKick', { nick }))}
                >
                  {t('namecard.kick')}
                </ActionButton>
                <ActionButton
                  busy={busy}
                  onClick={() => void act({ T: ChatEventDetail.FREEZE_USER_ON }, t('namecard.confirmSuspend', { nick }))}
                >
                  {t('namecard.suspend')}
                </ActionButton>
                <ActionButton busy={busy} onClick={() => void act({ T: ChatEventDetail.FREEZE_USER_OFF })}>
                  {t('namecard.restore')}
                </ActionButton>
                {hidden ? (
                  <ActionButton busy={busy} onClick={() => void act({ T: ChatEvent.HIDE_USER, off: 1 })}>
                    {t('namecard.unhide')}
                  </ActionButton>
                ) : (
                  <ActionButton busy={busy} onClick={() => void act({ T: ChatEvent.HIDE_USER }, t('namecard.confirmHide', { nick }))}>
                    {t('namecard.hide')}
                  </ActionButton>
                )}
                <ActionButton
                  danger
                  busy={busy}
                  onClick={() => void act({ T: ChatEvent.CHAT_BLOCK_UPDATE, value: 'room' }, t('namecard.confirmBlockRoom', { nick }))}
                >
                  {t('namecard.blockRoom')}
                </ActionButton>
              </>
            )}
            {powers.lift && (
              <ActionButton busy={busy} onClick={() => void act({ T: ChatEvent.FORCED_EXIT, off: 1 })}>
                {t('namecard.liftKick')}
              </ActionButton>
            )}
            {powers.managers &&
              (target.is_manager === 1 ? (
                <ActionButton
                  busy={busy}
                  onClick={() => void act({ T: ChatEvent.MANAGER_DISMISSED }, t('namecard.confirmDismiss', { nick }))}
                >
                  {t('namecard.dismiss')}
                </ActionButton>
              ) : (
                <ActionButton busy={busy} onClick={() => void act({ T: ChatEvent.MANAGER_APPOINTED })}>
                  {t('namecard.appoint')}
                </ActionButton>
              ))}
          </div>
        </section>
      )}
      {message && (
        <p role="alert" className="text-sm text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
