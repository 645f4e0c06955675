import type { Lang, OutsideMsgPush } from '@byeol/contract';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format';
import { levelUpOf } from './progression-rules';

/**
 * The words of a level-up chat line (codes 110–112) in the viewer's language, plain text (never HTML):
 * "{nick}님이 레벨 3이 되었습니다!", with the BJ level named by the site term. Framework-free apart from
 * the `t` it is handed, so the chat and unit tests say the same.
 */
export function levelUpLineText(t: TFunction<'progression'>, push: OutsideMsgPush, bj: string, lang: Lang): string | null {
  const up = levelUpOf(push);
  if (!up) return null;
  const nick = up.nick || t('line.someone');
  const level = formatNumber(up.level, lang);
  if (up.ladder === 'bj') return t('line.bj', { nick, level, bj });
  if (up.ladder === 'fan') return t('line.fan', { nick, level });
  return t('line.user', { nick, level });
}
