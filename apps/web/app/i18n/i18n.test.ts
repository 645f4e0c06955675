import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { createI18n, namespaces } from './all';
import { featureTexts } from './feature-texts';
import { createTranslator, valueAt } from './translator';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

describe('translations', () => {
  it("collects every feature's texts file (features/<domain>/<domain>.i18n.ts) as the namespace <domain>, its keys typed", () => {
    const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');
    const files = readdirSync(features, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.i18n.ts'))
      .map((f) => f.split(path.sep));
    expect(files.length).toBeGreaterThan(20);
    for (const parts of files) {
      // One texts file per feature, named as its folder.
      expect(parts).toEqual([parts[0], `${parts[0]}.i18n.ts`]);
      const domain = parts[0] ?? '';
      expect(Object.keys(namespaces)).toContain(domain);
      // Its type joins FeatureTexts (namespaces.ts), so `t('<domain>:…')` of a missing key fails the type check.
      const source = readFileSync(path.join(features, domain, `${domain}.i18n.ts`), 'utf8');
      expect(source, `${domain}.i18n.ts adds its type to FeatureTexts`).toMatch(
        new RegExp(`declare module '\\.\\./\\.\\./i18n/namespaces' \\{\\s*interface FeatureTexts \\{\\s*'?${domain}'?: typeof ${domain};`),
      );
    }
    expect(Object.keys(namespaces).sort()).toEqual(['common', 'dialog', ...files.map((parts) => parts[0])].sort());
  });

  it('refuses a texts file that is not features/<domain>/<domain>.i18n.ts or does not export <domain>', () => {
    expect(() => featureTexts({ '../features/fans/fans.i18n.ts': { fans: { ko: {} } } })).not.toThrow();
    expect(() => featureTexts({ '../features/fans/texts.i18n.ts': { fans: { ko: {} } } })).toThrow(/features\/<domain>/);
    expect(() => featureTexts({ '../features/fans/fans.i18n.ts': { clubs: { ko: {} } } })).toThrow(/exports no `fans`/);
  });

  for (const [ns, byLang] of Object.entries(namespaces)) {
    const all = new Set(LANGS.flatMap((lang) => keysOf(byLang[lang] as Tree)));
    for (const lang of LANGS) {
      it(`${ns}: ${lang} has every key of every other language, none empty`, () => {
        const tree = byLang[lang] as Tree;
        const missing = [...all].filter((k) => typeof valueAt(tree, k) !== 'string' || valueAt(tree, k) === '');
        expect(missing, `missing or empty in ${lang}/${ns}`).toEqual([]);
      });
    }
  }

  it('uses the same placeholders in every language', () => {
    for (const [ns, byLang] of Object.entries(namespaces)) {
      for (const key of keysOf(byLang.ko as Tree)) {
        const placeholders = (lang: (typeof LANGS)[number]) =>
          [...String(valueAt(byLang[lang] as Tree, key)).matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
        for (const lang of LANGS) expect(placeholders(lang), `${ns}:${key} in ${lang}`).toEqual(placeholders('ko'));
      }
    }
  });

  it('renders Korean by default and each language on request', () => {
    expect(createI18n('ko').t('home.live.title')).toBe('지금 라이브');
    expect(createI18n('en').t('home.live.title')).toBe('Live now');
    expect(createI18n('ja').t('nav.home')).toBe('ホーム');
    expect(createI18n('zh-CN').t('nav.home')).toBe('首页');
  });

  it('has the SPEC §9 Korean button texts', () => {
    const ko = createI18n('ko');
    expect([ko.t('dialog:button.confirm'), ko.t('dialog:button.cancel'), ko.t('dialog:button.yes'), ko.t('dialog:button.no')]).toEqual([
      '확인',
      '취소',
      '예',
      '아니오',
    ]);
  });

  it('uses only what the translator does: no plural keys, no nesting, no formats but josa', () => {
    for (const [ns, byLang] of Object.entries(namespaces)) {
      for (const lang of LANGS) {
        for (const key of keysOf(byLang[lang] as Tree)) {
          expect(key, `${ns}:${key}`).not.toMatch(/_(zero|one|two|few|many|other)$/);
          const text = String(valueAt(byLang[lang] as Tree, key));
          expect(text, `${lang}/${ns}:${key}`).not.toContain('$t(');
          for (const m of text.matchAll(/\{\{[^},]+,([^}]*)\}\}/g)) expect(m[1], `${lang}/${ns}:${key}`).toMatch(/^\s*josa\(/);
        }
      }
    }
  });
});

describe('the translator', () => {
  const ko = createTranslator('ko', {
    common: { hello: '{{nick}}님 안녕하세요', deep: { key: '깊은 {{user.nick}}' }, josa: '{{bj, josa(이/가)}} 방송을 켰어요' },
    chat: { sent: '{{amount}}개를 보냈어요' },
  });

  it('fills placeholders, reads dotted values and adds the Korean particle', () => {
    expect(ko.t('hello' as never, { nick: '별빛' })).toBe('별빛님 안녕하세요');
    expect(ko.t('deep.key' as never, { user: { nick: '달' } })).toBe('깊은 달');
    expect(ko.t('josa' as never, { bj: '하늘' })).toBe('하늘이 방송을 켰어요');
    expect(ko.t('josa' as never, { bj: '바다' })).toBe('바다가 방송을 켰어요');
    expect(ko.t('hello' as never, { nick: 0 })).toBe('0님 안녕하세요');
  });

  it('reads another namespace by prefix, by { ns } or from the list of the hook', () => {
    expect(ko.t('chat:sent' as never, { amount: 3 })).toBe('3개를 보냈어요');
    expect(ko.t('sent' as never, { ns: 'chat', amount: 3 } as never)).toBe('3개를 보냈어요');
    const both = ko.getFixedT('ko', ['chat', 'common'] as never) as unknown as (key: string, v?: object) => string;
    expect(both('sent', { amount: 1 })).toBe('1개를 보냈어요');
    expect(both('hello', { nick: '별' })).toBe('별님 안녕하세요');
    expect(ko.getFixedT('ko', 'chat' as never)).toBe(ko.getFixedT('ko', 'chat' as never));
  });

  it('answers the key for an unknown key and leaves an unknown placeholder as written', () => {
    expect(ko.t('nope.key' as never)).toBe('nope.key');
    expect(ko.t('hello' as never)).toBe('{{nick}}님 안녕하세요');
    expect(ko.t('hello' as never, { other: 1 })).toBe('{{nick}}님 안녕하세요');
  });
});
