import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isLang, LANGS, type Lang } from '@byeol/contract';
import type { Logger } from '../../../platform/logger.js';
import type { Translator } from './translator.js';

/**
 * The `local-model` translator: an operator-supplied model folder (TRANSLATOR_MODEL_DIR) run in-process by
 * transformers.js (the npm package @huggingface/transformers) with remote loading off: nothing is fetched
 * from anywhere, every file comes from the folder. No model ships with npm or Debian, and the engine is not
 * a dependency of the project (it is large and most sites never use it): the operator installs both
 * (docs/chat-protocol.md, "Translation and captions").
 *
 * The folder holds a manifest, MODEL_MANIFEST, that the operator writes:
 *
 *   {
 *     "format": 1,
 *     "engine": "transformers.js",
 *     "pairs": [
 *       { "source": "ko", "target": "en", "model": "ko-en",
 *         "files": ["ko-en/config.json", "ko-en/tokenizer.json", "ko-en/onnx/encoder_model.onnx", "ko-en/onnx/decoder_model_merged.onnx"] },
 *       { "source": "ko", "target": "ja", "model": "nllb", "src_lang": "kor_Hang", "tgt_lang": "jpn_Jpan", "files": [...] }
 *     ]
 *   }
 *
 * `model` is the pair's model folder inside the folder (a transformers.js model id resolved locally);
 * `src_lang` / `tgt_lang` are passed to the translation pipeline for many-language models (NLLB, M2M100).
 * Every file a pair names must be a non-empty file inside the folder, and the model folder must exist.
 * Anything else is refused with a ModelDirError naming the problem, and so is a missing engine package;
 * with TRANSLATOR=local-model a chat node then does not start (config.ts).
 */
export const MODEL_MANIFEST = 'byeol-translator.json';
export const MODEL_ENGINES = ['transformers.js'] as const;
export type ModelEngine = (typeof MODEL_ENGINES)[number];
/** The npm package of the transformers.js engine, installed by the operator. */
export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';

export interface ModelPair {
  source: Lang;
  target: Lang;
  /** The pair's model folder, inside the folder. */
  model: string;
  /** The model's own language codes, for many-language models. */
  src_lang?: string;
  tgt_lang?: string;
  /** Paths inside the folder. */
  files: string[];
}
export interface ModelManifest {
  format: 1;
  engine: ModelEngine;
  pairs: ModelPair[];
}

export class ModelDirError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function statOf(p: string) {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

/** Reads and checks the model folder; throws a ModelDirError whose message says what is wrong. */
export function loadModelDir(dir: string): ModelManifest {
  const root = path.resolve(dir);
  const folder = statOf(root);
  if (!folder) throw new ModelDirError(`the model folder ${root} does not exist`);
  if (!folder.isDirectory()) throw new ModelDirError(`${root} is not a folder`);
  const manifestPath = path.join(root, MODEL_MANIFEST);
  if (!statOf(manifestPath)?.isFile()) throw new ModelDirError(`${root} has no ${MODEL_MANIFEST} (the manifest the operator writes)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (err) {
    throw new ModelDirError(`${manifestPath} is not valid JSON: ${(err as Error).message}`);
  }
  const bad = (what: string) => new ModelDirError(`${manifestPath}: ${what}`);
  /** A relative path that stays inside the folder, as written. */
  const insideFolder = (name: unknown, at: string): string => {
    if (typeof name !== 'string' || name.trim() === '') throw bad(`${at} must be a path inside the folder`);
    const full = path.resolve(root, name);
    if (path.isAbsolute(name) || !full.startsWith(root + path.sep)) throw bad(`${at} ${JSON.stringify(name)} is outside the folder`);
    return name;
  };
  if (!isObject(raw)) throw bad('must be a JSON object');
  if (raw.format !== 1) throw bad(`"format" must be 1 (got ${JSON.stringify(raw.format)})`);
  if (raw.engine === 'bergamot')
    throw bad(
      '"engine" bergamot: its npm build runs in browser workers, not in Node; use "transformers.js" with an ONNX export of the model',
    );
  if (typeof raw.engine !== 'string' || !(MODEL_ENGINES as readonly string[]).includes(raw.engine))
    throw bad(`"engine" must be one of ${MODEL_ENGINES.join(', ')} (got ${JSON.stringify(raw.engine)})`);
  if (!Array.isArray(raw.pairs) || raw.pairs.length === 0) throw bad('"pairs" must list at least one language pair');
  const pairs: ModelPair[] = raw.pairs.map((pair: unknown, i: number) => {
    const at = `pairs[${i}]`;
    if (!isObject(pair)) throw bad(`${at} must be an object`);
    for (const side of ['source', 'target'] as const)
      if (!isLang(pair[side])) throw bad(`${at}.${side} must be one of ${LANGS.join(', ')} (got ${JSON.stringify(pair[side])})`);
    if (pair.source === pair.target) throw bad(`${at} translates ${String(pair.source)} into itself`);
    const model = insideFolder(pair.model, `${at}.model`);
    if (!statOf(path.resolve(root, model))?.isDirectory()) throw bad(`${at}.model ${model} is not a folder`);
    for (const code of ['src_lang', 'tgt_lang'] as const)
      if (pair[code] !== undefined && (typeof pair[code] !== 'string' || !/^[A-Za-z0-9_-]{2,16}$/.test(pair[code])))
        throw bad(`${at}.${code} must be a language code of the model, e.g. kor_Hang (got ${JSON.stringify(pair[code])})`);
    if (!Array.isArray(pair.files) || pair.files.length === 0) throw bad(`${at}.files must list the pair's model files`);
    const files = pair.files.map((file: unknown, j: number) => {
      insideFolder(file, `${at}.files[${j}]`);
      const st = statOf(path.resolve(root, file as string));
      if (!st) throw bad(`${at}.files[${j}] ${file} is missing`);
      if (!st.isFile() || st.size === 0) throw bad(`${at}.files[${j}] ${file} is not a non-empty file`);
      return file as string;
    });
    return {
      source: pair.source as Lang,
      target: pair.target as Lang,
      model,
      ...(pair.src_lang !== undefined ? { src_lang: pair.src_lang as string } : {}),
      ...(pair.tgt_lang !== undefined ? { tgt_lang: pair.tgt_lang as string } : {}),
      files,
    };
  });
  const seen = new Set<string>();
  for (const [i, pair] of pairs.entries()) {
    const key = `${pair.source}>${pair.target}`;
    if (seen.has(key)) throw bad(`pairs[${i}] repeats ${pair.source}→${pair.target}`);
    seen.add(key);
  }
  return { format: 1, engine: raw.engine as ModelEngine, pairs };
}

/** The part of transformers.js this adapter uses. */
export interface TransformersEngine {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(task: 'translation', model: string): Promise<TranslationPipeline>;
}
/** A loaded translation pipeline: answers `[{ translation_text }]`. */
export type TranslationPipeline = (text: string, options?: Record<string, unknown>) => Promise<unknown>;

/** Whether the engine package is installed where the server runs (checked at start, config.ts). */
export function checkEngineInstalled(resolve: (id: string) => string = createRequire(import.meta.url).resolve): void {
  try {
    resolve(TRANSFORMERS_PACKAGE);
  } catch (err) {
    // Found, but without a CommonJS entry for require.resolve to name: installed all the same.
    if ((err as NodeJS.ErrnoException).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return;
    throw new ModelDirError(
      `the engine transformers.js needs the npm package ${TRANSFORMERS_PACKAGE}, which is not installed: run \`npm install ${TRANSFORMERS_PACKAGE}\` in the project (no model is fetched: the folder has them all)`,
    );
  }
}

const importEngine = async (): Promise<TransformersEngine> => (await import(TRANSFORMERS_PACKAGE)) as TransformersEngine;

export interface LocalModelOptions {
  /** Loads the engine (tests give their own); default: the installed package. */
  engine?: () => Promise<TransformersEngine>;
}

/**
 * The translator of a checked folder: one pipeline per pair the manifest lists, loaded on the pair's first
 * message (a model takes seconds to load; until then, and when loading failed, that pair's messages stay
 * untranslated and the failure is logged once), then reused. A pair the manifest does not list is not
 * translated (null). The Translations cache in front keeps each answer and bounds the work in flight.
 */
export function createLocalModelTranslator(dir: string, manifest: ModelManifest, log: Logger, opts: LocalModelOptions = {}): Translator {
  const root = path.resolve(dir);
  const loadEngine = opts.engine ?? importEngine;
  let engine: Promise<TransformersEngine> | null = null;
  const pipelines = new Map<string, Promise<TranslationPipeline | null>>();
  const pairOf = new Map(manifest.pairs.map((p) => [`${p.source}>${p.target}`, p]));

  const engineOnce = () => {
    engine ??= loadEngine().then((e) => {
      // Everything from the folder, nothing from the Hugging Face Hub.
      e.env.allowRemoteModels = false;
      e.env.allowLocalModels = true;
      e.env.localModelPath = root + path.sep;
      return e;
    });
    return engine;
  };
  const pipelineOf = (pair: ModelPair) => {
    const key = `${pair.source}>${pair.target}`;
    let loaded = pipelines.get(key);
    if (!loaded) {
      loaded = engineOnce()
        .then((e) => e.pipeline('translation', pair.model))
        .catch((err: unknown) => {
          log.error(
            { err, dir: root, model: pair.model },
            `TRANSLATOR=local-model: the model of ${pair.source}→${pair.target} did not load; its messages stay untranslated`,
          );
          return null;
        });
      pipelines.set(key, loaded);
    }
    return loaded;
  };

  log.info({ dir: root, engine: manifest.engine, pairs: [...pairOf.keys()] }, 'TRANSLATOR=local-model: models load on their first message');
  return {
    name: 'local-model',
    active: true,
    translate(text, source, target) {
      const pair = pairOf.get(`${source}>${target}`);
      if (!pair) return null;
      return pipelineOf(pair).then(async (run) => {
        if (!run) return null;
        const options = { ...(pair.src_lang ? { src_lang: pair.src_lang } : {}), ...(pair.tgt_lang ? { tgt_lang: pair.tgt_lang } : {}) };
        const out = await run(text, options);
        const first = Array.isArray(out) ? (out[0] as { translation_text?: unknown } | undefined) : undefined;
        if (typeof first?.translation_text !== 'string')
          throw new Error(`the ${pair.source}→${pair.target} model answered no translation_text`);
        return first.translation_text;
      });
    },
  };
}
