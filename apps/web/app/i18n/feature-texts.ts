/**
 * The namespaces of the features' texts files, collected rather than listed (issue 14): each
 * `features/<domain>/<domain>.i18n.ts` exports `<domain>` (its texts in the four languages), which becomes
 * the namespace `<domain>`. `modules` maps a file's path to its exports (Vite's `import.meta.glob`, or the
 * same map made by apps/web/i18n-per-language.ts).
 */
export function featureTexts(modules: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(modules).map(([file, exports]) => {
      const domain = /features\/([^/]+)\/\1\.i18n\.ts$/.exec(file.replaceAll('\\', '/'))?.[1];
      if (!domain) throw new Error(`${file}: a feature's texts file is features/<domain>/<domain>.i18n.ts`);
      const texts = (exports as Record<string, unknown>)[domain];
      if (!texts || typeof texts !== 'object') throw new Error(`${file} exports no \`${domain}\` texts`);
      return [domain, texts];
    }),
  );
}
