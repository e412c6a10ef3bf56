// Every path a README names exists: the READMEs are the map of the repository, and a map that names a
// file which moved or was deleted sends the reader nowhere. A path is a backticked token that looks like
// one (see `pathsNamed`); it is found relative to the repository root, the README's folder or a folder
// above it, and a bare name (`guard.ts`, `search/`) anywhere below the README's folder (a module's
// README names its own files by name).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders never walked: dependencies, build output and local state (all git-ignored). */
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '__pycache__']);
const skipped = (name: string): boolean => SKIPPED.has(name) || name.startsWith('.');

/**
 * Paths a README names that are not in the repository by design: local state and build output, made at
 * run time (git-ignored), named by their first segment.
 */
const RUNTIME_ROOTS = new Set(['.neohub', '.venv', 'node_modules', 'dist', 'coverage', 'bench/data']);

/** The layout of folders made at run time that a README describes, by README (exact tokens). */
const RUNTIME_LAYOUTS: Readonly<Record<string, readonly string[]>> = {
  // The Neo4j server folder local mode creates (`dataDir`, under .neohub/neo4j).
  'src/local-neo4j/README.md': [
    'classpath.txt',
    'conf/jvm.args',
    'conf/neo4j.conf',
    'conf/neohub-password',
    'data/',
    'import/',
    'logs/',
    'plugins/',
    'run/',
    'run/neohub-neo4j.pid',
    'run/neohub.lock',
  ],
};

const EXTENSIONS = /\.(ts|js|mjs|cjs|md|json|ya?ml|graphql|py|toml|sh|txt|html|css)$/;

/**
 * The backticked tokens of a README's text that look like repository paths: with a `/` or a known file
 * extension; without spaces, patterns or placeholders (`<urn>`, `*`, `{id}`, `$VAR`), URLs or `a:b`
 * (`npm run schema:write`), query strings; not routes or absolute paths (`/openapi/...`), home paths
 * (`~/.m2`), npm scopes (`@neo4j/graphql`) or paths outside the repository (`../shared/...`). Fenced code
 * blocks are skipped.
 */
function pathsNamed(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const found: string[] = [];
  for (const [, token] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (token === undefined || /[\s<>*{}$?=|:,()[\]'"#&!]/.test(token)) continue;
    if (/^[/~@-]/.test(token) || token.startsWith('../') || token.includes('...')) continue;
    if (!token.includes('/') && !EXTENSIONS.test(token)) continue;
    found.push(token);
  }
  return found;
}

/** Every file and folder below the root (repository-relative, `/`-separated), skipping `SKIPPED`. */
function walk(dir = '', out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (skipped(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    out.push(path);
    if (entry.isDirectory()) walk(path, out);
  }
  return out;
}

const ENTRIES = walk();
const READMES = ENTRIES.filter((p) => basename(p) === 'README.md').sort();

/** The folders a README's relative paths are tried against: its own, then each above it to the root. */
function bases(readme: string): string[] {
  const out: string[] = [];
  for (let d = posix.dirname(readme); ; d = posix.dirname(d)) {
    out.push(d === '.' ? '' : d);
    if (d === '.') return out;
  }
}

function resolves(readme: string, token: string): boolean {
  const path = token.replace(/^\.\//, '');
  const first = path.split('/')[0] ?? '';
  if (RUNTIME_ROOTS.has(first) || [...RUNTIME_ROOTS].some((r) => path.startsWith(`${r}/`))) return true;
  if (RUNTIME_LAYOUTS[readme]?.includes(token)) return true;
  if (bases(readme).some((b) => existsSync(join(ROOT, b, path)))) return true;
  const bare = path.replace(/\/$/, '');
  if (bare.includes('/')) return false;
  const folder = dirname(readme) === '.' ? '' : `${dirname(readme)}/`;
  return ENTRIES.some((e) => e.startsWith(folder) && basename(e) === bare);
}

describe('README paths', () => {
  it('finds the READMEs and the paths they name', () => {
    expect(READMES).toContain('README.md');
    expect(READMES).toContain('src/store/README.md');
    const named = READMES.flatMap((r) => pathsNamed(readFileSync(join(ROOT, r), 'utf8')));
    expect(named.length).toBeGreaterThan(300);
  });

  it('takes paths and leaves routes, packages, commands, URLs and placeholders', () => {
    const text = [
      '`src/store/index.ts`, `guard.ts`, `search/`, `.ci/run`, `docs/decisions/`',
      '`/openapi/v3/api-docs`, `/entities`, `@neo4j/graphql`, `npm run schema:write`, `acryl-datahub`',
      '`http://127.0.0.1:8080/health`, `~/.m2`, `../shared/tools/meilisearch`, `r_f_<field>`',
      '`/openapi/v2/entity/...`, `plugins/*.jar`, `{id}`, `$NEO4J_URI`, `Entity`, `POST`',
      '```sh\nnode scripts/absent.mjs `not/a/path.ts`\n```',
    ].join('\n');
    expect(pathsNamed(text)).toEqual([
      'src/store/index.ts',
      'guard.ts',
      'search/',
      '.ci/run',
      'docs/decisions/',
    ]);
  });

  it('every path a README names exists', () => {
    const missing = READMES.flatMap((readme) =>
      pathsNamed(readFileSync(join(ROOT, readme), 'utf8'))
        .filter((token) => !resolves(readme, token))
        .map((token) => `${readme}: \`${token}\``),
    );
    expect(missing).toEqual([]);
  });
});
