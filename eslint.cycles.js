// Import cycles among neohub's own files, for ESLint (eslint.config.js, `layering/cycles`). The graph of
// relative imports is read once per lint run with TypeScript's parser (no type check), as far as the files
// being linted reach, and cut into strongly connected components: an import whose target is in the
// importer's component leads back to the importer. Type-only imports are left out (they vanish from the
// built JavaScript), as `import-x/no-cycle` leaves them out; dynamic imports count. It replaced
// `import-x/no-cycle`, which parsed every file again for each file linted through its resolver.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { relativeImports } from './eslint.boundaries.js';

/** The file a relative specifier names: TypeScript's `.js` mapped back to `.ts`, a folder to its index.ts. */
function resolve(from, specifier) {
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, path.join(target, 'index.ts')];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(c) && statSync(c).isFile());
}

const typeOnlyImport = (node) =>
  node.importClause?.isTypeOnly === true ||
  (node.importClause !== undefined &&
    node.importClause.name === undefined &&
    node.importClause.namedBindings !== undefined &&
    ts.isNamedImports(node.importClause.namedBindings) &&
    node.importClause.namedBindings.elements.length > 0 &&
    node.importClause.namedBindings.elements.every((e) => e.isTypeOnly));

const typeOnlyExport = (node) =>
  node.isTypeOnly ||
  (node.exportClause !== undefined &&
    ts.isNamedExports(node.exportClause) &&
    node.exportClause.elements.length > 0 &&
    node.exportClause.elements.every((e) => e.isTypeOnly));

/** The relative specifiers a file imports at run time: static imports, re-exports, dynamic imports. */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !typeOnlyImport(node)) found.push(node.moduleSpecifier);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !typeOnlyExport(node))
      found.push(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      found.push(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s && ts.isStringLiteralLike(s) && s.text.startsWith('.')).map((s) => s.text);
}

/** file -> the files it imports at run time (resolved), read on first need. */
const edges = new Map();
function importsOf(file) {
  let out = edges.get(file);
  if (!out) {
    out = new Map();
    for (const s of specifiersOf(file)) {
      const target = resolve(file, s);
      if (target) out.set(s, target);
    }
    edges.set(file, out);
  }
  return out;
}

/** file -> its strongly connected component (a Set shared by its members): Tarjan's, over every root. */
const component = new Map();
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function connect(file) {
  // Iterative, so that a long chain of imports cannot overflow the call stack.
  const work = [[file, [...importsOf(file).values()], 0]];
  order.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  while (work.length) {
    const frame = work[work.length - 1];
    const [v, next] = frame;
    if (frame[2] < next.length) {
      const w = next[frame[2]++];
      if (!order.has(w)) {
        order.set(w, counter);
        low.set(w, counter++);
        stack.push(w);
        onStack.add(w);
        work.push([w, [...importsOf(w).values()], 0]);
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(v)));
    }
    if (low.get(v) === order.get(v)) {
      const members = new Set();
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.add(w);
      } while (w !== v);
      for (const m of members) component.set(m, members);
    }
  }
}

/** Whether an import or export of typescript-eslint's tree names types only (`ImportExpression`: never). */
const typeOnly = (node) => {
  const kind = node.importKind ?? node.exportKind;
  const specifiers = node.specifiers ?? [];
  const key = node.type === 'ImportDeclaration' ? 'importKind' : 'exportKind';
  return kind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s[key] === 'type'));
};

/** The rule: each run-time import that leads back to the file importing it. */
export const cyclesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.endsWith('.ts') || !existsSync(file)) return {};
    if (!component.has(file)) connect(file);
    const mine = component.get(file);
    const imports = importsOf(file);
    return relativeImports((source, node) => {
      const target = typeOnly(node) ? undefined : imports.get(source.value);
      if (target && mine.has(target))
        context.report({
          node: source,
          message: `Import cycle: ${path.relative(path.dirname(file), target)} leads back to this file (eslint.cycles.js)`,
        });
    });
  },
};
