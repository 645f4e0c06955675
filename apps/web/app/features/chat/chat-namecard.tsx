import {
  ChatEvent,
  ChatEventDetail,
  type ChatPlugins,
  type ChatUserInfo,
  channelsEndpoints,
  isChatModerator,
  type NamecardSet,
  resultMessage,
  VideoChatCode,
} from '@byeol/contract';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { reportFormPath } from '../../lib/cs-links';
import { formatNumber } from '../../lib/format';
import { channelPath, messageComposePath } from '../../lib/links';
import { useLang } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { useDialog } from '../../ui/dialogs';
import { FanNoBadge, subscribe, VipBadge, vipTitle } from '../channels';
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
    // Video guests (docs/chat-protocol.md "The call"): only the room's BJ invites; the server checks the
    // member's phone verification, the BJ's block list and the guest limits.
    invite: other && myRoomRole === 'bj' && targetRole !== 'operator',
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
const quietLinkClass = linkClass.replace(
  'bg-violet-600 text-white hover:bg-violet-500',
  'bg-neutral-200 text-neutral-900 hover:bg-neutral-300',
);

/** What POST /popup/namecard_broadcast answered for the card: loading, the card, or nothing (the chat's data stands). */
type CardState = { state: 'loading' } | { state: 'ok'; card: NamecardSet } | { state: 'failed' };

/**
 * The member's namecard in this room (issue 17): follower count and follow state, status memo, their fan
 * number and VIP rank with the room's BJ, and the view the viewer's room role gets (SPEC §2/§6). Asked again
 * when the card opens for someone else.
 */
function useRoomNamecard(vodKey: string, userKey: number): [CardState, (card: NamecardSet) => void] {
  const [card, setCard] = useState<CardState>({ state: 'loading' });
  useEffect(() => {
    let gone = false;
    setCard({ state: 'loading' });
    void send(() => api.call(channelsEndpoints.namecardBroadcast, { user_key: userKey, vod_key: vodKey }), '').then((res) => {
      if (gone) return;
      setCard(isOk(res) ? { state: 'ok', card: res.rslt_set } : { state: 'failed' });
    });
    return () => {
      gone = true;
    };
  }, [vodKey, userKey]);
  return [card, (next) => setCard({ state: 'ok', card: next })];
}

/**
 * A BJ's followers and the follow button (a member other than the BJ), or for a guest the SPEC §6
 * login-required message in its place. The press answers the new count.
 */
function FollowRow({
  card,
  signedIn,
  self,
  onChange,
}: {
  card: NamecardSet;
  signedIn: boolean;
  self: boolean;
  onChange: (card: NamecardSet) => void;
}) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const following = card.subscribed_yn === 'Y';

  async function toggle() {
    setBusy(true);
    const res = await subscribe(card.id, !following, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    onChange({ ...card, subscribed_yn: res.rslt_set.subscribed_yn, follower_cnt: res.rslt_set.follower_cnt });
    dialog.toast(
      res.rslt_set.subscribed_yn === 'Y' ? t('header.followed', { nick: card.nick }) : t('header.unfollowed', { nick: card.nick }),
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-namecard-follow={following ? 'on' : 'off'}>
      <span className="text-sm text-neutral-600" data-namecard-followers={card.follower_cnt}>
        {t('header.followers')} <b className="tabular-nums text-neutral-900">{formatNumber(card.follower_cnt, lang)}</b>
      </span>
      {self ? null : signedIn ? (
        <button
          type="button"
          onClick={() => void toggle()}
          disabled={busy}
          aria-pressed={following}
          className={`min-h-11 rounded px-4 text-sm font-semibold disabled:opacity-50 ${
            following ? 'bg-neutral-200 text-neutral-900 hover:bg-neutral-300' : 'bg-brand text-white hover:bg-brand-dark'
          }`}
          data-namecard-follow-button
        >
          {following ? t('header.following') : t('header.follow')}
        </button>
      ) : (
        <p className="w-full text-sm font-semibold text-amber-700" role="note" data-namecard-login-required>
          {resultMessage('LOGIN_REQUIRED', lang)}
        </p>
      )}
    </div>
  );
}

/**
 * The namecard's ways out of the room (issue 17): the member's channel when they are a BJ, a message to them
 * (the compose form, which asks a guest to sign in), and reports (issue 19): of the member, and of the chat
 * line the card was opened from, its author and text filled in on the form. Following a link closes the card.
 */
function NamecardLinks({
  target,
  channelUrl,
  me,
  quote,
  close,
}: {
  target: ChatUserInfo;
  channelUrl: string;
  me: number;
  quote: string;
  close: () => void;
}) {
  const { t } = useTranslation('channels');
  const member = target.user_key !== 0 && target.is_guest !== 1 && target.id !== '';
  const writable = member && target.user_key !== me;
  if (!(member && channelUrl) && !writable) return null;
  return (
    <div className="flex flex-wrap gap-2" data-namecard-links>
      {member && channelUrl && (
        <Link to={channelUrl} onClick={close} className={linkClass} data-namecard-channel={target.id}>
          {t('namecard.channel')}
        </Link>
      )}
      {writable && (
        <Link to={messageComposePath(target.id)} onClick={close} className={quietLinkClass} data-namecard-message={target.id}>
          {t('namecard.message')}
        </Link>
      )}
      {writable && (
        // The report form opens beside the room, so the stream keeps playing (issue 19).
        <a
          href={reportFormPath({ type: 'member', key: target.id })}
          target="_blank"
          rel="noopener"
          onClick={close}
          className={quietLinkClass}
          data-namecard-report={target.id}
        >
          {t('namecard.report')}
        </a>
      )}
      {writable && quote !== '' && (
        <a
          href={reportFormPath({ type: 'chat', key: target.id, quote })}
          target="_blank"
          rel="noopener"
          onClick={close}
          className={quietLinkClass}
          data-namecard-report-chat={target.id}
        >
          {t('namecard.reportChat')}
        </a>
      )}
    </div>
  );
}

/**
 * The user namecard of the chat (SPEC §2 on-demand panel; the viewer's room role, §6): the member's picture,
 * nick and ID, status memo, fan number and VIP rank with this room's BJ, and a BJ's followers with the follow
 * button, from POST /popup/namecard_broadcast; then the panel of the view it answers: the BJ view (the room's
 * BJ, managers, operators) with the moderation the viewer's role allows, the user view with the ways out and
 * whisper and block. Opened from a chat line, it can report that line. Destructive actions confirm first.
 */
export function ChatNamecard({
  room,
  vodKey,
  user,
  quote = '',
  mid,
  onWhisper,
  close,
}: {
  room: ChatRoom;
  vodKey: string;
  user: ChatUserInfo;
  /** The chat line the card was opened from ('' from the user list). */
  quote?: string;
  /** That line's message id: a moderator pins it (130). */
  mid?: string | undefined;
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
  const [loaded, setCard] = useRoomNamecard(vodKey, target.user_key);
  const card = loaded.state === 'ok' ? loaded.card : null;
  // The server's view once it answered; until then (or if it cannot) the room role the chat knows.
  const view: NamecardSet['view'] = card ? card.view : isChatModerator(role) ? 'bj' : 'user';
  const meKey = model.me?.user_key ?? 0;
  const signedIn = model.me !== null && meKey !== 0 && model.me.is_guest !== 1;
  const isBj = card ? card.is_bj === 1 : target.is_bj === 1 || targetRole === 'bj';
  const channelUrl = card ? card.channel_url : isBj && target.id ? channelPath(target.id) : '';

  const act = async (plugins: ChatPlugins, confirmText?: string, doneText = t('namecard.done')) => {
    if (confirmText && !(await dialog.confirm(confirmText))) return;
    setBusy(true);
    const answer = await room.client.action({ ...plugins, target: target.user_key });
    setBusy(false);
    if (answer.result === 1) {
      dialog.toast(doneText);
      close();
    } else setMessage(answer.msg ?? '');
  };

  return (
    <div
      className="space-y-4 p-5 text-neutral-900"
      data-chat-namecard={target.user_key}
      data-namecard-view={view}
      data-namecard-state={loaded.state}
      aria-busy={loaded.state === 'loading'}
    >
      <div className="flex min-w-0 gap-3">
        <Avatar src={card?.profile_image ?? ''} nick={nick} />
        <div className="min-w-0 flex-1">
          <p className="break-all text-lg font-bold">
            <RoleBadge role={targetRole} />
            {nick}
          </p>
          <p className="break-all text-sm text-neutral-500">
            {t('namecard.id')}: {target.id}
          </p>
          {card?.state_memo ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-neutral-700" data-namecard-memo>
              {card.state_memo}
            </p>
          ) : null}
          {card && (card.fan_no || vipTitle(card.vip_rank)) ? (
            <p className="mt-2 flex flex-wrap gap-1.5" data-namecard-standing>
              {card.fan_no ? <FanNoBadge n={card.fan_no} /> : null}
              <VipBadge rank={card.vip_rank} />
            </p>
          ) : null}
        </div>
      </div>
      {card?.is_bj === 1 && <FollowRow card={card} signedIn={signedIn} self={card.user_key === meKey} onChange={setCard} />}
      <NamecardLinks target={target} channelUrl={channelUrl} me={meKey} quote={quote} close={close} />
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
      {mid && isChatModerator(role) && model.room?.pin?.mid !== mid && (
        <div className="flex flex-wrap gap-2 border-t border-neutral-200 pt-3">
          <ActionButton busy={busy} onClick={() => void act({ T: ChatEventDetail.MESSAGE_PINNED, value: mid })}>
            {t('room.pin')}
          </ActionButton>
        </div>
      )}
      {view === 'bj' && (powers.sanction || powers.lift || powers.managers || powers.invite) && (
        <section aria-label={t('namecard.moderation')} className="space-y-2 border-t border-neutral-200 pt-3">
          <h3 className="text-sm font-semibold text-neutral-600">{t('namecard.moderation')}</h3>
          <div className="flex flex-wrap gap-2">
            {powers.invite && (
              <ActionButton
                busy={busy}
                onClick={() =>
                  void act({ T: VideoChatCode.REQUEST, value: { op: 'invite' } }, undefined, t('namecard.invitedGuest', { nick }))
                }
              >
                {t('namecard.inviteGuest')}
              </ActionButton>
            )}
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
