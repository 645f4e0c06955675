import { CHAT_LIMITS, type ChatRoomSettings, ChatSettingCode, DEFAULT_CHAT_SETTINGS } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useDialog } from '../../ui/dialogs';
import { primaryButtonClass } from '../../ui/dialogs/styles';
import type { ChatRoom } from './chat-room';

/** Slow mode choices, in seconds (0 is off; at most CHAT_LIMITS.slowModeMaxSec). */
export const SLOW_MODE_CHOICES = [0, 3, 5, 10, 30, 60, 120].filter((s) => s <= CHAT_LIMITS.slowModeMaxSec);

/** Banned words as typed (comma or line separated) → the list the server takes. */
export function parseBannedWords(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const word = raw.trim();
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
  }
  return words;
}

/** The settings whose value differs, in code order (each is one 8100–8105 request). */
export function changedSettings(before: ChatRoomSettings, after: ChatRoomSettings): (keyof ChatRoomSettings)[] {
  return (Object.keys(ChatSettingCode) as (keyof ChatRoomSettings)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

const yn = (v: boolean): 'Y' | 'N' => (v ? 'Y' : 'N');

/** The BJ's chat settings (slow mode, banned words, links, public lists, greeting), sent as 8100–8105. */
export function ChatSettingsForm({ room, close }: { room: ChatRoom; close: () => void }) {
  const { t } = useTranslation('chat');
  const dialog = useDialog();
  const current = room.getSnapshot().model.room?.settings ?? DEFAULT_CHAT_SETTINGS;
  const [slow, setSlow] = useState(current.slow_sec);
  const [words, setWords] = useState(current.banned_words.join(', '));
  const [links, setLinks] = useState(current.links_yn === 'Y');
  const [userList, setUserList] = useState(current.user_list_public_yn === 'Y');
  const [sponsorList, setSponsorList] = useState(current.sponsor_list_public_yn === 'Y');
  const [greeting, setGreeting] = useState(current.greeting);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: ChatRoomSettings = {
      slow_sec: slow,
      banned_words: parseBannedWords(words),
      links_yn: yn(links),
      user_list_public_yn: yn(userList),
      sponsor_list_public_yn: yn(sponsorList),
      greeting: greeting.trim(),
    };
    const fields = changedSettings(current, next);
    if (fields.length === 0) {
      setError(t('settings.unchanged'));
      return;
    }
    setBusy(true);
    for (const field of fields) {
      const answer = await room.client.action({ T: ChatSettingCode[field], value: next[field] });
      if (answer.result !== 1) {
        setBusy(false);
        setError(answer.msg ?? '');
        return;
      }
    }
    setBusy(false);
    dialog.toast(t('settings.saved'));
    close();
  };

  const check = (id: string, label: string, value: boolean, set: (v: boolean) => void) => (
    <label htmlFor={id} className="flex items-center justify-between gap-3 py-1 text-sm">
      <span>{label}</span>
      <input id={id} type="checkbox" checked={value} onChange={(e) => set(e.target.checked)} className="size-5 accent-violet-600" />
    </label>
  );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4 p-5 text-neutral-900" data-chat-settings>
      <label htmlFor="chat-slow" className="block text-sm">
        <span className="mb-1 block font-semibold">{t('settings.slow')}</span>
        <select
          id="chat-slow"
          value={slow}
          onChange={(e) => setSlow(Number(e.target.value))}
          className="w-full rounded border border-neutral-300 px-2 py-2"
        >
          {SLOW_MODE_CHOICES.map((s) => (
            <option key={s} value={s}>
              {s === 0 ? t('settings.slowOff') : t('settings.seconds', { n: s })}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor="chat-banned" className="block text-sm">
        <span className="mb-1 block font-semibold">{t('settings.bannedWords')}</span>
        <textarea
          id="chat-banned"
          value={words}
          onChange={(e) => setWords(e.target.value)}
          rows={3}
          className="w-full rounded border border-neutral-300 px-2 py-2"
        />
        <span className="text-xs text-neutral-500">
          {t('settings.bannedWordsHelp', { max: CHAT_LIMITS.bannedWordsMax, len: CHAT_LIMITS.bannedWordMaxLength })}
        </span>
      </label>
      <div className="divide-y divide-neutral-100">
        {check('chat-links', t('settings.links'), links, setLinks)}
        {check('chat-user-list', t('settings.userList'), userList, setUserList)}
        {check('chat-sponsor-list', t('settings.sponsorList'), sponsorList, setSponsorList)}
      </div>
      <label htmlFor="chat-greeting" className="block text-sm">
        <span className="mb-1 block font-semibold">{t('settings.greeting')}</span>
        <input
          id="chat-greeting"
          value={greeting}
          maxLength={CHAT_LIMITS.greetingMax}
          onChange={(e) => setGreeting(e.target.value)}
          className="w-full rounded border border-neutral-300 px-2 py-2"
        />
        <span className="text-xs text-neutral-500">{t('settings.greetingHelp', { max: CHAT_LIMITS.greetingMax })}</span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex">
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}
