import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';
import { ON_DEMAND_NAMESPACES } from './app/i18n/on-demand';
import { RESULT_TEXTS } from './app/i18n/result-texts';

const PREFIX = 'virtual:byeol-i18n/';
const SOURCE = path.resolve(import.meta.dirname, 'app/i18n/namespaces.ts');

/** The files a pattern with `*` segments names (features, then each texts file in it), relative to `dir`, sorted. */
function globFiles(dir: string, pattern: string): string[] {
  const toRegExp = (segment: string) =>
    new RegExp(
      `^${segment
        .split('*')
        .map((part) => part.replace(/[.+?^$()|[\]{}\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
  let found = [''];
  for (const segment of pattern.split('/')) {
    found = found.flatMap((prefix) => {
      if (!segment.includes('*')) return [prefix ? `${prefix}/${segment}` : segment];
      const at = path.resolve(dir, prefix || '.');
      let names: string[];
      try {
        names = readdirSync(at).sort();
      } catch {
        return [];
      }
      return names.filter((name) => toRegExp(segment).test(name)).map((name) => (prefix ? `${prefix}/${name}` : name));
    });
  }
  return found;
}

/**
 * esbuild does not know Vite's `import.meta.glob`: namespaces.ts collects the features' texts files with
 * it, so this turns `import.meta.glob('…', { eager: true })` into imports of the matching files, the same
 * map of path → exports Vite makes.
 */
const eagerGlob: EsbuildPlugin = {
  name: 'byeol-eager-glob',
  setup(builder) {
    builder.onLoad({ filter: /namespaces\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const imports: string[] = [];
      const contents = source.replace(/import\.meta\.glob\(\s*'([^']+)'\s*,\s*\{\s*eager:\s*true\s*\}\s*\)/g, (_whole, pattern: string) => {
        const files = globFiles(path.dirname(args.path), pattern);
        const entries = files.map((file) => {
          const name = `__glob${imports.length}`;
          imports.push(`import * as ${name} from ${JSON.stringify(file.startsWith('.') ? file : `./${file}`)};`);
          return `${JSON.stringify(file)}: ${name}`;
        });
        return `{ ${entries.join(', ')} }`;
      });
      return { contents: `${imports.join('\n')}\n${contents}`, loader: 'ts' };
    });
  },
};

/**
 * `virtual:byeol-i18n/{lang}`: one language's texts as a module of its own (issue 20), but the namespaces
 * loaded on demand (app/i18n/on-demand.ts), each `virtual:byeol-i18n/{lang}/{ns}`. The texts are
 * written with their four languages side by side (app/features/<domain>/<domain>.i18n.ts and app/i18n/resources/*.ts, one file per namespace: what a
 * translator compares); a browser needs one of them. The namespaces are bundled and evaluated once per
 * build (again when a text file changes in development) and each language is emitted as JSON, which the
 * client loads before it hydrates (app/entry.client.tsx).
 */
export function i18nPerLanguage(): Plugin {
  let evaluated: Promise<{
    namespaces: Record<string, Record<string, unknown>>;
    resultMessages: Record<string, Record<string, string>>;
    inputs: string[];
  }> | null = null;
  const evaluate = async () => {
    const out = await build({
      // The texts, and the contract's result-code messages (the browser build carries the codes without them).
      stdin: {
        contents: `export { namespaces } from ${JSON.stringify(SOURCE)};\nexport { resultMessages } from '@byeol/contract';`,
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      plugins: [eagerGlob],
      write: false,
      format: 'esm',
      platform: 'node',
      metafile: true,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      namespaces: Record<string, Record<string, unknown>>;
      resultMessages: Record<string, Record<string, string>>;
    };
    return {
      namespaces: mod.namespaces,
      resultMessages: mod.resultMessages,
      inputs: Object.keys(out.metafile.inputs).map((f) => path.resolve(f)),
    };
  };
  return {
    name: 'byeol-i18n-per-language',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      // `{lang}`: the language's texts but the on-demand namespaces; `{lang}/{ns}`: one on-demand namespace.
      const [lang = '', only] = id.slice(PREFIX.length + 1).split('/');
      evaluated ??= evaluate();
      const { namespaces, resultMessages, inputs } = await evaluated;
      // The languages are those the texts have (the contract's LANGS; the config cannot load TypeScript packages).
      if (!(lang in (namespaces.common ?? {}))) this.error(`unknown language ${lang}`);
      if (only !== undefined && !(ON_DEMAND_NAMESPACES as readonly string[]).includes(only)) this.error(`${only} is not loaded on demand`);
      for (const file of inputs) this.addWatchFile(file);
      const onDemand = new Set<string>(ON_DEMAND_NAMESPACES);
      const texts: Record<string, unknown> = Object.fromEntries(
        Object.entries(namespaces)
          .filter(([ns]) => (only === undefined ? !onDemand.has(ns) : ns === only))
          .map(([ns, byLang]) => [ns, byLang[lang]]),
      );
      if (only === undefined)
        texts[RESULT_TEXTS] = Object.fromEntries(Object.entries(resultMessages).map(([name, byLang]) => [name, byLang[lang]]));
      // JSON.parse of a string literal: parsed faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
    watchChange(id) {
      // A shared text (app/i18n/), a feature's texts file (features/<domain>/<domain>.i18n.ts) or the
      // contract (its result-code messages) changed.
      if (
        id.includes(`${path.sep}i18n${path.sep}`) ||
        id.endsWith('.i18n.ts') ||
        id.includes(`${path.sep}contract${path.sep}src${path.sep}`)
      )
        evaluated = null;
    },
  };
}
