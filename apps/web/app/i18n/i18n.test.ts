import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { createI18n, namespaces } from './all';
import { featureTexts } from './feature-texts';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

function valueAt(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
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
});
