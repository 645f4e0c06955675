import { LANGS, type Lang } from '@byeol/contract';
import { GLOSSARY, type GlossaryEntry } from './glossary-table.js';
import type { Translator } from './translator.js';

/**
 * The `glossary` translator: the project's phrase table for K-pop chat (glossary-table.ts), deterministic
 * and in-process. It is no general translator. The rule (docs/chat-protocol.md, "Translation and captions"):
 *
 *   1. The message is tidied: runs of white space become one space; a run of three or more of ㅋ ㅎ ㅠ ㅜ ｗ 哈
 *      becomes three.
 *   2. From its start, the longest phrase of the source language found there is replaced by the entry's
 *      phrase in the target language. In Korean and English a phrase must stand as a whole word (a Hangul
 *      syllable or digit, in English a letter, digit or apostrophe, may not touch one of its own at either
 *      end: 사랑해요오 is no 사랑해요, but 대박ㅋㅋ is 대박 + ㅋㅋ); Japanese and Chinese match anywhere.
 *   3. Characters outside the source language's script (spaces, punctuation, digits, emoji, names written in
 *      another script such as `BTS` in a Korean message) stay as they are. Two phrases side by side become
 *      two words (a space between) in a Korean or English translation.
 *   4. A letter of the source script that no phrase covers ends it: the message is not translated at all
 *      (no half-translated lines). Nor is a message without any phrase.
 */

const RUN_CHARS = 'ㅋㅎㅠㅜｗ哈';
const RUNS = new RegExp(`([${RUN_CHARS}])\\1{3,}`, 'gu');

/** Step 1: white space and long runs of laughter or tears. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(RUNS, '$1$1$1');
}

interface Phrase {
  /** The form as matched: ASCII letters in lower case. */
  key: string;
  entry: GlossaryEntry;
}

/** Per source language: phrases by their first character, longest first. */
type Index = Map<string, Phrase[]>;

const lowerAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

function buildIndex(lang: Lang): Index {
  const index: Index = new Map();
  for (const entry of GLOSSARY) {
    for (const form of entry[lang]) {
      const key = lowerAscii(tidy(form));
      const first = key[0] as string;
      let list = index.get(first);
      if (!list) {
        list = [];
        index.set(first, list);
      }
      list.push({ key, entry });
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.key.length - a.key.length);
  return index;
}

const INDEXES = new Map<Lang, Index>(LANGS.map((l) => [l, buildIndex(l)]));

const isSyllable = (c: number) => c >= 0xac00 && c <= 0xd7a3;
const isJamo = (c: number) => (c >= 0x3130 && c <= 0x318f) || (c >= 0x1100 && c <= 0x11ff);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isLatin = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);
const isKana = (c: number) => (c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9d);
const isHan = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);

/** A letter of the language's own script: one no phrase covers stops the translation. */
const LETTER: Record<Lang, (c: number) => boolean> = {
  ko: (c) => isSyllable(c) || isJamo(c),
  en: isLatin,
  ja: (c) => isKana(c) || isHan(c),
  'zh-CN': isHan,
};

/** Korean and English phrases are whole words: none of these may touch them. */
const WORD: Partial<Record<Lang, (c: number) => boolean>> = {
  ko: (c) => isSyllable(c) || isDigit(c),
  en: (c) => isLatin(c) || isDigit(c) || c === 0x27,
};

/** The glossary's translation of `text` from `source` into `target`, or null when the rule above gives none. */
export function glossaryTranslate(text: string, source: Lang, target: Lang): string | null {
  if (source === target) return null;
  const index = INDEXES.get(source) as Index;
  const letter = LETTER[source];
  const word = WORD[source];
  const tidied = tidy(text);
  const lower = lowerAscii(tidied);
  const spaced = target === 'ko' || target === 'en';
  let out = '';
  let phrases = 0;
  let lastPhraseEnd = -1;
  let i = 0;
  while (i < lower.length) {
    const c = lower.charCodeAt(i);
    let matched: Phrase | null = null;
    const candidates = index.get(lower[i] as string);
    // A phrase may not start inside a word, nor end in one (only word characters join: 대박ㅋㅋ is two phrases).
    if (candidates && !(word && i > 0 && word(c) && word(lower.charCodeAt(i - 1)))) {
      for (const p of candidates) {
        if (!lower.startsWith(p.key, i)) continue;
        const end = i + p.key.length;
        if (word && end < lower.length && word(lower.charCodeAt(end)) && word(lower.charCodeAt(end - 1))) continue;
        matched = p;
        break;
      }
    }
    if (matched) {
      // Two phrases side by side (大好き最高, 대박ㅋㅋ) are two words in Korean and English.
      if (spaced && lastPhraseEnd === i) out += ' ';
      out += matched.entry[target][0] as string;
      phrases++;
      i += matched.key.length;
      lastPhraseEnd = i;
      continue;
    }
    if (letter(c)) return null;
    // Astral characters (emoji) are two UTF-16 units: copy both.
    const next = c >= 0xd800 && c <= 0xdbff && i + 1 < lower.length ? 2 : 1;
    out += tidied.slice(i, i + next);
    i += next;
  }
  return phrases > 0 && out !== tidied ? out : null;
}

export function createGlossaryTranslator(): Translator {
  return { name: 'glossary', active: true, translate: glossaryTranslate };
}
