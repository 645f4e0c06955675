import type { OutsideMsgPush } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { useBjTerm, useLang } from '../../lib/use-site';
import { levelUpLineText } from './level-text';
import { levelUpOf } from './progression-rules';

const TONE = {
  user: 'bg-violet-500/20 text-violet-100',
  bj: 'bg-pink-500/20 text-pink-100',
  fan: 'bg-rose-500/15 text-rose-100',
} as const;

/** A level-up line in the live room's chat (codes 110 member, 111 BJ, 112 fan), plain text in the viewer's language. */
export function LevelUpChatLine({ push }: { push: OutsideMsgPush }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const bj = useBjTerm();
  const up = levelUpOf(push);
  const text = levelUpLineText(t, push, bj, lang);
  if (!up || !text) return null;
  return (
    <p
      className={`mx-2 my-1 rounded-lg px-2 py-1.5 text-sm font-semibold break-words ${TONE[up.ladder]}`}
      data-chat-line="level-up"
      data-code={push.code}
      data-ladder={up.ladder}
      data-level={up.level}
    >
      <span aria-hidden="true">🎉 </span>
      {text}
    </p>
  );
}
