import {
  CHAT_LIMITS,
  ChatEvent,
  ChatEventDetail,
  ChatPush,
  type ChatStickerId,
  type ChatUserInfo,
  charCount as chars,
  type FreezeAllowRole,
  isChatModerator,
  type OutsideMsgPush,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { isStarGiftCode, STAR_GIFT_DOM_EVENT, type StarGiftDomDetail } from '../../lib/star-gift';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import type { ChatClientSnapshot } from './chat-client';
import { ChatMessageList } from './chat-message-list';
import { type ChatModel, findUserByNick, inputBlock, myRole, parseWhisperCommand, visibleLines } from './chat-model';
import { ChatNamecard } from './chat-namecard';
import type { ChatRoom } from './chat-room';
import { NoticeBanner, NoticeForm, PinBar, StickerPicker, StickerToggle } from './chat-room-board';
import { ChatSettingsForm } from './chat-settings';
import { ChatUserList } from './chat-user-list';
import { useChatRoom } from './use-chat-room';

/** The freeze choices a moderator picks from (who may still talk besides the moderators). */
const FREEZE_CHOICES = [
  { key: 'tools.freezeAll', allow: [] },
  { key: 'tools.freezeFans', allow: ['fan'] },
  { key: 'tools.freezeFollowers', allow: ['fan', 'follower'] },
] as const satisfies ReadonlyArray<{ key: string; allow: readonly FreezeAllowRole[] }>;

/** The connection as the viewer sees it, with a retry button once the client gave up. */
function ConnectionState({ connection, onRetry }: { connection: ChatClientSnapshot; onRetry: () => void }) {
  const { t } = useTranslation('chat');
  const { status } = connection;
  if (status === 'joined' || status === 'closed') return null;
  const text =
    status === 'disconnected'
      ? t('status.disconnected')
      : status === 'reconnecting' || connection.attempt > 0
        ? t('status.reconnecting')
        : status === 'connected'
          ? t('status.connected')
          : status === 'idle'
            ? t('status.idle')
            : t('status.connecting');
  return (
    <div
      className="flex items-center justify-between gap-2 bg-neutral-800 px-3 py-1.5 text-xs text-neutral-300"
      role="status"
      data-chat-connection={status}
    >
      <span>
        {text}
        {connection.lastError?.msg && status !== 'connecting' ? ` · ${connection.lastError.msg}` : ''}
      </span>
      {status === 'disconnected' && (
        <button type="button" onClick={onRetry} className="rounded bg-violet-600 px-2 py-1 font-semibold text-white">
          {t('status.retry')}
        </button>
      )}
    </div>
  );
}

/** The SPEC §8 states that replace the input (blocked, forced out, frozen), or the room's end. */
function useBlockedText(model: ChatModel, connection: ChatClientSnapshot): string | null {
  const { t } = useTranslation('chat');
  const lang = useLang();
  const ended = connection.status === 'closed' ? connection.ended : null;
  if (ended?.reason === 'forced-out') return ended.msg || resultMessage('CHAT_FORCED_OUT', lang);
  if (ended?.reason === 'blocked') return ended.msg || resultMessage('CHAT_BLOCKED', lang);
  if (ended?.reason === 'refused') return ended.msg;
  switch (inputBlock(model)) {
    case 'closed':
      return model.closed?.state === 'frozen' ? t('event.frozen') : t('event.ended');
    case 'forced-out':
      return resultMessage('CHAT_FORCED_OUT', lang);
    case 'blocked':
      return resultMessage('CHAT_BLOCKED', lang);
    case 'user-frozen':
      return resultMessage('CHAT_USER_FROZEN', lang);
    case 'room-frozen': {
      const allow = model.room?.frozen_allow ?? [];
      if (allow.includes('follower')) return resultMessage('CHAT_FROZEN_FOLLOWERS', lang);
      return resultMessage(allow.includes('fan') ? 'CHAT_FROZEN_FANS' : 'CHAT_FROZEN', lang);
    }
  }
  if (ended?.reason === 'room-closed') return ended.msg || t('event.ended');
  return null;
}

/** The message box: 1..messageMax characters with a counter, Enter sends, `/w nick text` whispers. */
function ChatInput({
  room,
  joined,
  whisperTo,
  setWhisperTo,
  me,
  moderator,
}: {
  room: ChatRoom;
  joined: boolean;
  whisperTo: ChatUserInfo | null;
  setWhisperTo: (user: ChatUserInfo | null) => void;
  /** For the sticker picker: fan-only stickers need the fan badge (moderators use any). */
  me: ChatUserInfo | null;
  moderator: boolean;
}) {
  const { t } = useTranslation('chat');
  const lang = useLang();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [stickers, setStickers] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const length = chars(text.trim());
  const tooLong = length > CHAT_LIMITS.messageMax;

  useEffect(() => {
    if (whisperTo) inputRef.current?.focus();
  }, [whisperTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    if (tooLong) {
      setError(resultMessage('CHAT_MESSAGE_LENGTH', lang, { max: CHAT_LIMITS.messageMax }));
      return;
    }
    if (!joined) {
      setError(t('input.notJoined'));
      return;
    }
    setSending(true);
    try {
      let answer: { result: number; msg?: string };
      const command = whisperTo ? null : parseWhisperCommand(trimmed);
      if (whisperTo) answer = await room.client.whisper(whisperTo.user_key, trimmed);
      else if (command) {
        let target = findUserByNick(room.getSnapshot().model, command.nick);
        if (!target) {
          await room.loadUsers();
          target = findUserByNick(room.getSnapshot().model, command.nick);
        }
        if (!target) {
          setError(t('input.whisperUnknown', { nick: command.nick }));
          return;
        }
        answer = await room.client.whisper(target.user_key, command.text);
      } else answer = await room.client.send(trimmed);
      if (answer.result === 1) {
        setText('');
        setError('');
      } else setError(answer.msg ?? '');
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  };

  const sendSticker = async (id: ChatStickerId) => {
    if (!joined) {
      setError(t('input.notJoined'));
      return;
    }
    const answer = await room.client.action({ T: ChatEvent.STICKER, value: id });
    if (answer.result === 1) {
      setError('');
      setStickers(false);
    } else setError(answer.msg ?? '');
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="border-t border-neutral-800 p-2" data-chat-form>
      {stickers && <StickerPicker me={me} moderator={moderator} onPick={(id) => void sendSticker(id)} />}
      {whisperTo && (
        <div className="mb-1 flex items-center gap-2 text-xs text-fuchsia-300" data-chat-whisper-to={whisperTo.user_key}>
          <span>{t('input.whisperTo', { nick: whisperTo.nick })}</span>
          <button
            type="button"
            onClick={() => setWhisperTo(null)}
            className="rounded px-1 hover:bg-white/10"
            aria-label={t('input.cancelWhisper')}
          >
            ✕
          </button>
        </div>
      )}
      <div className="flex items-center gap-2">
        <StickerToggle open={stickers} onToggle={() => setStickers((v) => !v)} />
        <input
          ref={inputRef}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
          aria-label={t('input.label')}
          aria-invalid={tooLong || undefined}
          placeholder={t('input.placeholder')}
          autoComplete="off"
          enterKeyHint="send"
          className={`min-w-0 flex-1 rounded bg-neutral-800 px-3 py-2 text-sm text-neutral-100 placeholder:text-neutral-500 focus:outline-2 focus:outline-violet-500 ${
            whisperTo ? 'ring-1 ring-fuchsia-400' : ''
          }`}
          data-chat-input
        />
        <button
          type="submit"
          disabled={sending || length === 0 || tooLong}
          className="rounded bg-violet-600 px-3 py-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          {t('input.send')}
        </button>
      </div>
      <div className="mt-1 flex items-start justify-between gap-2 text-xs">
        <p role="alert" className="text-red-300" data-chat-error>
          {error}
        </p>
        <span className={`shrink-0 tabular-nums ${tooLong ? 'text-red-300' : 'text-neutral-500'}`} data-chat-counter>
          {t('input.counter', { n: length, max: CHAT_LIMITS.messageMax })}
        </span>
      </div>
    </form>
  );
}

export interface ChatPanelProps {
  vodKey: string;
  /** A vod info update (240) changed the title. */
  onTitle?: (title: string) => void;
  /** The room closed (ROOM_CLOSE or vod state 8000): the page reloads its data to show the new state. */
  onClosed?: () => void;
  /** The room this panel joined (null before and after): the page's gift cards over the video read the same socket. */
  onRoom?: (room: ChatRoom | null) => void;
}

/**
 * The chat of a live room (/play/{vod_key}): messages with role badges, whispers, the namecard with the
 * tools the viewer's role allows, the BJ/moderator toolbar, the user list, and the SPEC §8 states.
 */
export function ChatPanel({ vodKey, onTitle, onClosed, onRoom }: ChatPanelProps) {
  const { t } = useTranslation('chat');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const { room, snap } = useChatRoom(vodKey, { enabled: true, userKey: user?.user_key ?? 0 });
  const { model, connection } = snap;
  const [tab, setTab] = useState<'chat' | 'users'>('chat');
  const [whisperTo, setWhisperTo] = useState<ChatUserInfo | null>(null);
  const role = myRole(model);
  const moderator = model.me !== null && isChatModerator(role);
  const owner = role === 'bj' || role === 'operator';
  const lines = useMemo(() => visibleLines(model), [model]);
  const blockedText = useBlockedText(model, connection);

  // Star gifts of the room, told to the rest of the page (the gift ranking reloads on them).
  useEffect(() => {
    if (!room) return;
    return room.client.on('frames', (frames) => {
      for (const frame of frames) {
        const push = frame.param as unknown as OutsideMsgPush;
        if (frame.service !== ChatPush.OUTSIDE_MSG || typeof push?.code !== 'number' || !isStarGiftCode(push.code)) continue;
        window.dispatchEvent(new CustomEvent<StarGiftDomDetail>(STAR_GIFT_DOM_EVENT, { detail: { vodKey, push } }));
      }
    });
  }, [room, vodKey]);

  // The page follows the room: a new title (240), and the end or freeze of the broadcast.
  const title = model.room?.title;
  const latest = useRef({ onTitle, onClosed, onRoom });
  latest.current = { onTitle, onClosed, onRoom };
  useEffect(() => {
    latest.current.onRoom?.(room);
  }, [room]);
  const firstTitle = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (title === undefined) return;
    if (firstTitle.current === undefined) firstTitle.current = title;
    else latest.current.onTitle?.(title);
  }, [title]);
  const closed = model.closed !== null || connection.ended?.reason === 'room-closed';
  useEffect(() => {
    if (closed) latest.current.onClosed?.();
  }, [closed]);

  const openNamecard = useCallback(
    (target: ChatUserInfo, quote?: string, mid?: string) => {
      if (!room || target.user_key === 0) return;
      void dialog.layer<void>(
        (close) => (
          <ChatNamecard room={room} vodKey={vodKey} user={target} quote={quote} mid={mid} onWhisper={setWhisperTo} close={() => close()} />
        ),
        { title: t('namecard.title') },
      );
    },
    [dialog, room, t, vodKey],
  );

  const openNotice = () => {
    if (!room) return;
    void dialog.layer<void>((close) => <NoticeForm room={room} notice={model.room?.notice ?? null} close={() => close()} />, {
      title: t('room.noticeTitle'),
    });
  };

  const openSettings = () => {
    if (!room) return;
    void dialog.layer<void>((close) => <ChatSettingsForm room={room} close={() => close()} />, { title: t('settings.title') });
  };

  const toggleFreeze = async () => {
    if (!room) return;
    const frozen = model.room?.frozen === 1;
    let allow: FreezeAllowRole[] = [];
    if (!frozen) {
      // Who may still talk: nobody but the moderators, the fan club, or the fan club and the followers.
      const picked = await dialog.layer<FreezeAllowRole[] | null>(
        (close) => (
          <div className="flex flex-col gap-2 p-1" data-freeze-choice>
            <p className="text-sm">{t('tools.confirmFreeze')}</p>
            {FREEZE_CHOICES.map((choice) => (
              <button
                key={choice.key}
                type="button"
                onClick={() => close([...choice.allow])}
                className="rounded bg-neutral-800 px-3 py-2 text-left text-sm font-semibold text-white hover:bg-neutral-700"
                data-freeze-allow={choice.allow.join(',')}
              >
                {t(choice.key)}
              </button>
            ))}
          </div>
        ),
        { title: t('tools.freeze') },
      );
      if (!picked) return;
      allow = picked;
    }
    const answer = await room.client.action(
      frozen ? { T: ChatEventDetail.FREEZE_ALL_OFF } : { T: ChatEventDetail.FREEZE_ALL_ON, ...(allow.length > 0 ? { value: allow } : {}) },
    );
    if (answer.result !== 1) dialog.toast(answer.msg ?? '');
  };

  const joined = connection.status === 'joined';
  let footer: ReactNode;
  if (blockedText !== null) {
    footer = (
      <p className="border-t border-neutral-800 px-3 py-4 text-center text-sm font-semibold text-amber-200" role="status" data-chat-blocked>
        {blockedText}
      </p>
    );
  } else if (!user) {
    footer = (
      <div
        className="flex items-center justify-between gap-2 border-t border-neutral-800 px-3 py-3 text-sm text-neutral-300"
        data-chat-sign-in
      >
        <span>{t('input.signIn')}</span>
        <button
          type="button"
          onClick={() => void signIn.open()}
          className="shrink-0 rounded bg-violet-600 px-3 py-1.5 font-semibold text-white"
        >
          {t('input.signInButton')}
        </button>
      </div>
    );
  } else if (room) {
    footer = (
      <ChatInput room={room} joined={joined} whisperTo={whisperTo} setWhisperTo={setWhisperTo} me={model.me} moderator={moderator} />
    );
  }

  const tabClass = (active: boolean) =>
    `whitespace-nowrap px-3 py-2 text-sm font-semibold ${active ? 'border-b-2 border-violet-500 text-white' : 'text-neutral-400 hover:text-neutral-200'}`;

  return (
    <section
      className="flex h-full min-h-0 flex-col bg-neutral-900 text-neutral-100"
      aria-label={t('panel.label')}
      data-chat
      data-chat-status={connection.status}
      data-chat-role={model.me ? role : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-y-1 border-b border-neutral-800 pr-2">
        <div role="tablist" className="flex">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'chat'}
            className={tabClass(tab === 'chat')}
            onClick={() => setTab('chat')}
          >
            {t('panel.tabChat')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'users'}
            className={tabClass(tab === 'users')}
            onClick={() => setTab('users')}
          >
            {t('panel.tabUsers')} {/* The BJ may keep the viewer count private: then only moderators see how many are here. */}
            {(model.room?.count_hidden !== 1 || moderator) && (
              <span className="text-xs text-neutral-400" data-chat-tab-count>
                {formatNumber(model.userCount, lang)}
              </span>
            )}
          </button>
        </div>
        {moderator && joined && (
          <div className="ml-auto flex gap-1 py-1" role="toolbar" aria-label={t('panel.tools')} data-chat-tools>
            <button
              type="button"
              onClick={openNotice}
              aria-pressed={model.room?.notice ? true : undefined}
              className="whitespace-nowrap rounded bg-neutral-800 px-2 py-1 text-xs font-semibold hover:bg-neutral-700"
              data-chat-notice-tool
            >
              {t('room.noticeTool')}
            </button>
            <button
              type="button"
              onClick={() => void toggleFreeze()}
              aria-pressed={model.room?.frozen === 1}
              className="whitespace-nowrap rounded bg-neutral-800 px-2 py-1 text-xs font-semibold hover:bg-neutral-700"
            >
              {model.room?.frozen === 1 ? t('tools.unfreeze') : t('tools.freeze')}
            </button>
            {owner && (
              <button
                type="button"
                onClick={openSettings}
                className="whitespace-nowrap rounded bg-neutral-800 px-2 py-1 text-xs font-semibold hover:bg-neutral-700"
              >
                {t('tools.settings')}
              </button>
            )}
          </div>
        )}
      </div>
      <ConnectionState connection={connection} onRetry={() => room?.client.retry()} />
      {model.room?.notice && <NoticeBanner notice={model.room.notice} />}
      {model.room?.pin && room && <PinBar pin={model.room.pin} moderator={moderator} room={room} />}
      {tab === 'chat' || !room ? (
        <ChatMessageList
          lines={lines}
          added={model.added}
          bjUserKey={model.room?.bj_user_key ?? 0}
          meKey={model.me?.user_key ?? 0}
          onNick={openNamecard}
        />
      ) : (
        <ChatUserList room={room} model={model} onUser={openNamecard} />
      )}
      {footer}
    </section>
  );
}
