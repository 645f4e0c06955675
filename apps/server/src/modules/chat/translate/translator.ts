import { CHAT_LIMITS, type Lang } from '@byeol/contract';
import type { Config } from '../../../config.js';
import type { Logger } from '../../../platform/logger.js';
import { createGlossaryTranslator } from './glossary.js';
import { createHttpTranslator } from './http.js';
import { createLocalModelTranslator, loadModelDir } from './local-model.js';

/**
 * The Translator port of chat translation (DESIGN.md: none, glossary, http, local-model folder) and the
 * cache every chat node puts in front of it (docs/chat-protocol.md, "Translation and captions").
 * No model ships with npm or Debian: nothing pretends to be a general translator by default (`none`).
 */
export type TranslatorName = 'none' | 'glossary' | 'http' | 'local-model';
export const TRANSLATOR_NAMES: readonly TranslatorName[] = ['none', 'glossary', 'http', 'local-model'];

export interface Translator {
  readonly name: TranslatorName;
  /** False when it never translates anything (none; a model folder without an engine): the chat skips the work. */
  readonly active: boolean;
  /**
   * `text` (written in `source`) in `target`, or null when this translator has no translation for it. A
   * rejection is a failure: the message simply stays untranslated (Translations logs it).
   */
  translate(text: string, source: Lang, target: Lang): string | null | Promise<string | null>;
}

export const noTranslator: Translator = { name: 'none', active: false, translate: () => null };

/** The adapter TRANSLATOR names; a bad model folder throws ModelDirError (config.ts has refused it already). */
export function createTranslator(config: Config, log: Logger): Translator {
  switch (config.TRANSLATOR) {
    case 'glossary':
      return createGlossaryTranslator();
    case 'http':
      return createHttpTranslator({
        url: config.TRANSLATOR_URL as string,
        ...(config.TRANSLATOR_API_KEY ? { apiKey: config.TRANSLATOR_API_KEY } : {}),
        timeoutMs: config.TRANSLATOR_TIMEOUT_MS,
      });
    case 'local-model': {
      const dir = config.TRANSLATOR_MODEL_DIR as string;
      return createLocalModelTranslator(dir, loadModelDir(dir), log);
    }
    default:
      return noTranslator;
  }
}

/** Translations kept per chat node, by (text, source, target); the oldest used goes first. */
export const TRANSLATION_CACHE_SIZE = 10_000;
/** Translations asked of a slow translator (http) and not answered yet; past it, new messages stay untranslated. */
export const TRANSLATION_MAX_PENDING = 64;
/** A failing translator is logged at most once per this. */
export const FAILURE_LOG_MS = 60_000;
/** The longest translation kept (a service could answer anything): twice a message. */
const TRANSLATION_MAX_CHARS = CHAT_LIMITS.messageMax * 2;

// biome-ignore lint/suspicious/noControlCharactersInRegex: a translation is one line of plain text, like a message.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** What Translations counted (tests, diagnostics). */
export interface TranslationStats {
  hits: number;
  misses: number;
  failures: number;
  /** Messages left untranslated because TRANSLATION_MAX_PENDING translations were in flight. */
  skipped: number;
  size: number;
}

/**
 * A translator behind a bounded LRU cache: one translation per (text, source, target) while it stays in the
 * cache (untranslatable texts are remembered too), one request in flight per key, failures logged at most
 * once a minute and never thrown. `get` answers at once when it can (the glossary, a cached text): the chat
 * then sends the translation right behind the original, in the same write.
 */
export class Translations {
  private readonly cache = new Map<string, string | null | Promise<string | null>>();
  private readonly stats: Omit<TranslationStats, 'size'> = { hits: 0, misses: 0, failures: 0, skipped: 0 };
  private pending = 0;
  private lastFailureLog = Number.NEGATIVE_INFINITY;
  private unloggedFailures = 0;
  private lastSkipLog = Number.NEGATIVE_INFINITY;

  constructor(
    readonly translator: Translator,
    private readonly log: Logger,
    private readonly opts: { cacheSize?: number; maxPending?: number; now?: () => number } = {},
  ) {}

  get active(): boolean {
    return this.translator.active;
  }

  get name(): TranslatorName {
    return this.translator.name;
  }

  statsNow(): TranslationStats {
    return { ...this.stats, size: this.cache.size };
  }

  /** The translation (null: none), or a promise of it; never rejects. */
  get(text: string, source: Lang, target: Lang): string | null | Promise<string | null> {
    const key = `${source}\u0000${target}\u0000${text}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.stats.hits++;
      // Most recently used last: Map keeps insertion order.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    this.stats.misses++;
    if (this.pending >= (this.opts.maxPending ?? TRANSLATION_MAX_PENDING)) {
      this.stats.skipped++;
      this.skipped();
      return null;
    }
    let result: string | null | Promise<string | null>;
    try {
      result = this.translator.translate(text, source, target);
    } catch (err) {
      this.failed(err);
      return null;
    }
    if (!(result instanceof Promise)) {
      const value = clean(result, text);
      this.put(key, value);
      return value;
    }
    this.pending++;
    const promise = result.then(
      (value) => {
        const v = clean(value, text);
        if (this.cache.get(key) === promise) this.put(key, v);
        return v;
      },
      (err: unknown) => {
        // Not remembered: the next message with this text asks again.
        if (this.cache.get(key) === promise) this.cache.delete(key);
        this.failed(err);
        return null;
      },
    );
    void promise.finally(() => this.pending--);
    this.put(key, promise);
    return promise;
  }

  private put(key: string, value: string | null | Promise<string | null>) {
    this.cache.delete(key);
    this.cache.set(key, value);
    const max = this.opts.cacheSize ?? TRANSLATION_CACHE_SIZE;
    while (this.cache.size > max) this.cache.delete(this.cache.keys().next().value as string);
  }

  private now() {
    return (this.opts.now ?? Date.now)();
  }

  private failed(err: unknown) {
    this.stats.failures++;
    this.unloggedFailures++;
    const now = this.now();
    if (now - this.lastFailureLog < FAILURE_LOG_MS) return;
    this.log.warn(
      { err, translator: this.translator.name, failures: this.unloggedFailures },
      'chat translation failed: messages go untranslated (logged at most once a minute)',
    );
    this.lastFailureLog = now;
    this.unloggedFailures = 0;
  }

  private skipped() {
    const now = this.now();
    if (now - this.lastSkipLog < FAILURE_LOG_MS) return;
    this.log.warn(
      { translator: this.translator.name, pending: this.pending },
      'chat translation busy: new messages go untranslated until answers come back (logged at most once a minute)',
    );
    this.lastSkipLog = now;
  }
}

/** A translation as the chat sends it: one line of plain text, bounded; null when it says nothing new. */
function clean(value: string | null, original: string): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (!text || text === original) return null;
  return text.length <= TRANSLATION_MAX_CHARS ? text : [...text].slice(0, TRANSLATION_MAX_CHARS).join('');
}

/** The chat node's translations as TRANSLATOR configures them. */
export function createTranslations(config: Config, log: Logger): Translations {
  return new Translations(createTranslator(config, log), log);
}
