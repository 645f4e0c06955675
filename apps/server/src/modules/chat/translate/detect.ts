import type { Lang } from '@byeol/contract';

/**
 * The language a chat message is written in, told by its script alone (no model, no dictionary): cheap
 * enough for every message of a busy room (docs/chat-protocol.md, "Translation and captions").
 *
 * Letters are counted per script:
 *   - Hangul: syllables U+AC00–D7A3, jamo U+1100–11FF and compatibility jamo U+3130–318F (ㅋㅋ, ㅠㅠ count) → ko
 *   - kana: hiragana U+3040–309F, katakana U+30A0–30FF and U+31F0–31FF, half-width U+FF66–FF9D → ja
 *   - Han: U+3400–4DBF, U+4E00–9FFF, U+F900–FAFF → zh-CN when the message has no kana
 *   - Latin letters: A–Z, a–z, U+00C0–024F → en
 * Hangul wins when it has at least as many letters as kana; else kana (Japanese mixes kana and Han); else
 * Han; else Latin. A message with none of them (emoji, digits, punctuation) has no language: null.
 *
 * Limits, by design: a Japanese message written in Han only (最高) reads as zh-CN, and every Latin-script
 * language (Spanish, Indonesian…) reads as en.
 */
export function detectLanguage(text: string): Lang | null {
  let hangul = 0;
  let kana = 0;
  let han = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
    } else if (c >= 0xac00 && c <= 0xd7a3) hangul++;
    else if ((c >= 0x3130 && c <= 0x318f) || (c >= 0x1100 && c <= 0x11ff)) hangul++;
    else if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9d)) kana++;
    else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff)) han++;
    else if (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) latin++;
  }
  if (hangul > 0 && hangul >= kana) return 'ko';
  if (kana > 0) return 'ja';
  if (han > 0) return 'zh-CN';
  if (latin > 0) return 'en';
  return null;
}
