/**
 * Korean particles chosen by the word before them (issue 15: '이(가)' and '을(를)' read as machine text):
 * 이/가, 을/를, 은/는, 과/와, 으로/로 and 아/야 by whether the last syllable has a final consonant (으로/로
 * also takes 로 after ㄹ). A word that does not end in Hangul is read the Korean way: digits by their
 * Korean names (1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영 end in a consonant), Latin letters by how English words
 * usually end when read in Korean (…l, …m, …n, …ng, …c, …k, …p, …t end in a consonant: 'Email을', 'CUBIC을', 'STAR를').
 */
export const JOSA_PAIRS = ['이/가', '을/를', '은/는', '과/와', '으로/로', '아/야'] as const;
export type JosaPair = (typeof JOSA_PAIRS)[number];

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final consonant index of ㄹ in a Hangul syllable. */
const RIEUL = 8;

/** 0: no final consonant, RIEUL: ㄹ, anything else: another final consonant. */
function finalOf(word: string): number {
  const trimmed = word.trim().replace(/[\s)\]}"'’”.,!?]+$/u, '');
  const last = trimmed.at(-1);
  if (!last) return 0;
  const code = last.codePointAt(0) as number;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28;
  if (/[0-9]/.test(last)) return { '0': 21, '1': RIEUL, '3': 16, '6': 1, '7': RIEUL, '8': RIEUL }[last] ?? 0;
  const lower = trimmed.toLowerCase();
  if (/ng$/.test(lower)) return 21;
  if (/l$/.test(lower)) return RIEUL;
  if (/[mn]$/.test(lower)) return 4;
  if (/[ckpt]$/.test(lower)) return 1;
  return 0;
}

/** The particle of `pair` for `word` ('정국', '을/를' → '을'). */
export function josaOf(word: string, pair: JosaPair): string {
  const [withFinal, without] = pair.split('/') as [string, string];
  const final = finalOf(word);
  if (pair === '으로/로') return final === 0 || final === RIEUL ? without : withFinal;
  return final === 0 ? without : withFinal;
}

/** The word with its particle ('정국', '을/를' → '정국을'). */
export const withJosa = (word: string, pair: JosaPair) => `${word}${josaOf(word, pair)}`;
