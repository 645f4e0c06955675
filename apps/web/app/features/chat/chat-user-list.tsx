import { type ChatUserInfo, isChatModerator, type RoomUserListParam } from '@byeol/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { RoleBadge, StandingBadges } from './chat-lines';
import { type ChatModel, myRole, roleOf } from './chat-model';
import type { ChatRoom } from './chat-room';

/** The room's signed-in users (ROOM_USER_LIST), moderators first, each opening the namecard. */
export function ChatUserList({ room, model, onUser }: { room: ChatRoom; model: ChatModel; onUser: (user: ChatUserInfo) => void }) {
  const { t } = useTranslation('chat');
  const lang = useLang();
  const [list, setList] = useState<RoomUserListParam | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [failure, setFailure] = useState('');
  const moderator = isChatModerator(myRole(model));
  const privateList = model.room?.settings.user_list_public_yn === 'N' && !moderator;
  const countHidden = model.room?.count_hidden === 1 && !moderator;

  const load = useCallback(async () => {
    setState('loading');
    const answer = await room.loadUsers();
    if (answer) {
      setList(answer);
      setState('ready');
    } else {
      setFailure(t('users.failed'));
      setState('failed');
    }
  }, [room, t]);

  useEffect(() => {
    if (!privateList) void load();
  }, [load, privateList]);

  if (privateList) return <p className="p-4 text-sm text-neutral-400">{t('users.private')}</p>;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-chat-users>
      <div className="flex items-center justify-between px-3 py-2 text-xs text-neutral-400">
        <span data-chat-user-count>
          {countHidden ? t('viewersHidden', { ns: 'common' }) : t('users.count', { n: formatNumber(model.userCount, lang) })}
        </span>
        <button type="button" onClick={() => void load()} className="rounded px-2 py-1 hover:bg-white/10">
          {t('users.refresh')}
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {state === 'loading' && !list && <p className="p-4 text-sm text-neutral-400">{t('users.loading')}</p>}
        {state === 'failed' && <p className="p-4 text-sm text-red-300">{failure}</p>}
        {list && list.user_list.length === 0 && <p className="p-4 text-sm text-neutral-400">{t('users.empty')}</p>}
        {list && list.user_list.length > 0 && (
          <ul>
            {list.user_list.map((user) => {
              const seen = model.known[user.user_key] ?? user;
              return (
                <li key={user.user_key}>
                  <button
                    type="button"
                    onClick={() => onUser(seen)}
                    className="w-full px-3 py-1.5 text-left text-sm hover:bg-white/5"
                    data-chat-user={user.user_key}
                  >
                    <RoleBadge role={roleOf(model, seen)} />
                    <StandingBadges user={user} />
                    <span className="font-semibold text-neutral-100">{user.nick}</span>
                    <span className="ml-1 text-xs text-neutral-500">({user.id})</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="px-3 py-2 text-xs text-neutral-500">{t('users.guests')}</p>
      </div>
    </div>
  );
}
