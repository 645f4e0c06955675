import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '@byeol/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import type { Logger } from '../../../platform/logger.js';
import { translateEndpoint } from './http.js';
import {
  checkEngineInstalled,
  createLocalModelTranslator,
  loadModelDir,
  MODEL_MANIFEST,
  ModelDirError,
  TRANSFORMERS_PACKAGE,
  type TransformersEngine,
} from './local-model.js';
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
  const good = {
    format: 1,
    engine: 'transformers.js',
    pairs: [{ source: 'ko', target: 'en', model: 'ko-en', files: ['ko-en/model.bin', 'ko-en/vocab.spm'] }],
  };
  const modelFiles = { 'ko-en/model.bin': 'weights', 'ko-en/vocab.spm': 'vocab' };
  const pair = (over: Record<string, unknown>) => ({ ...good, pairs: [{ ...good.pairs[0], ...over }] });
  const nllb = { source: 'ko', target: 'ja', model: 'nllb', src_lang: 'kor_Hang', tgt_lang: 'jpn_Jpan', files: ['nllb/config.json'] };
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
    expect(withManifest({ ...good, engine: 'gpt' })).toMatch(/"engine" must be one of transformers.js/);
    expect(withManifest({ ...good, engine: 'bergamot' })).toMatch(/bergamot: its npm build runs in browser workers/);
    expect(withManifest({ ...good, pairs: [] })).toMatch(/"pairs" must list at least one/);
    expect(withManifest(pair({ target: 'fr' }))).toMatch(/pairs\[0\]\.target must be one of ko, en, ja, zh-CN/);
    expect(withManifest(pair({ target: 'ko' }))).toMatch(/into itself/);
    expect(withManifest(pair({ files: [] }))).toMatch(/files must list/);
    expect(withManifest(pair({ files: ['ko-en/lex.bin'] }))).toMatch(/files\[0\] ko-en\/lex.bin is missing/);
    expect(withManifest(pair({ files: ['../etc/passwd'] }))).toMatch(/outside the folder/);
    expect(withManifest(pair({ model: undefined }))).toMatch(/pairs\[0\]\.model must be a path inside the folder/);
    expect(withManifest(pair({ model: '../models' }))).toMatch(/pairs\[0\]\.model "..\/models" is outside the folder/);
    expect(withManifest(pair({ model: 'ko-en/model.bin' }))).toMatch(/model ko-en\/model.bin is not a folder/);
    expect(withManifest(pair({ src_lang: 'kor Hang; rm' }))).toMatch(/src_lang must be a language code of the model/);
    expect(withManifest({ ...good, pairs: [good.pairs[0], good.pairs[0]] })).toMatch(/pairs\[1\] repeats ko→en/);
    expect(withManifest(good, { 'ko-en/model.bin': '', 'ko-en/vocab.spm': 'v' })).toMatch(/model.bin is not a non-empty file/);
  });

  it('accepts a complete folder and translates with transformers.js from the folder only, one pipeline per pair', async () => {
    const dir = folder({ ...modelFiles, 'nllb/config.json': '{}', [MODEL_MANIFEST]: { ...good, pairs: [good.pairs[0], nllb] } });
    const manifest = loadModelDir(dir);
    expect(manifest.pairs).toEqual([good.pairs[0], nllb]);
    // The engine is the operator's install; here a local one with transformers.js's shape, recording its use.
    const loads: string[] = [];
    const calls: Array<[string, unknown]> = [];
    const env = { allowRemoteModels: true, allowLocalModels: false, localModelPath: '/models/' };
    const engine: TransformersEngine = {
      env,
      async pipeline(task, model) {
        loads.push(`${task}:${model}`);
        return async (text, options) => {
          calls.push([text, options]);
          return model === 'nllb'
            ? [{ translation_text: `(${String(options?.tgt_lang)}) ${text}` }]
            : [{ translation_text: `EN: ${text}` }];
        };
      },
    };
    const { log } = recorder();
    const translator = createLocalModelTranslator(dir, manifest, log, { engine: async () => engine });
    expect(translator).toMatchObject({ name: 'local-model', active: true });
    expect(await translator.translate('사랑해', 'ko', 'en')).toBe('EN: 사랑해');
    expect(await translator.translate('대박', 'ko', 'en')).toBe('EN: 대박');
    expect(await translator.translate('대박', 'ko', 'ja')).toBe('(jpn_Jpan) 대박');
    expect(calls[2]).toEqual(['대박', { src_lang: 'kor_Hang', tgt_lang: 'jpn_Jpan' }]);
    // Nothing from the Hub: the engine reads the folder only. Each pair's model loaded once.
    expect(env).toEqual({ allowRemoteModels: false, allowLocalModels: true, localModelPath: dir + path.sep });
    expect(loads).toEqual(['translation:ko-en', 'translation:nllb']);
    // A pair the manifest does not list: no translation.
    expect(translator.translate('hello', 'en', 'ko')).toBeNull();
  });

  it("a model that does not load leaves its pair untranslated and says why once; a model's odd answer is a failure", async () => {
    const dir = folder({
      ...modelFiles,
      'broken/config.json': '{}',
      [MODEL_MANIFEST]: { ...good, pairs: [good.pairs[0], { ...nllb, model: 'broken', files: ['broken/config.json'] }] },
    });
    const errors: string[] = [];
    const { log } = recorder();
    (log as unknown as { error: (o: unknown, m: string) => void }).error = (_o, m) => errors.push(m);
    const engine: TransformersEngine = {
      env: { allowRemoteModels: true, allowLocalModels: false, localModelPath: '' },
      async pipeline(_task, model) {
        if (model === 'broken') throw new Error('Could not locate file: broken/onnx/encoder_model.onnx');
        return async () => [{ generated_text: 'not a translation' }];
      },
    };
    const translator = createLocalModelTranslator(dir, loadModelDir(dir), log, { engine: async () => engine });
    expect(await translator.translate('대박', 'ko', 'ja')).toBeNull();
    expect(await translator.translate('최고', 'ko', 'ja')).toBeNull();
    expect(errors).toEqual(['TRANSLATOR=local-model: the model of ko→ja did not load; its messages stay untranslated']);
    await expect(translator.translate('대박', 'ko', 'en')).rejects.toThrow('the ko→en model answered no translation_text');
  });

  it('stops the server start with the reason when TRANSLATOR=local-model and the folder or the engine is missing', () => {
    const env = { TRANSLATOR: 'local-model', BYEOL_ROLES: 'chat' };
    const missing = path.join(root, 'gone');
    expect(() => loadConfig({}, { ...env, TRANSLATOR_MODEL_DIR: missing })).toThrow(ConfigError);
    expect(() => loadConfig({}, { ...env, TRANSLATOR_MODEL_DIR: missing })).toThrow(
      `TRANSLATOR_MODEL_DIR: the model folder ${missing} does not exist`,
    );
    expect(() => loadConfig({}, env)).toThrow('TRANSLATOR_MODEL_DIR: required when TRANSLATOR=local-model');
    // Processes without the chat role never read the folder.
    expect(loadConfig({}, { ...env, BYEOL_ROLES: 'api', TRANSLATOR_MODEL_DIR: missing }).TRANSLATOR).toBe('local-model');
    // A good folder, but the engine package is not installed in this project: the start says how to install it.
    const dir = folder({ ...modelFiles, [MODEL_MANIFEST]: good });
    expect(() => loadConfig({}, { ...env, TRANSLATOR_MODEL_DIR: dir })).toThrow(
      `TRANSLATOR_MODEL_DIR: the engine transformers.js needs the npm package ${TRANSFORMERS_PACKAGE}, which is not installed: run \`npm install ${TRANSFORMERS_PACKAGE}\``,
    );
    expect(() => checkEngineInstalled((id) => `/srv/byeol/node_modules/${id}/index.js`)).not.toThrow();
    // An ESM-only package: require.resolve finds it but has no entry to name.
    const esmOnly = () => {
      throw Object.assign(new Error('No "exports" main defined'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
    };
    expect(() => checkEngineInstalled(esmOnly)).not.toThrow();
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
