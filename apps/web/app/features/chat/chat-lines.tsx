import {
  ChatEvent,
  ChatEventDetail,
  type ChatRoomRole,
  ChatSettingCode,
  type ChatUserInfo,
  chatRoomRole,
  chatSticker,
  chatStickerUrl,
  DEFAULT_LANG,
  type Lang,
  localized,
  type OutsideMsgPush,
  VIP_COUNT,
} from '@byeol/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { isStarGiftCode } from '../../lib/star-gift';
import { useLang, useSite } from '../../lib/use-site';
import { isMissionCode, MissionChatLine } from '../missions';
import { isLevelUpCode, LevelUpChatLine } from '../progression';
import { FanBadge, StarGiftLine } from '../wallet';
import { blockScope, type ChatLine } from './chat-model';
import { effectOf } from './effect-queue';

/** The badge of a role (the BJ's name is the site term, SPEC §3). */
export function RoleBadge({ role }: { role: ChatRoomRole }) {
  const { t } = useTranslation('chat');
  const bjName = useSite()?.site.site_terms.BJ_NAME || 'BJ';
  if (role === 'bj')
    return (
      <span className="mr-1 rounded bg-pink-600 px-1 py-px text-[10px] font-bold text-white" data-role-badge="bj">
        {bjName}
      </span>
    );
  if (role === 'manager')
    return (
      <span className="mr-1 rounded bg-emerald-600 px-1 py-px text-[10px] font-bold text-white" data-role-badge="manager">
        {t('role.manager')}
      </span>
    );
  if (role === 'operator')
    return (
      <span className="mr-1 rounded bg-amber-500 px-1 py-px text-[10px] font-bold text-neutral-900" data-role-badge="operator">
        {t('role.operator')}
      </span>
    );
  return null;
}

const standingBadge = 'mr-1 inline-block rounded px-1 py-px text-[10px] font-bold leading-normal';

/** A VIP of the room's BJ (top givers of STAR): 회장 for rank 1, 열혈 for the others; the rank in its title. */
export function VipChatBadge({ rank }: { rank: number | undefined }) {
  const { t } = useTranslation('chat');
  if (rank === undefined || !Number.isInteger(rank) || rank < 1 || rank > VIP_COUNT) return null;
  const president = rank === 1;
  return (
    <span
      className={`${standingBadge} ${president ? 'bg-yellow-300 text-neutral-950' : 'bg-amber-200 text-amber-950'}`}
      title={t('badge.vipRank', { n: rank })}
      data-vip-badge={rank}
    >
      {president ? `♛ ${t('badge.president')}` : t('badge.vip')}
    </span>
  );
}

/** A current paying supporter of the room's BJ. */
export function SupporterChatBadge() {
  const { t } = useTranslation('chat');
  return (
    <span className={`${standingBadge} bg-sky-300 text-sky-950`} data-supporter-badge>
      {t('badge.supporter')}
    </span>
  );
}

/** The member's standing with the room's BJ beside the nick: fan, VIP (회장 / 열혈), supporter. */
export function StandingBadges({ user }: { user: ChatUserInfo }) {
  return (
    <>
      {user.is_fan === 1 && <FanBadge />}
      <VipChatBadge rank={user.vip_rank} />
      {user.is_supporter === 1 && <SupporterChatBadge />}
    </>
  );
}

const nickOf = (user: ChatUserInfo | undefined) => user?.nick ?? '';

const onOff = (push: OutsideMsgPush) => push.data?.off !== 1 && push.data?.off !== true;

/** Star gifts (20–23), items (60, 61) and supporters (220): the gifts issue fills them in; shown generically here. */
export function isGiftCode(code: number): boolean {
  return (
    (code >= ChatEvent.STAR_GIFT_FIRST && code <= ChatEvent.STAR_GIFT_LAST) ||
    code === ChatEvent.ITEM_USE ||
    code === ChatEvent.ITEM_GIFT ||
    code === ChatEvent.SUPPORTER_JOIN
  );
}

/** The generic label of a gift code, or null for other codes. */
export function giftLabel(t: TFunction<'chat'>, code: number): string | null {
  if (code >= ChatEvent.STAR_GIFT_FIRST && code <= ChatEvent.STAR_GIFT_LAST) return t('event.starGift');
  if (code === ChatEvent.ITEM_USE) return t('event.itemUse');
  if (code === ChatEvent.ITEM_GIFT) return t('event.itemGift');
  if (code === ChatEvent.SUPPORTER_JOIN) return t('event.supporter');
  return null;
}

/** The words a system line says for a custom event (SPEC §9), in the viewer's language. Text only. */
export function eventText(t: TFunction<'chat'>, push: OutsideMsgPush, lang: Lang = DEFAULT_LANG): string {
  const nick = nickOf(push.target);
  const value = push.data?.value;
  switch (push.code) {
    case ChatEvent.GREETINGS:
      return push.m ?? '';
    case ChatEvent.ENTER_EFFECT:
      return t('event.enter', { nick: nickOf(push.target ?? push.by) });
    case ChatEvent.FORCED_EXIT:
      return onOff(push) ? t('event.forcedExit', { nick }) : t('event.forcedExitLifted', { nick });
    case ChatEvent.CHANNEL_JOIN:
      return t('event.channelJoin', { nick: nickOf(push.by ?? push.target) });
    case ChatEvent.CHANNEL_LEAVE:
      return t('event.channelLeave', { nick: nickOf(push.by ?? push.target) });
    case ChatEvent.MANAGER_APPOINTED:
      return t('event.managerOn', { nick });
    case ChatEvent.MANAGER_DISMISSED:
      return t('event.managerOff', { nick });
    case ChatEventDetail.FREEZE_ALL_ON:
      return t('event.freezeOn');
    case ChatEventDetail.FREEZE_ALL_OFF:
      return t('event.freezeOff');
    case ChatEventDetail.FREEZE_ALL_STATE:
      return t('event.freezeState');
    case ChatEventDetail.FREEZE_USER_ON:
    case ChatEventDetail.FREEZE_USER_STATE:
      return t('event.userFreezeOn', { nick });
    case ChatEventDetail.FREEZE_USER_OFF:
      return t('event.userFreezeOff', { nick });
    case ChatEvent.HIDE_USER:
      return onOff(push) ? t('event.hideOn', { nick }) : t('event.hideOff', { nick });
    case ChatEvent.CHAT_BLOCK_UPDATE:
      if (blockScope(push) === 'room') return onOff(push) ? t('event.blockRoom', { nick }) : t('event.blockRoomOff', { nick });
      return onOff(push) ? t('event.blockSelf', { nick }) : t('event.blockSelfOff', { nick });
    case ChatEventDetail.OPERATOR_NOTICE_ROOM:
      return t('event.notice', { m: push.m ?? '' });
    case ChatEventDetail.ROOM_NOTICE_SET:
      return t('room.eventNoticeSet', { nick: nickOf(push.by) });
    case ChatEventDetail.ROOM_NOTICE_CLEARED:
      return t('room.eventNoticeCleared', { nick: nickOf(push.by) });
    case ChatEventDetail.MESSAGE_PINNED:
      return t('room.eventPinned', { nick: nickOf(push.by) });
    case ChatEventDetail.PIN_CLEARED:
      return t('room.eventPinCleared', { nick: nickOf(push.by) });
    case ChatEventDetail.OPERATOR_NOTICE_ALL:
      return t('event.noticeAll', { m: push.m ?? '' });
    case ChatEvent.VOD_INFO_UPDATE:
      return t('event.title', { title: typeof push.data?.title === 'string' ? push.data.title : (push.m ?? '') });
    case ChatEvent.VOD_STATE:
      return push.data?.state === 'frozen' ? t('event.frozen') : t('event.ended');
    case ChatSettingCode.slow_sec:
      return typeof value === 'number' && value > 0 ? t('event.slow', { n: value }) : t('event.slowOff');
    case ChatSettingCode.banned_words:
      return t('event.bannedWords', { n: Array.isArray(value) ? value.length : 0 });
    case ChatSettingCode.links_yn:
      return value === 'N' ? t('event.linksOff') : t('event.linksOn');
    case ChatSettingCode.user_list_public_yn:
      return value === 'N' ? t('event.userListOff') : t('event.userListOn');
    case ChatSettingCode.sponsor_list_public_yn:
      return value === 'N' ? t('event.sponsorListOff') : t('event.sponsorListOn');
    case ChatSettingCode.greeting:
      return typeof value === 'string' && value !== '' ? t('event.greetingOn') : t('event.greetingOff');
  }
  const label = giftLabel(t, push.code) ?? t('event.other');
  const who = nickOf(push.by ?? push.target);
  // An item names itself (its name in the viewer's language), its count and, given, its receiver.
  const item = effectOf(push);
  if (item?.kind === 'item') {
    const name = localized(item.names, lang);
    const what = [
      item.receiver ? `→ ${item.receiver}` : '',
      name ? `· ${name}` : '',
      item.cnt > 1 ? `×${formatNumber(item.cnt, lang)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return [`[${label}]`, item.nick, what, item.message].filter(Boolean).join(' ');
  }
  return [`[${label}]`, who, push.m ?? ''].filter(Boolean).join(' ');
}

/** How a system line looks: notices stand out, moderation is muted, gifts are warm. */
function eventTone(code: number): string {
  if (code === ChatEventDetail.OPERATOR_NOTICE_ROOM || code === ChatEventDetail.OPERATOR_NOTICE_ALL)
    return 'bg-amber-500/15 text-amber-200';
  if (code === ChatEvent.GREETINGS) return 'text-violet-300';
  if (isGiftCode(code)) return 'bg-pink-500/15 text-pink-200';
  return 'text-neutral-400';
}

/** One line of the list: a message (nick clickable for the namecard), a whisper, or a system line. */
export function ChatLineView({
  line,
  dimmed,
  bjUserKey,
  meKey,
  onNick,
}: {
  line: ChatLine;
  dimmed: boolean;
  bjUserKey: number;
  meKey: number;
  /** A nick was pressed: its user and this line's text and id (the namecard can report or pin the line). */
  onNick: (user: ChatUserInfo, quote?: string, mid?: string) => void;
}) {
  const { t } = useTranslation('chat');
  const lang = useLang();
  if (line.kind === 'closed') {
    return (
      <p className="px-3 py-1.5 text-center text-sm font-semibold text-neutral-300" data-chat-line="closed">
        {line.state === 'frozen' ? t('event.frozen') : t('event.ended')}
      </p>
    );
  }
  if (line.kind === 'event') {
    if (isStarGiftCode(line.event.code)) return <StarGiftLine push={line.event} />;
    if (line.event.code === ChatEvent.STICKER)
      return <StickerLine push={line.event} dimmed={dimmed} bjUserKey={bjUserKey} meKey={meKey} onNick={onNick} />;
    // Mission steps (40–46, issue 23): their own line, in the viewer's language.
    if (isMissionCode(line.event.code)) return <MissionChatLine push={line.event} />;
    // Level-ups (110 member, 111 BJ, 112 fan; issue 23): their own line, in the viewer's language.
    if (isLevelUpCode(line.event.code)) return <LevelUpChatLine push={line.event} />;
    return (
      <p
        className={`mx-2 my-0.5 rounded px-2 py-1 text-xs ${eventTone(line.event.code)}`}
        data-chat-line="event"
        data-code={line.event.code}
      >
        {eventText(t, line.event, lang)}
      </p>
    );
  }
  const { user, whisper } = line;
  const mine = user.user_key === meKey;
  const nickButton = (who: ChatUserInfo) => (
    <button
      type="button"
      onClick={() => onNick(who, line.text, whisper ? undefined : line.id)}
      className={`font-semibold hover:underline ${who.user_key === meKey ? 'text-violet-300' : 'text-sky-300'}`}
      data-chat-nick={who.user_key}
    >
      {who.nick}
    </button>
  );
  if (whisper) {
    const other = whisper === 'sent' ? line.to : user;
    return (
      <div
        className="mx-2 my-0.5 rounded bg-fuchsia-500/15 px-2 py-1 text-sm text-fuchsia-100"
        data-chat-line="whisper"
        data-whisper={whisper}
      >
        <span className="mr-1 text-xs text-fuchsia-300">
          {whisper === 'sent' ? t('whisper.sent', { nick: other?.nick ?? '' }) : t('whisper.received', { nick: other?.nick ?? '' })}
        </span>
        {other && whisper === 'received' ? nickButton(other) : null}
        <span className="ml-1 break-words whitespace-pre-wrap">{line.text}</span>
      </div>
    );
  }
  return (
    <div
      className={`px-3 py-0.5 text-sm leading-relaxed ${dimmed ? 'opacity-40' : ''} ${mine ? 'bg-white/5' : ''}`}
      data-chat-line="message"
      data-user-key={user.user_key}
      data-dimmed={dimmed ? 'true' : undefined}
    >
      <RoleBadge role={chatRoomRole(user, bjUserKey)} />
      <StandingBadges user={user} />
      {nickButton(user)}
      <span className="ml-2 break-words whitespace-pre-wrap text-neutral-100" data-chat-text>
        {line.text}
      </span>
      {line.translation && <TranslationView text={line.translation.text} target={line.translation.target} />}
    </div>
  );
}

/** A sticker (12): the sender with their badges, then the sticker's picture (its name for screen readers). */
function StickerLine({
  push,
  dimmed,
  bjUserKey,
  meKey,
  onNick,
}: {
  push: OutsideMsgPush;
  dimmed: boolean;
  bjUserKey: number;
  meKey: number;
  onNick: (user: ChatUserInfo) => void;
}) {
  const { t } = useTranslation('chat');
  const sticker = chatSticker(push.data?.sticker);
  const user = push.by;
  if (!sticker || !user) return null;
  return (
    <div
      className={`flex items-center gap-1 px-3 py-0.5 text-sm ${dimmed ? 'opacity-40' : ''} ${user.user_key === meKey ? 'bg-white/5' : ''}`}
      data-chat-line="sticker"
      data-sticker={sticker.id}
      data-user-key={user.user_key}
    >
      <span className="shrink-0">
        <RoleBadge role={chatRoomRole(user, bjUserKey)} />
        <StandingBadges user={user} />
        <button
          type="button"
          onClick={() => onNick(user)}
          className={`font-semibold hover:underline ${user.user_key === meKey ? 'text-violet-300' : 'text-sky-300'}`}
          data-chat-nick={user.user_key}
        >
          {user.nick}
        </button>
      </span>
      <img
        src={chatStickerUrl(sticker.id)}
        alt={t(`room.sticker.${sticker.id}`)}
        title={t(`room.sticker.${sticker.id}`)}
        width={56}
        height={56}
        className="ml-1 h-14 w-14"
        loading="lazy"
      />
    </div>
  );
}

/** A message's translation (caption 250) under it: small and muted, with its language's tag. */
function TranslationView({ text, target }: { text: string; target: Lang }) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation('common');
  const label = t('translation.label', { lang: tc(`language.${target}`) });
  return (
    <span className="mt-0.5 block break-words whitespace-pre-wrap text-xs leading-snug text-neutral-400" data-chat-translation={target}>
      <span
        className="mr-1 inline-block rounded bg-white/10 px-1 py-px align-[1px] text-[10px] font-semibold leading-none text-neutral-300"
        title={label}
        aria-hidden="true"
      >
        {target === 'zh-CN' ? 'ZH' : target.toUpperCase()}
      </span>
      <span className="sr-only">{label}: </span>
      <span lang={target}>{text}</span>
    </span>
  );
}
