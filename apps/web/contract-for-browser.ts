import path from 'node:path';
import type { Plugin } from 'vite';

const CONTRACT = `${path.resolve(import.meta.dirname, '../../packages/contract/src')}${path.sep}`;
const PART = '\0byeol-contract-part:';

/** The fields of an `endpoint(…)` declaration only the server reads: validation and the OpenAPI. */
const SERVER_FIELDS = new Set(['request', 'tags', 'summary']);

/** Top-level initializers that cannot have side effects as they are: no need to mark them pure. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

/** What this transform reads of the ESTree nodes `this.parse` returns. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** One top-level declaration of a contract module (after TypeScript is stripped). */
interface Declaration {
  /** The names it declares. */
  names: string[];
  /** Which of them the module exports, as `[local, exported]` (`export const` or an `export { … }` list). */
  exports: [string, string][];
  /** Its source, without `export`, schemas marked pure and endpoints without the server's fields. */
  text: string;
  /** Every identifier it mentions (a superset of what it references: enough to order and group). */
  mentions: Set<string>;
}

/**
 * The contract in the browser bundle (issue 20, lean pages). The contract's modules
 * (packages/contract/src) declare a zod schema for every call beside the domain's endpoints, result codes
 * and constants, and the web imports them through one barrel; Rollup puts a module's code in one chunk,
 * so the home page, which needs a few paths, codes and constants, loaded every schema a form uses
 * anywhere, and zod with them (≈80 KB gzip). In the client build this plugin, for contract files only:
 *
 * - splits each module into parts (a facade re-exports them under the same names): one per group of
 *   declarations that mention each other, so a chunk holds only the declarations its pages use;
 * - marks each top-level `const` initializer pure (`/*#__PURE__*\/ (() => init)()`, evaluated as before),
 *   so what no page uses is dropped, zod included when no page validates with it;
 * - keeps of each `endpoint<…>()({…})` declaration what the web's `call(…)` reads (method, path, params):
 *   `request`, `tags` and `summary` are the server's (validation, OpenAPI) and would hold every schema in.
 *   A form that checks its input imports its schema by name, which then loads with that form's route.
 *
 * The server build, the dev server and the tests read the contract as written.
 */
export function contractForBrowser(): Plugin {
  const parts = new Map<string, string>();
  return {
    name: 'byeol-contract-for-browser',
    apply: 'build',
    // After the TypeScript is stripped: the code parses as JavaScript.
    enforce: 'post',
    resolveId(id) {
      return id.startsWith(PART) ? id : undefined;
    },
    load(id) {
      return id.startsWith(PART) ? parts.get(id) : undefined;
    },
    async transform(code, id, options) {
      if (options?.ssr || !id.startsWith(CONTRACT) || id.includes('?')) return undefined;
      const program = this.parse(code) as unknown as Node;
      // Imports by local name, with the file they come from resolved (a part has no directory).
      const imported = new Map<string, { source: string; imported: string }>();
      for (const statement of program.body as Node[]) {
        if (statement.type !== 'ImportDeclaration') continue;
        const source = String((statement.source as Node).value);
        // A package (zod) stays a bare name: resolved as usual, with its package's sideEffects.
        const resolved = source.startsWith('.') ? (await this.resolve(source, id))?.id : source;
        if (!resolved) this.error(`${id}: cannot resolve ${source}`);
        for (const spec of statement.specifiers as Node[]) {
          const local = String((spec.local as Node).name);
          const name = spec.type === 'ImportSpecifier' ? String((spec.imported as Node).name ?? (spec.imported as Node).value) : spec.type;
          imported.set(local, { source: resolved, imported: name });
        }
      }
      const declarations = contractDeclarations(code, program);
      if (!declarations) return undefined;
      const groups = groupDeclarations(declarations);
      const partOf = new Map<string, string>();
      groups.forEach((group, i) => {
        for (const d of group) for (const name of d.names) partOf.set(name, `${PART}${id}:${i}`);
      });
      const facade: string[] = reExports(code, program);
      groups.forEach((group, i) => {
        const partId = `${PART}${id}:${i}`;
        const own = new Set(group.flatMap((d) => d.names));
        const lines: string[] = [];
        const mentions = new Set(group.flatMap((d) => [...d.mentions]));
        for (const name of mentions) {
          if (own.has(name)) continue;
          const from = partOf.get(name);
          const imp = imported.get(name);
          if (from) lines.push(`import { ${name} } from ${JSON.stringify(from)};`);
          else if (imp?.imported === 'ImportNamespaceSpecifier') lines.push(`import * as ${name} from ${JSON.stringify(imp.source)};`);
          else if (imp?.imported === 'ImportDefaultSpecifier') lines.push(`import ${name} from ${JSON.stringify(imp.source)};`);
          else if (imp) lines.push(`import { ${imp.imported} as ${name} } from ${JSON.stringify(imp.source)};`);
        }
        for (const d of group) lines.push(d.text);
        lines.push(`export { ${[...own].join(', ')} };`);
        parts.set(partId, lines.join('\n'));
        const exported = group.flatMap((d) => d.exports).map(([local, as]) => (local === as ? local : `${local} as ${as}`));
        if (exported.length > 0) facade.push(`export { ${exported.join(', ')} } from ${JSON.stringify(partId)};`);
      });
      return { code: facade.join('\n'), map: null };
    },
  };
}

/** A module's `export * from '…'` statements, as written. */
export function reExports(code: string, program: Node): string[] {
  return (program.body as Node[]).filter((s) => s.type === 'ExportAllDeclaration').map((s) => code.slice(s.start, s.end));
}

/**
 * The top-level declarations of a contract module, or null when it has anything else at top level
 * (statements with effects, re-exports of chosen names from another module): such a module is left as written.
 */
export function contractDeclarations(code: string, program: Node): Declaration[] | null {
  const out: Declaration[] = [];
  // `export { a, b as c }` lists (how esbuild writes a module's exports when it outputs ESM).
  const listed: [string, string][] = [];
  for (const statement of program.body as Node[]) {
    // `export * from './x.js'` (domains.ts) passes through the facade as written (reExports).
    if (statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration') continue;
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? (statement.declaration as Node | null) : statement;
    if (exported && !declaration && !statement.source) {
      for (const spec of statement.specifiers as Node[]) {
        const name = (n: Node) => String(n.type === 'Identifier' ? n.name : n.value);
        listed.push([name(spec.local as Node), name(spec.exported as Node)]);
      }
      continue;
    }
    if (!declaration) return null;
    if (declaration.type === 'FunctionDeclaration') {
      const name = String((declaration.id as Node).name);
      const edits: Edit[] = [];
      endpointEdits(code, declaration, edits);
      out.push({
        names: [name],
        exports: exported ? [[name, name]] : [],
        text: applyEdits(code.slice(0, declaration.end), edits).slice(declaration.start),
        mentions: mentionsOf(declaration),
      });
      continue;
    }
    if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') return null;
    const edits: Edit[] = [];
    const names: string[] = [];
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type !== 'Identifier') return null;
      names.push(String(id.name));
      const init = declarator.init as Node | null;
      if (!init) continue;
      const pure = !PLAIN.has(init.type);
      if (pure) edits.push({ start: init.start, end: init.start, text: '/*#__PURE__*/ (() => (' });
      endpointEdits(code, init, edits);
      if (pure) edits.push({ start: init.end, end: init.end, text: '))()' });
    }
    const text = applyEdits(code.slice(0, declaration.end), edits).slice(declaration.start);
    out.push({ names, exports: exported ? names.map((n) => [n, n]) : [], text, mentions: mentionsOf(declaration) });
  }
  for (const [local, as] of listed) {
    const declaration = out.find((d) => d.names.includes(local));
    if (!declaration) return null;
    declaration.exports.push([local, as]);
  }
  return out;
}

/**
 * Groups declarations into the strongly connected parts of "mentions": declarations that mention each
 * other (directly or round a cycle) stay together in source order, so parts import each other without
 * cycles and each is evaluated after what it uses, as in the module as written.
 */
export function groupDeclarations(declarations: Declaration[]): Declaration[][] {
  const byName = new Map<string, number>();
  declarations.forEach((d, i) => {
    for (const name of d.names) byName.set(name, i);
  });
  const edges = declarations.map((d) =>
    [...d.mentions].map((name) => byName.get(name)).filter((j): j is number => j !== undefined && declarations[j] !== d),
  );
  // Tarjan's algorithm: components come out dependencies first.
  const index: number[] = [];
  const low: number[] = [];
  const onStack: boolean[] = [];
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of edges[v] ?? []) {
      if (index[w] === undefined) {
        visit(w);
        low[v] = Math.min(low[v] ?? 0, low[w] ?? 0);
      } else if (onStack[w]) low[v] = Math.min(low[v] ?? 0, index[w] ?? 0);
    }
    if (low[v] === index[v]) {
      const component: number[] = [];
      let w: number | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack[w] = false;
        component.push(w);
      } while (w !== v);
      components.push(component.sort((a, b) => a - b));
    }
  };
  declarations.forEach((_, v) => {
    if (index[v] === undefined) visit(v);
  });
  return components.map((component) => component.map((i) => declarations[i] as Declaration));
}

/** Identifier names under `node`, but for property names (`a.b`, `{ b: … }`): those never reference a binding. */
function mentionsOf(node: Node, out = new Set<string>()): Set<string> {
  if (node.type === 'Identifier') out.add(String(node.name));
  for (const [key, value] of Object.entries(node)) {
    if (node.type === 'MemberExpression' && key === 'property' && !node.computed) continue;
    if ((node.type === 'Property' || node.type === 'MethodDefinition') && key === 'key' && !node.computed && !node.shorthand) continue;
    for (const child of nodesIn(value)) mentionsOf(child, out);
  }
  return out;
}

/** `endpoint<A>()({…})` once TypeScript is stripped: `endpoint()({…})`. */
function isEndpointDeclaration(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  const args = node.arguments as Node[];
  return (
    callee.type === 'CallExpression' &&
    (callee.callee as Node).type === 'Identifier' &&
    (callee.callee as Node).name === 'endpoint' &&
    args.length === 1 &&
    args[0]?.type === 'ObjectExpression'
  );
}

/** `defineCodes(domain, ranges, { NAME: { code, ko, en, ja, 'zh-CN' }, … })` with its codes written out. */
function codeDefinitions(node: Node): Node[] | null {
  if (node.type !== 'CallExpression') return null;
  const callee = node.callee as Node;
  const args = node.arguments as Node[];
  if (callee.type !== 'Identifier' || callee.name !== 'defineCodes' || args[2]?.type !== 'ObjectExpression') return null;
  const values = (args[2].properties as Node[]).map((p) => (p.type === 'Property' ? (p.value as Node) : null));
  return values.every((v): v is Node => v?.type === 'ObjectExpression') ? values : null;
}

const keyName = (property: Node): string | undefined => {
  const key = property.key as Node | undefined;
  return key?.type === 'Identifier' ? String(key.name) : key?.type === 'Literal' ? String(key.value) : undefined;
};

/**
 * Rewrites every endpoint declaration under `node` without the server's fields, and every code of a
 * `defineCodes(…)` with its number only: its four messages travel with each language's texts instead
 * (apps/web/i18n-per-language.ts; the contract's supplyResultMessages), one language per page.
 */
function endpointEdits(code: string, node: Node, edits: Edit[]): void {
  const definitions = codeDefinitions(node);
  if (definitions) {
    for (const definition of definitions) {
      const number = (definition.properties as Node[]).find((p) => p.type === 'Property' && !p.computed && keyName(p) === 'code');
      if (!number) continue;
      edits.push({ start: definition.start, end: definition.end, text: `{ ${code.slice(number.start, number.end)} }` });
    }
    return;
  }
  if (isEndpointDeclaration(node)) {
    const definition = (node.arguments as Node[])[0] as Node;
    const kept = (definition.properties as Node[]).filter(
      (property) => property.type !== 'Property' || property.computed || !SERVER_FIELDS.has(String(keyName(property))),
    );
    const text = `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }`;
    edits.push({ start: definition.start, end: definition.end, text });
    return;
  }
  for (const value of Object.values(node)) for (const child of nodesIn(value)) endpointEdits(code, child, edits);
}

/** The AST nodes a field of a node holds: itself, the nodes of a list, or none. */
function nodesIn(value: unknown): Node[] {
  const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';
  return Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [];
}

/** Applies edits given in source order (insertions and replacements that do not overlap). */
function applyEdits(code: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}
