import { LANGS, type Lang } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect.js';
import { glossaryTranslate, tidy } from './glossary.js';
import { GLOSSARY } from './glossary-table.js';

describe('detectLanguage (script-based)', () => {
  it('tells the four languages apart by their scripts', () => {
    expect(detectLanguage('오빠 사랑해')).toBe('ko');
    expect(detectLanguage('ㅋㅋㅋㅋ')).toBe('ko');
    expect(detectLanguage('かわいい')).toBe('ja');
    expect(detectLanguage('今日のステージ最高')).toBe('ja');
    expect(detectLanguage('加油加油')).toBe('zh-CN');
    expect(detectLanguage('I love you')).toBe('en');
    expect(detectLanguage('¡Qué bonita!')).toBe('en');
  });

  it('lets Hangul win over Latin names and kana over Han', () => {
    expect(detectLanguage('BTS 최고')).toBe('ko');
    expect(detectLanguage('NewJeans かわいい')).toBe('ja');
    expect(detectLanguage('最高です')).toBe('ja');
    // A Japanese message in Han only reads as Chinese: a documented limit.
    expect(detectLanguage('最高')).toBe('zh-CN');
  });

  it('gives no language to emoji, digits and punctuation', () => {
    for (const text of ['', '1234', '!!!', '💜💜', '   ', '^^']) expect(detectLanguage(text)).toBeNull();
  });
});

describe('glossary translator', () => {
  it('has at least 60 meanings, each in every language, no form twice in a language', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(60);
    for (const lang of LANGS) {
      const seen = new Map<string, number>();
      GLOSSARY.forEach((entry, i) => {
        expect(entry[lang].length, `entry ${i} in ${lang}`).toBeGreaterThan(0);
        for (const form of entry[lang]) {
          const key = tidy(form).replace(/[A-Z]/g, (c) => c.toLowerCase());
          expect(seen.get(key), `${lang} "${form}" in entries ${seen.get(key)} and ${i}`).toBeUndefined();
          seen.set(key, i);
        }
      });
    }
  });

  it('translates every form of every entry, alone, into the first form of each other language', () => {
    for (const entry of GLOSSARY)
      for (const source of LANGS)
        for (const form of entry[source])
          for (const target of LANGS) {
            if (target === source) continue;
            // The same writing in both languages (舞台, 高音 in Japanese and Chinese) is no translation.
            const want = entry[target][0] === tidy(form) ? null : entry[target][0];
            expect(glossaryTranslate(form, source, target), `${source} "${form}" → ${target}`).toBe(want);
          }
  });

  it('translates K-pop chat phrase by phrase, keeping spaces, punctuation, emoji and names', () => {
    expect(glossaryTranslate('사랑해', 'ko', 'en')).toBe('I love you');
    expect(glossaryTranslate('사랑해', 'ko', 'ja')).toBe('愛してる');
    expect(glossaryTranslate('사랑해', 'ko', 'zh-CN')).toBe('我爱你');
    expect(glossaryTranslate('오빠 사랑해요 💜 ㅋㅋㅋㅋㅋㅋ', 'ko', 'en')).toBe('oppa I love you 💜 lol');
    expect(glossaryTranslate('컴백 축하해요!!', 'ko', 'en')).toBe('happy comeback!!');
    expect(glossaryTranslate('BTS 최고', 'ko', 'ja')).toBe('BTS 最高');
    expect(glossaryTranslate('진짜 대박 ㅠㅠ', 'ko', 'zh-CN')).toBe('真的 太棒了 呜呜');
    expect(glossaryTranslate('Hi everyone, I LOVE YOU!', 'en', 'ko')).toBe('안녕하세요 여러분, 사랑해!');
    expect(glossaryTranslate('かわいい！最高', 'ja', 'ko')).toBe('귀여워！최고');
    expect(glossaryTranslate('大好き最高', 'ja', 'en')).toBe('I love you the best');
    expect(glossaryTranslate('加油加油', 'zh-CN', 'en')).toBe('fighting');
  });

  it('translates nothing when a word of the source script is not covered (no half-translated lines)', () => {
    expect(glossaryTranslate('오늘 저녁 뭐 먹지', 'ko', 'en')).toBeNull();
    expect(glossaryTranslate('오빠 사랑해 근데 배고파', 'ko', 'en')).toBeNull();
    expect(glossaryTranslate('The weather is nice', 'en', 'ko')).toBeNull();
    expect(glossaryTranslate('今日は雨', 'ja', 'en')).toBeNull();
  });

  it('matches Korean and English phrases as whole words only', () => {
    // 사랑해요오 is not 사랑해요 + 오; 'his' is not 'hi' + 's'; 21위 is not 2 + 1위.
    expect(glossaryTranslate('사랑해요오', 'ko', 'en')).toBeNull();
    expect(glossaryTranslate('his', 'en', 'ko')).toBeNull();
    expect(glossaryTranslate('21위', 'ko', 'en')).toBeNull();
    // Jamo are no syllables: 대박ㅋㅋ is two phrases, two words in English.
    expect(glossaryTranslate('대박ㅋㅋ', 'ko', 'en')).toBe('awesome lol');
  });

  it('answers null for the same language, for nothing to translate, and is deterministic', () => {
    expect(glossaryTranslate('사랑해', 'ko', 'ko')).toBeNull();
    expect(glossaryTranslate('💜💜 !!', 'ko', 'en')).toBeNull();
    const langs: Lang[] = ['en', 'ja', 'zh-CN'];
    for (const l of langs) expect(glossaryTranslate('오빠 화이팅', 'ko', l)).toBe(glossaryTranslate('오빠 화이팅', 'ko', l));
  });
});
