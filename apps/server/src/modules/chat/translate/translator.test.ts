import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '@byeol/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import type { Logger } from '../../../platform/logger.js';
import { translateEndpoint } from './http.js';
import { createLocalModelTranslator, loadModelDir, MODEL_MANIFEST, ModelDirError } from './local-model.js';
import { createTranslator, FAILURE_LOG_MS, Translations, type Translator } from './translator.js';

/** A logger that keeps its warnings. */
function recorder() {
  const warnings: Array<{ obj: unknown; msg: string }> = [];
  const log = {
    warn: (obj: unknown, msg: string) => warnings.push({ obj, msg }),
    info: () => {},
    error: () => {},
    debug: () => {},
    child: () => log,
  } as unknown as Logger;
  return { log, warnings };
}

describe('Translations (the cache in front of a translator)', () => {
  it('asks the translator once per (text, source, target) and keeps at most cacheSize, least recently used out first', () => {
    const asked: string[] = [];
    const upper: Translator = {
      name: 'glossary',
      active: true,
      translate: (text, source, target) => {
        asked.push(`${text}|${source}|${target}`);
        return text === 'none' ? null : `${text}!`;
      },
    };
    const tr = new Translations(upper, recorder().log, { cacheSize: 2 });
    expect(tr.get('a', 'ko', 'en')).toBe('a!');
    expect(tr.get('a', 'ko', 'en')).toBe('a!');
    expect(tr.get('a', 'ko', 'ja')).toBe('a!');
    expect(tr.get('none', 'ko', 'en')).toBeNull();
    expect(tr.get('none', 'ko', 'en')).toBeNull();
    expect(asked).toEqual(['a|ko|en', 'a|ko|ja', 'none|ko|en']);
    // a|ko|en was the least recently used of the two kept: it is asked again.
    expect(tr.get('a', 'ko', 'en')).toBe('a!');
    expect(asked.length).toBe(4);
    expect(tr.statsNow()).toMatchObject({ hits: 2, misses: 4, size: 2 });
  });

  it('shares one request per key while it is in flight, and cleans what a service answers', async () => {
    let calls = 0;
    const slow: Translator = {
      name: 'http',
      active: true,
      translate: async (text) => {
        calls++;
        await new Promise((r) => setTimeout(r, 20));
        return text === 'same' ? 'same' : ` two\u0000 \u202elines\nhere `;
      },
    };
    const tr = new Translations(slow, recorder().log);
    const a = tr.get('x', 'ko', 'en');
    const b = tr.get('x', 'ko', 'en');
    expect(a).toBeInstanceOf(Promise);
    expect(b).toBe(a);
    expect(await a).toBe('two lines here');
    expect(tr.get('x', 'ko', 'en')).toBe('two lines here');
    // An answer equal to the original says nothing new.
    expect(await tr.get('same', 'en', 'ko')).toBeNull();
    expect(calls).toBe(2);
  });

  it('never throws: failures answer null, are asked again next time, and are logged at most once a minute', async () => {
    let now = 1_000_000;
    let calls = 0;
    const broken: Translator = {
      name: 'http',
      active: true,
      translate: async () => {
        calls++;
        throw new Error('connection refused');
      },
    };
    const { log, warnings } = recorder();
    const tr = new Translations(broken, log, { now: () => now });
    expect(await tr.get('x', 'ko', 'en')).toBeNull();
    expect(await tr.get('x', 'ko', 'en')).toBeNull();
    expect(await tr.get('y', 'ko', 'en')).toBeNull();
    expect(calls).toBe(3);
    expect(warnings).toHaveLength(1);
    now += FAILURE_LOG_MS;
    expect(await tr.get('z', 'ko', 'en')).toBeNull();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]?.obj).toMatchObject({ translator: 'http', failures: 3 });
    expect(tr.statsNow().failures).toBe(4);
    // A translator that throws synchronously is no different.
    const sync = new Translations(
      {
        name: 'glossary',
        active: true,
        translate: () => {
          throw new Error('bug');
        },
      },
      log,
    );
    expect(sync.get('x', 'ko', 'en')).toBeNull();
  });

  it('leaves messages untranslated while maxPending translations are in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const held: Translator = {
      name: 'http',
      active: true,
      translate: async (t) => {
        await gate;
        return `${t}?`;
      },
    };
    const { log, warnings } = recorder();
    const tr = new Translations(held, log, { maxPending: 2 });
    const a = tr.get('a', 'ko', 'en');
    const b = tr.get('b', 'ko', 'en');
    expect(tr.get('c', 'ko', 'en')).toBeNull();
    expect(tr.statsNow().skipped).toBe(1);
    expect(warnings).toHaveLength(1);
    release();
    expect(await a).toBe('a?');
    expect(await b).toBe('b?');
    expect(await tr.get('c', 'ko', 'en')).toBe('c?');
  });
});

describe('the http translator', () => {
  it('posts to {TRANSLATOR_URL}/translate', () => {
    expect(translateEndpoint('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000/translate');
    expect(translateEndpoint('http://mt.internal/libre/')).toBe('http://mt.internal/libre/translate');
  });
});

describe('the local-model loader', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'byeol-model-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  /** A fresh folder with these files (a string is the content; a manifest object is written as JSON). */
  function folder(files: Record<string, string | object>): string {
    const dir = path.join(root, `m${++n}`);
    mkdirSync(dir);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return dir;
  }
  const good = { format: 1, engine: 'bergamot', pairs: [{ source: 'ko', target: 'en', files: ['ko-en/model.bin', 'ko-en/vocab.spm'] }] };
  const modelFiles = { 'ko-en/model.bin': 'weights', 'ko-en/vocab.spm': 'vocab' };
  const refused = (dir: string) => {
    try {
      loadModelDir(dir);
    } catch (err) {
      expect(err).toBeInstanceOf(ModelDirError);
      return (err as Error).message;
    }
    throw new Error(`${dir} was accepted`);
  };

  it('refuses a missing folder, a file in its place, and a folder without the manifest', () => {
    expect(refused(path.join(root, 'nowhere'))).toMatch(/does not exist/);
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'x');
    expect(refused(file)).toMatch(/is not a folder/);
    expect(refused(folder(modelFiles))).toContain(`has no ${MODEL_MANIFEST}`);
  });

  it('refuses a bad manifest and says what is wrong with it', () => {
    const withManifest = (manifest: string | object, files: Record<string, string> = modelFiles) =>
      refused(folder({ ...files, [MODEL_MANIFEST]: manifest }));
    expect(withManifest('{ not json')).toMatch(/is not valid JSON/);
    expect(withManifest([])).toMatch(/must be a JSON object/);
    expect(withManifest({ ...good, format: 2 })).toMatch(/"format" must be 1/);
    expect(withManifest({ ...good, engine: 'gpt' })).toMatch(/"engine" must be one of bergamot, transformers.js/);
    expect(withManifest({ ...good, pairs: [] })).toMatch(/"pairs" must list at least one/);
    expect(withManifest({ ...good, pairs: [{ source: 'ko', target: 'fr', files: ['ko-en/model.bin'] }] })).toMatch(
      /pairs\[0\]\.target must be one of ko, en, ja, zh-CN/,
    );
    expect(withManifest({ ...good, pairs: [{ source: 'ko', target: 'ko', files: ['ko-en/model.bin'] }] })).toMatch(/into itself/);
    expect(withManifest({ ...good, pairs: [{ source: 'ko', target: 'en', files: [] }] })).toMatch(/files must list/);
    expect(withManifest({ ...good, pairs: [{ source: 'ko', target: 'en', files: ['ko-en/lex.bin'] }] })).toMatch(
      /files\[0\] ko-en\/lex.bin is missing/,
    );
    expect(withManifest({ ...good, pairs: [{ source: 'ko', target: 'en', files: ['../etc/passwd'] }] })).toMatch(/outside the folder/);
    expect(withManifest(good, { 'ko-en/model.bin': '', 'ko-en/vocab.spm': 'v' })).toMatch(/model.bin is not a non-empty file/);
  });

  it('accepts a complete folder; with no engine bundled its translator is inactive and says so', () => {
    const dir = folder({ ...modelFiles, [MODEL_MANIFEST]: good });
    const manifest = loadModelDir(dir);
    expect(manifest).toEqual(good);
    const { log, warnings } = recorder();
    const translator = createLocalModelTranslator(dir, manifest, log);
    expect(translator).toMatchObject({ name: 'local-model', active: false });
    expect(translator.translate('사랑해', 'ko', 'en')).toBeNull();
    expect(warnings[0]?.msg).toMatch(/no in-process translation engine/);
  });

  it('stops the server start with the reason when TRANSLATOR=local-model and the folder is bad', () => {
    const env = { TRANSLATOR: 'local-model', BYEOL_ROLES: 'chat' };
    const missing = path.join(root, 'gone');
    expect(() => loadConfig({}, { ...env, TRANSLATOR_MODEL_DIR: missing })).toThrow(ConfigError);
    expect(() => loadConfig({}, { ...env, TRANSLATOR_MODEL_DIR: missing })).toThrow(
      `TRANSLATOR_MODEL_DIR: the model folder ${missing} does not exist`,
    );
    expect(() => loadConfig({}, env)).toThrow('TRANSLATOR_MODEL_DIR: required when TRANSLATOR=local-model');
    // Processes without the chat role never read the folder.
    expect(loadConfig({}, { ...env, BYEOL_ROLES: 'api', TRANSLATOR_MODEL_DIR: missing }).TRANSLATOR).toBe('local-model');
    const dir = folder({ ...modelFiles, [MODEL_MANIFEST]: good });
    const config = loadConfig({}, { ...env, TRANSLATOR_MODEL_DIR: dir });
    expect(createTranslator(config, recorder().log)).toMatchObject({ name: 'local-model', active: false });
  });
});

describe('TRANSLATOR configuration', () => {
  it('defaults to none, needs a URL for http, and builds each adapter', () => {
    const { log } = recorder();
    const none = loadConfig({}, {});
    expect(none.TRANSLATOR).toBe('none');
    expect(createTranslator(none, log)).toMatchObject({ name: 'none', active: false });
    expect(() => loadConfig({}, { TRANSLATOR: 'http' })).toThrow('TRANSLATOR_URL: required when TRANSLATOR=http');
    expect(() => loadConfig({}, { TRANSLATOR: 'deepl' })).toThrow(ConfigError);
    const http = loadConfig({}, { TRANSLATOR: 'http', TRANSLATOR_URL: 'http://127.0.0.1:5000' });
    expect(http.TRANSLATOR_TIMEOUT_MS).toBe(1500);
    expect(createTranslator(http, log)).toMatchObject({ name: 'http', active: true });
    const glossary = createTranslator(loadConfig({}, { TRANSLATOR: 'glossary' }), log);
    const langs: Lang[] = ['en', 'ja', 'zh-CN'];
    expect(langs.map((l) => glossary.translate('화이팅', 'ko', l))).toEqual(['fighting', 'ファイト', '加油']);
  });
});
