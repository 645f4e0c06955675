import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { contractDeclarations, groupDeclarations, reExports } from './contract-for-browser';

type Parsed = Parameters<typeof contractDeclarations>[1];
const parse = (code: string) => parseAst(code) as unknown as Parsed;
const CONTRACT = path.resolve(import.meta.dirname, '../../packages/contract/src');

const SAMPLE = `
import { z } from 'zod';
export const A = z.string();
const helper = (s) => B.safeParse(s).success;
export const B = z.object({ a: A, h: z.string().refine(helper) });
export const Api = { get: endpoint()({ method: 'GET', path: '/x/:id', params: ['id'], request: B, tags: ['x'], summary: 'X' }) };
export function unused() { return A.parse('u'); }
`;

describe('contractForBrowser', () => {
  it('groups declarations that mention each other, what they use first, each group in source order', () => {
    const declarations = contractDeclarations(SAMPLE, parse(SAMPLE));
    expect(declarations).not.toBeNull();
    const groups = groupDeclarations(declarations ?? []).map((group) => group.flatMap((d) => d.names));
    expect(groups).toContainEqual(['helper', 'B']);
    const at = (name: string) => groups.findIndex((g) => g.includes(name));
    expect(at('A')).toBeLessThan(at('B'));
    expect(at('Api')).toBeGreaterThan(-1);
    expect(at('unused')).toBeGreaterThan(at('A'));
    expect(declarations?.find((d) => d.names.includes('helper'))?.exports).toEqual([]);
    expect(declarations?.find((d) => d.names.includes('B'))?.exports).toEqual([['B', 'B']]);
  });

  it('marks initializers pure and keeps of an endpoint only what the web calls with', () => {
    const declarations = contractDeclarations(SAMPLE, parse(SAMPLE)) ?? [];
    const text = (name: string) => declarations.find((d) => d.names.includes(name))?.text;
    expect(text('A')).toBe('const A = /*#__PURE__*/ (() => (z.string()))();');
    expect(text('Api')).toBe(
      "const Api = /*#__PURE__*/ (() => ({ get: endpoint()({ method: 'GET', path: '/x/:id', params: ['id'] }) }))();",
    );
    // An endpoint's request schema is what made Api mention B: gone from the text, not from the grouping,
    // which errs on the side of keeping together.
    expect(text('helper')).toBe('const helper = (s) => B.safeParse(s).success;');
  });

  it("keeps of a domain's result codes their numbers only: the messages travel with each language's texts", () => {
    const code = `export const fansCodes = defineCodes('fans', [[8100, 8199]], {
  FANCLUB_ALREADY_JOINED: { code: 8101, ko: '이미 가입한 팬클럽입니다.', en: 'Already a member.', ja: '加入済みです。', 'zh-CN': '已加入。' },
  'FANCLUB_FULL': { ko: '가득 찼습니다.', code: 8102, en: 'Full.', ja: '満員です。', 'zh-CN': '已满。' },
});`;
    const [declaration] = contractDeclarations(code, parse(code)) ?? [];
    expect(declaration?.text).toBe(
      "const fansCodes = /*#__PURE__*/ (() => (defineCodes('fans', [[8100, 8199]], {\n  FANCLUB_ALREADY_JOINED: { code: 8101 },\n  'FANCLUB_FULL': { code: 8102 },\n})))();",
    );
  });

  it('reads the exports of an `export { … }` list', () => {
    const code = 'const a = 1;\nfunction f() { return a; }\nexport { a, f as g };\n';
    const declarations = contractDeclarations(code, parse(code)) ?? [];
    expect(declarations.map((d) => d.exports)).toEqual([[['a', 'a']], [['f', 'g']]]);
  });

  it('leaves a module with anything but declarations at top level as written', () => {
    const code = "import { z } from 'zod';\nexport const A = z.string();\nz.config({});\n";
    expect(contractDeclarations(code, parse(code))).toBeNull();
  });

  it('splits every contract module and leaves no server field on any endpoint', async () => {
    const files = readdirSync(CONTRACT).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const { code } = await transform(readFileSync(path.join(CONTRACT, file), 'utf8'), { loader: 'ts', format: 'esm' });
      const declarations = contractDeclarations(code, parse(code));
      expect(declarations, file).not.toBeNull();
      // A list of domains passes its `export *` lines through the facade: every domain's names stay exported.
      if (file === 'domains.ts') expect(reExports(code, parse(code)).length, file).toBeGreaterThan(20);
      const out = (declarations ?? []).map((d) => d.text).join('\n');
      // Each declaration stands alone as code, and no endpoint keeps its request schema, tags or summary.
      expect(() => parse(out), file).not.toThrow();
      expect(out, file).not.toMatch(/endpoint\(\)\(\{[^}]*\b(request|tags|summary):/);
      // Nor does any result code keep a message: a code definition is its number alone.
      expect(out, file).not.toMatch(/\{\s*code:\s*\d+,\s*(ko|en|ja|'zh-CN'):/);
    }
  });
});
