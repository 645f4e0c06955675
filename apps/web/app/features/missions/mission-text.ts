import { type Lang, type MissionContributor, MissionEvent, type MissionInfo, type OutsideMsgPush } from '@byeol/contract';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format';
import { missionEventOf, sideLabel, topContributors } from './mission-rules';

/**
 * The words of missions (issue 23) in the viewer's language, plain text: chat lines of codes 40–46, a
 * settled mission's result, amounts and timers. Framework-free apart from the `t` it is handed, so the
 * chat, the board and the effects page say the same, and unit tests read them.
 */
export interface MissionWords {
  t: TFunction<'missions'>;
  lang: Lang;
  /** The site term for STAR (CURRENCY_NAME). */
  star: string;
}

/** '{{star}} 1,000개' / '1,000 STAR'. */
export function amountText(w: MissionWords, n: number): string {
  return w.t('amount', { star: w.star, n: formatNumber(n, w.lang) });
}

/** A timer's length: 5분, 1분 30초, 45초. */
export function durationText(w: MissionWords, sec: number): string {
  const m = Math.floor(sec / 60);
  const s = sec % 60;
  if (m === 0) return w.t('duration.sec', { n: s });
  if (s === 0) return w.t('duration.min', { n: m });
  return w.t('duration.minSec', { m, s });
}

/** STAR paid out of escrow at a settlement (the BJ's share and the platform's). */
const paidOf = (m: Pick<MissionInfo, 'paid_star' | 'platform_star'>) => m.paid_star + m.platform_star;

/** A settled mission's result: 성공 · STAR 1,500개, 빨강 승 · …, 실패 · 모두 환불; '' while open. */
export function resultText(w: MissionWords, m: MissionInfo): string {
  switch (m.state) {
    case 'success':
      return w.t('result.success', { amount: amountText(w, paidOf(m)) });
    case 'fail':
      return w.t('result.fail');
    case 'cancelled':
      return w.t('result.cancelled');
    case 'settled':
      return m.winner_side
        ? w.t('result.win', { side: sideLabel(m, m.winner_side), amount: amountText(w, paidOf(m)) })
        : w.t('result.draw');
    default:
      return '';
  }
}

/** The chat line of a mission step (40–46), or null when the push is not a well-formed mission event. */
export function missionLineText(w: MissionWords, push: OutsideMsgPush): string | null {
  const data = missionEventOf(push);
  if (!data) return null;
  const { mission: m } = data;
  const { t } = w;
  const nick = push.by?.nick || m.requester?.nick || t('line.someone');
  const title = m.title;
  switch (push.code) {
    case MissionEvent.REQUEST:
      if (m.mission_type === 'battle')
        return t('line.createdBattle', { nick, title, sides: m.sides.map((s) => s.label).join(t('line.sidesSep')) });
      return data.star_cnt ? t('line.request', { nick, title, amount: amountText(w, data.star_cnt) }) : t('line.created', { nick, title });
    case MissionEvent.ADD: {
      const amount = amountText(w, data.star_cnt ?? 0);
      const side = sideLabel(m, data.side_no);
      return side ? t('line.addSide', { nick, side, amount, title }) : t('line.add', { nick, amount, title });
    }
    case MissionEvent.START:
      return t('line.start', { title, time: durationText(w, m.duration_sec ?? 0) });
    case MissionEvent.SUCCESS:
      return t('line.success', { title, amount: amountText(w, paidOf(m)) });
    case MissionEvent.FAIL:
      return t('line.fail', { title });
    case MissionEvent.CANCEL:
      if (m.cancel_reason === 'timeout') return t('line.cancelTimeout', { title });
      if (m.cancel_reason === 'overdue') return t('line.cancelOverdue', { title });
      if (m.cancel_reason === 'ended') return t('line.cancelEnded', { title });
      return t('line.cancel', { title });
    case MissionEvent.SETTLE:
      return m.winner_side
        ? t('line.win', { side: sideLabel(m, m.winner_side), title, amount: amountText(w, paidOf(m)) })
        : t('line.draw', { title });
    default:
      return null;
  }
}

/** The first `n` contributors with their STAR (함께한 사람들: A (STAR 1,000개), B (STAR 500개) 외 3명); '' for none. */
export function contributorsLine(w: MissionWords, list: readonly MissionContributor[], n: number): string {
  if (list.length === 0) return '';
  const { top, more } = topContributors(list, n);
  const names = top.map((c) => w.t('line.contributor', { nick: c.nick, amount: amountText(w, c.star_cnt) })).join(w.t('line.namesSep'));
  return more > 0 ? w.t('line.contributorsMore', { names, n: formatNumber(more, w.lang) }) : w.t('line.contributors', { names });
}
