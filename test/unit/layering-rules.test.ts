/**
 * The layering's two lint rules (eslint.config.js): `layering/modules` (eslint.boundaries.js: a module
 * imports only the modules it names, others only through their index.ts) through the project's own
 * ESLint config, and `layering/cycles` (eslint.cycles.js: run-time import cycles) on files of a temporary
 * folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let eslint: ESLint | undefined;
/** The messages of the layering rules for `code` as the project file `file`, by the project's config. */
async function layering(file: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('layering/'))
    .map((m) => `${m.line}: ${m.message}`);
}

/** eslint.boundaries.js's check of one import (its own folder's file imports `source`). */
async function problem(file: string, source: string): Promise<string | undefined> {
  const { boundaryProblem } = await import(pathToFileURL(path.join(root, 'eslint.boundaries.js')).href);
  return boundaryProblem(path.join(root, file), source);
}

describe('layering/modules', () => {
  it('refuses a module another it does not name, in every kind of import, by the project config', async () => {
    const code = [
      "import { a } from '../services/index.js';",
      "export * from '../auth/index.js';",
      "export const f = () => import('../graphql/index.js');",
      "import { b } from './apply-batch.js';",
      "import { c } from '../errors/index.js';",
      "import { d } from '../services/ingest-service.js';",
      'export const g = [a, b, c, d];',
    ].join('\n');
    expect(await layering('src/store/zz-layering.ts', code)).toEqual([
      '1: src/store may not import src/services (eslint.boundaries.js)',
      '2: src/store may not import src/auth (eslint.boundaries.js)',
      '3: src/store may not import src/graphql (eslint.boundaries.js)',
      '6: src/store may not import src/services (eslint.boundaries.js)',
    ]);
  }, 60_000);

  it('lets a module reach another only through its index.ts, the wiring too', async () => {
    expect(await problem('src/services/x.ts', '../store/apply-batch.js')).toBe(
      'reach src/store through its index.ts (eslint.boundaries.js)',
    );
    expect(await problem('src/services/x.ts', '../store/index.js')).toBeUndefined();
    expect(await problem('src/services/x.ts', '../store')).toBeUndefined();
    expect(await problem('src/runtime.ts', './store/apply-batch.js')).toBe(
      'reach src/store through its index.ts (eslint.boundaries.js)',
    );
    expect(await problem('src/runtime.ts', './graphql/index.js')).toBeUndefined();
    // A file of no module, not the wiring: not checked.
    expect(await problem('src/zz-loose.ts', './store/apply-batch.js')).toBeUndefined();
    // A nested module is a module of its own, for its parent too.
    expect(await problem('search-sync/x.ts', './embedded/lucene.js')).toBe(
      'reach search-sync/embedded through its index.ts (eslint.boundaries.js)',
    );
    expect(await problem('search-sync/embedded/x.ts', '../index-of.js')).toBe(
      'search-sync/embedded may not import search-sync (eslint.boundaries.js)',
    );
    expect(await problem('search-sync/embedded/x.ts', '../model/index.js')).toBeUndefined();
    expect(await problem('graph-schema/x.ts', '../src/store/index.js')).toBe(
      'graph-schema may not import src/store (eslint.boundaries.js)',
    );
  });
});

describe('layering/cycles', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'neohub-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    // a <-> b
    'a.ts': "import { b } from './b.js';\nexport const a = () => b;",
    'b.ts': "import { a } from './a.js';\nexport const b = () => a;",
    // c -> d is types only: no cycle at run time
    'c.ts': "import type { D } from './d.js';\nexport type C = D;\nexport const c = 1;",
    'd.ts': "import { c } from './c.js';\nexport type D = string;\nexport const d = c;",
    // e -> f by a dynamic import
    'e.ts': "export const e = async () => (await import('./f.js')).f;",
    'f.ts': "import { e } from './e.js';\nexport const f = e;",
    // h -> i -> j -> h, through a re-export and a folder's index.ts
    'h.ts': "import { i } from './i.js';\nexport const h = i;",
    'i.ts': "export { j as i } from './sub/index.js';",
    'sub/index.ts': "import * as H from '../h.js';\nexport const j = () => H;",
    // k imports types and a value of l: the value closes a cycle
    'k.ts': "import { type K, l2 } from './l.js';\nexport const k = l2;\nexport type KK = K;",
    'l.ts': "import { k } from './k.js';\nexport type K = number;\nexport const l2 = 1;\nexport const l = k;",
    'm.ts': "import { a } from './a.js';\nexport const m = a;",
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }

  it('reports each run-time import that leads back to its file, and no other', async () => {
    const { cyclesRule } = await import(pathToFileURL(path.join(root, 'eslint.cycles.js')).href);
    const linter = new Linter({ configType: 'flat', cwd: dir });
    const config = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { layering: { rules: { cycles: cyclesRule } } },
        rules: { 'layering/cycles': 'error' as const },
      },
    ];
    const flagged = Object.keys(files).flatMap((name) =>
      linter
        .verify(files[name]!, config, path.join(dir, name))
        .map((m) => `${name}:${m.line}: ${m.message.replace(/ \(eslint\.cycles\.js\)$/, '')}`),
    );
    expect(flagged).toEqual([
      'a.ts:1: Import cycle: b.ts leads back to this file',
      'b.ts:1: Import cycle: a.ts leads back to this file',
      'e.ts:1: Import cycle: f.ts leads back to this file',
      'f.ts:1: Import cycle: e.ts leads back to this file',
      'h.ts:1: Import cycle: i.ts leads back to this file',
      'i.ts:1: Import cycle: sub/index.ts leads back to this file',
      'sub/index.ts:1: Import cycle: ../h.ts leads back to this file',
      'k.ts:1: Import cycle: l.ts leads back to this file',
      'l.ts:1: Import cycle: k.ts leads back to this file',
    ]);
  });
});
