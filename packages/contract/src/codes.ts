import type { Lang } from './lang.js';

/** One result code: its number and its message in each language (`{name}` placeholders from the error's params). */
export type CodeDef = { readonly code: number } & Readonly<Record<Lang, string>>;

/** A domain's codes as declared: the domain's name, the number ranges it owns and its codes. */
export interface DomainCodes<T extends Record<string, CodeDef> = Record<string, CodeDef>> {
  readonly domain: string;
  readonly ranges: ReadonlyArray<readonly [number, number]>;
  readonly codes: T;
}

/**
 * Declares a domain's result codes beside the rest of its contract. `ranges` are the inclusive number
 * ranges the domain owns (docs/adding-a-domain.md lists who owns what); `mergeCodes` refuses a code
 * outside them, a number used twice and a range two domains share.
 */
export function defineCodes<const T extends Record<string, CodeDef>>(
  domain: string,
  ranges: ReadonlyArray<readonly [number, number]>,
  codes: T,
): DomainCodes<T> {
  return { domain, ranges, codes };
}

/** Every domain's codes in one object, checked: a mistake here fails at import time and in the contract's tests. */
export function mergeCodes<D extends readonly DomainCodes[]>(domains: D): Record<string, CodeDef & { readonly domain: string }> {
  const out: Record<string, CodeDef & { domain: string }> = {};
  const byNumber = new Map<number, string>();
  const owned: Array<{ domain: string; lo: number; hi: number }> = [];
  for (const d of domains) {
    for (const [lo, hi] of d.ranges) {
      if (lo > hi) throw new Error(`result codes: ${d.domain} has an empty range ${lo}-${hi}`);
      const other = owned.find((r) => r.lo <= hi && lo <= r.hi);
      if (other) throw new Error(`result codes: ${d.domain} ${lo}-${hi} overlaps ${other.domain} ${other.lo}-${other.hi}`);
      owned.push({ domain: d.domain, lo, hi });
    }
    for (const [name, def] of Object.entries(d.codes)) {
      if (name in out) throw new Error(`result codes: ${name} is declared by ${out[name]?.domain} and ${d.domain}`);
      if (!d.ranges.some(([lo, hi]) => def.code >= lo && def.code <= hi)) {
        throw new Error(`result codes: ${name} (${def.code}) is outside ${d.domain}'s ranges`);
      }
      const taken = byNumber.get(def.code);
      if (taken) throw new Error(`result codes: ${def.code} is both ${taken} and ${name}`);
      byNumber.set(def.code, name);
      out[name] = { ...def, domain: d.domain };
    }
  }
  return out;
}
