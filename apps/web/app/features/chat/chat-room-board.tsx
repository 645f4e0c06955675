import {
  CHAT_LIMITS,
  CHAT_STICKERS,
  ChatEventDetail,
  type ChatPinnedMessage,
  type ChatRoomNotice,
  type ChatStickerId,
  type ChatUserInfo,
  charCount as chars,
  chatStickerUrl,
  mayUseSticker,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLang } from '../../lib/use-site';
import type { ChatRoom } from './chat-room';

/**
 * What the BJ puts above and beside the chat (issue 24): the room notice as a banner (120/121), the pinned
 * message in a pin bar (130/131), the notice form of the moderators, and the sticker picker (12). All text
 * is rendered as text, never HTML.
 */

/** The room notice over the chat: one line, a press shows it whole. */
export function NoticeBanner({ notice }: { notice: ChatRoomNotice }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      onClick={() => setOpen((v) => !v)}
      aria-expanded={open}
      className="flex w-full items-start gap-2 border-b border-amber-500/30 bg-amber-500/15 px-3 py-2 text-left text-sm text-amber-100"
      data-chat-notice
    >
      <span className="shrink-0 rounded bg-amber-400 px-1.5 py-px text-[11px] font-bold text-neutral-950">{t('room.notice')}</span>
      <span className={`min-w-0 flex-1 break-words ${open ? 'whitespace-pre-wrap' : 'truncate'}`} data-chat-notice-text>
        {notice.m}
      </span>
      <span className="sr-only">{t('room.noticeBy', { nick: notice.by.nick })}</span>
    </button>
  );
}

/** The pinned message under the notice; moderators unpin it here. */
export function PinBar({ pin, moderator, room }: { pin: ChatPinnedMessage; moderator: boolean; room: ChatRoom }) {
  const { t } = useTranslation('chat');
  const [error, setError] = useState('');
  const unpin = async () => {
    const answer = await room.client.action({ T: ChatEventDetail.PIN_CLEARED });
    setError(answer.result === 1 ? '' : (answer.msg ?? ''));
  };
  return (
    <div className="border-b border-neutral-800 bg-neutral-800/70 px-3 py-1.5 text-sm" data-chat-pin={pin.mid}>
      <div className="flex items-start gap-2">
        <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-sky-300" />
        <p className="min-w-0 flex-1 break-words">
          <span className="sr-only">{t('room.pinned')}: </span>
          <span className="mr-1.5 font-semibold text-sky-300">{pin.user.nick}</span>
          <span className="text-neutral-100" data-chat-pin-text>
            {pin.m}
          </span>
        </p>
        {moderator && (
          <button
            type="button"
            onClick={() => void unpin()}
            className="-my-1 shrink-0 rounded px-2 py-1 text-xs font-semibold text-neutral-300 hover:bg-white/10"
            data-chat-unpin
          >
            {t('room.unpin')}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** A push pin, drawn (no emoji font is assumed). */
export function PinIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 16 16" className={className} aria-hidden="true" fill="currentColor">
      <path d="M10.3 1.3a1 1 0 0 1 1.4 0l3 3a1 1 0 0 1 0 1.4l-.7.7a1 1 0 0 1-1.1.2l-2.3 2.3.3 2.6a1 1 0 0 1-.3.8l-.8.8a.5.5 0 0 1-.7 0L6.5 10.5 2.4 14.6a.5.5 0 0 1-.7-.7l4.1-4.1-2.6-2.6a.5.5 0 0 1 0-.7l.8-.8a1 1 0 0 1 .8-.3l2.6.3 2.3-2.3a1 1 0 0 1 .2-1.1Z" />
    </svg>
  );
}

/** The moderators' notice form: the text with its counter, post or take down. */
export function NoticeForm({ room, notice, close }: { room: ChatRoom; notice: ChatRoomNotice | null; close: () => void }) {
  const { t } = useTranslation('chat');
  const lang = useLang();
  const [text, setText] = useState(notice?.m ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const n = chars(text.trim());
  const run = async (clear: boolean) => {
    if (!clear && (n < 1 || n > CHAT_LIMITS.roomNoticeMax)) {
      setError(resultMessage('CHAT_NOTICE_LENGTH', lang, { max: CHAT_LIMITS.roomNoticeMax }));
      return;
    }
    setBusy(true);
    const answer = clear
      ? await room.client.action({ T: ChatEventDetail.ROOM_NOTICE_CLEARED })
      : await room.client.action({ T: ChatEventDetail.ROOM_NOTICE_SET }, text.trim());
    setBusy(false);
    if (answer.result === 1) close();
    else setError(answer.msg ?? '');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(false);
  };
  return (
    <form onSubmit={submit} className="space-y-3 p-4 text-neutral-900" noValidate data-notice-form>
      <div>
        <label htmlFor="chat-notice" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('room.noticeLabel')}
        </label>
        <textarea
          id="chat-notice"
          value={text}
          rows={3}
          onChange={(e) => {
            setText(e.target.value.replace(/[\r\n]+/g, ' '));
            setError('');
          }}
          aria-invalid={error !== '' || n > CHAT_LIMITS.roomNoticeMax}
          aria-describedby="chat-notice-msg"
          className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500"
        />
        <div id="chat-notice-msg" className="mt-1 flex items-start justify-between gap-2 text-xs">
          {error ? (
            <p role="alert" className="text-red-600">
              {error}
            </p>
          ) : (
            <p className="text-neutral-500">{t('room.noticeHelp', { max: CHAT_LIMITS.roomNoticeMax })}</p>
          )}
          <span className={`shrink-0 tabular-nums ${n > CHAT_LIMITS.roomNoticeMax ? 'text-red-600' : 'text-neutral-500'}`}>
            {t('input.counter', { n, max: CHAT_LIMITS.roomNoticeMax })}
          </span>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        {notice && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(true)}
            className="min-h-11 rounded-lg border border-neutral-300 px-3 text-sm font-semibold"
            data-notice-clear
          >
            {t('room.noticeClear')}
          </button>
        )}
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white"
          data-notice-save
        >
          {t('room.noticeSave')}
        </button>
      </div>
    </form>
  );
}

/** The stickers next to the chat input: fan-only ones are marked, and locked for members without the fan badge. */
export function StickerPicker({
  me,
  moderator,
  onPick,
}: {
  me: ChatUserInfo | null;
  moderator: boolean;
  onPick: (id: ChatStickerId) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <div
      role="group"
      aria-label={t('room.stickerPicker')}
      className="mb-2 grid grid-cols-4 gap-1.5 rounded-lg bg-neutral-800 p-2 sm:grid-cols-8"
      data-sticker-picker
    >
      <p className="col-span-full flex items-center gap-1 text-[11px] text-neutral-400">
        <span
          className="flex h-3.5 w-3.5 items-center justify-center rounded-full bg-rose-500 text-[9px] leading-none text-white"
          aria-hidden="true"
        >
          ♥
        </span>
        {t('room.stickerFansOnly')}
      </p>
      {CHAT_STICKERS.map((s) => {
        const locked = !mayUseSticker(s, me, moderator);
        const name = t(`room.sticker.${s.id}`);
        return (
          <button
            key={s.id}
            type="button"
            disabled={locked}
            onClick={() => onPick(s.id)}
            title={s.fan_only ? `${name} · ${t('room.stickerFansOnly')}` : name}
            className="relative flex min-h-14 flex-col items-center justify-center rounded-md p-1 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40"
            data-sticker-pick={s.id}
          >
            <img src={chatStickerUrl(s.id)} alt="" width={40} height={40} className="h-10 w-10" />
            <span className="sr-only">{s.fan_only ? `${name} (${t('room.stickerFansOnly')})` : name}</span>
            {s.fan_only && (
              <span
                className="absolute top-0.5 right-0.5 flex h-4 w-4 items-center justify-center rounded-full bg-rose-500 text-[10px] leading-none text-white"
                aria-hidden="true"
              >
                ♥
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The sticker button beside the input (aria-expanded follows the picker). */
export function StickerToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-label={t('room.stickers')}
      title={t('room.stickers')}
      className={`flex h-9 w-9 shrink-0 items-center justify-center rounded ${open ? 'bg-violet-600' : 'bg-neutral-800 hover:bg-neutral-700'}`}
      data-sticker-toggle
    >
      <img src={chatStickerUrl('heart')} alt="" width={22} height={22} className="h-[22px] w-[22px]" />
    </button>
  );
}
