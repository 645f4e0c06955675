import type { MissionType, OutsideMsgPush } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { clockText, isSettleCode, missionEventOf } from './mission-rules';
import { contributorsLine, missionLineText } from './mission-text';

/** Small pieces of missions shared by the board, the chat and the effects page (issue 23). */

export function TypeBadge({ type, className = '' }: { type: MissionType; className?: string }) {
  const { t } = useTranslation('missions');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ${
        type === 'battle' ? 'bg-orange-700 text-white' : 'bg-sky-700 text-white'
      } ${className}`}
      data-mission-type-badge={type}
    >
      {t(`type.${type}`)}
    </span>
  );
}

/** A running mission's time left (4:59 남음), or that its time is up and the result is awaited. */
export function MissionTimer({ endsAt, now, className }: { endsAt: string | null; now: number; className?: string }) {
  const { t } = useTranslation('missions');
  if (!endsAt) return null;
  const left = Date.parse(endsAt) - now;
  return (
    <span className={`tabular-nums ${className ?? ''}`} data-mission-timer={left > 0 ? 'running' : 'up'}>
      {left > 0 ? t('endsIn', { time: clockText(left) }) : t('timeUp')}
    </span>
  );
}

const LINE_TONE: Record<'step' | 'paid' | 'refund', string> = {
  step: 'bg-sky-500/15 text-sky-100',
  paid: 'bg-gradient-to-r from-sky-500/30 via-violet-500/25 to-pink-500/30 text-white',
  refund: 'bg-neutral-500/20 text-neutral-200',
};

/**
 * A mission step (40–46) in the chat: one plain-text line in the viewer's language with separated numbers;
 * a payout also names its first contributors. Text only: titles and nicks are never read as HTML.
 */
export function MissionChatLine({ push }: { push: OutsideMsgPush }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const star = useStarName();
  const words = { t, lang, star };
  const text = missionLineText(words, push);
  const data = missionEventOf(push);
  if (!text || !data) return null;
  const m = data.mission;
  const paid = m.state === 'success' || (m.state === 'settled' && (m.winner_side ?? 0) > 0);
  const tone = !isSettleCode(push.code) ? 'step' : paid ? 'paid' : 'refund';
  const who = paid ? contributorsLine(words, data.contributors ?? [], 3) : '';
  return (
    <div
      className={`mx-2 my-1 rounded-lg px-2 py-1.5 text-sm ${LINE_TONE[tone]}`}
      data-chat-line="mission"
      data-code={push.code}
      data-mission-sn={m.mission_sn}
    >
      <p className="font-semibold break-words">
        <span aria-hidden="true">🎯 </span>
        {text}
      </p>
      {who && (
        <p className="mt-0.5 text-xs break-words opacity-90" data-mission-contributors>
          {who}
        </p>
      )}
    </div>
  );
}
