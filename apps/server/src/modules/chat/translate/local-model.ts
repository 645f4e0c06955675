import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLang, LANGS, type Lang } from '@byeol/contract';
import type { Logger } from '../../../platform/logger.js';
import type { Translator } from './translator.js';

/**
 * The `local-model` translator: an operator-supplied model folder (TRANSLATOR_MODEL_DIR) for an in-process
 * engine such as Bergamot (WASM) or transformers.js with remote loading off. No model ships with npm or
 * Debian, and neither does an engine: this build checks the folder and says what it holds, and translates
 * nothing (docs/chat-protocol.md, "Translation and captions"). It never pretends to.
 *
 * The folder holds a manifest, MODEL_MANIFEST, that the operator writes:
 *
 *   {
 *     "format": 1,
 *     "engine": "bergamot",                      // or "transformers.js"
 *     "pairs": [
 *       { "source": "ko", "target": "en", "files": ["ko-en/model.bin", "ko-en/vocab.spm", "ko-en/lex.bin"] }
 *     ]
 *   }
 *
 * Every file a pair names must be a non-empty file inside the folder. Anything else is refused with a
 * ModelDirError naming the problem; with TRANSLATOR=local-model the server then does not start (config.ts).
 */
export const MODEL_MANIFEST = 'byeol-translator.json';
export const MODEL_ENGINES = ['bergamot', 'transformers.js'] as const;
export type ModelEngine = (typeof MODEL_ENGINES)[number];

export interface ModelPair {
  source: Lang;
  target: Lang;
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
  if (!isObject(raw)) throw bad('must be a JSON object');
  if (raw.format !== 1) throw bad(`"format" must be 1 (got ${JSON.stringify(raw.format)})`);
  if (typeof raw.engine !== 'string' || !(MODEL_ENGINES as readonly string[]).includes(raw.engine))
    throw bad(`"engine" must be one of ${MODEL_ENGINES.join(', ')} (got ${JSON.stringify(raw.engine)})`);
  if (!Array.isArray(raw.pairs) || raw.pairs.length === 0) throw bad('"pairs" must list at least one language pair');
  const pairs: ModelPair[] = raw.pairs.map((pair: unknown, i: number) => {
    const at = `pairs[${i}]`;
    if (!isObject(pair)) throw bad(`${at} must be an object`);
    for (const side of ['source', 'target'] as const)
      if (!isLang(pair[side])) throw bad(`${at}.${side} must be one of ${LANGS.join(', ')} (got ${JSON.stringify(pair[side])})`);
    if (pair.source === pair.target) throw bad(`${at} translates ${String(pair.source)} into itself`);
    if (!Array.isArray(pair.files) || pair.files.length === 0) throw bad(`${at}.files must list the pair's model files`);
    const files = pair.files.map((file: unknown, j: number) => {
      if (typeof file !== 'string' || file.trim() === '') throw bad(`${at}.files[${j}] must be a file name`);
      const full = path.resolve(root, file);
      if (path.isAbsolute(file) || !full.startsWith(root + path.sep))
        throw bad(`${at}.files[${j}] ${JSON.stringify(file)} is outside the folder`);
      const st = statOf(full);
      if (!st) throw bad(`${at}.files[${j}] ${file} is missing`);
      if (!st.isFile() || st.size === 0) throw bad(`${at}.files[${j}] ${file} is not a non-empty file`);
      return file;
    });
    return { source: pair.source as Lang, target: pair.target as Lang, files };
  });
  return { format: 1, engine: raw.engine as ModelEngine, pairs };
}

/**
 * The translator of a checked folder. This build bundles no in-process engine, so it is inactive: chat
 * messages are not translated, and the log says so once at start.
 */
export function createLocalModelTranslator(dir: string, manifest: ModelManifest, log: Logger): Translator {
  log.warn(
    {
      dir: path.resolve(dir),
      engine: manifest.engine,
      pairs: manifest.pairs.map((p) => `${p.source}→${p.target}`),
    },
    'TRANSLATOR=local-model: the model folder is valid, but this build bundles no in-process translation engine, so chat messages are not translated',
  );
  return { name: 'local-model', active: false, translate: () => null };
}
