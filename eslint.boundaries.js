// The module layering of neohub, enforced by ESLint (eslint.config.js, `layering/modules`; cycles are
// `layering/cycles`, eslint.cycles.js): each module names the modules it may import, and other modules
// are reached only through their index.ts. Tests and benchmarks may reach into a module (unit tests of its
// parts). The READMEs state the same rules in words.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Module path (a folder, or a single file) -> the modules it may import. */
export const MODULES = {
  'src/config.ts': [],
  'src/logger.ts': [],
  'src/version.ts': [],
  'src/errors': [],
  'src/json': [],
  'src/urn': [],
  'src/graphql-limits': [],
  'src/metrics': [],
  'src/local-neo4j': [],
  // A transport like rest-compat: Kafka records into the services' one write path.
  'src/kafka': ['src/config.ts', 'src/logger.ts', 'src/errors', 'src/services'],
  'graph-schema': [],
  'src/registry': ['src/errors', 'src/urn', 'src/json'],
  'src/patch': ['src/errors', 'src/json'],
  'src/store': ['src/errors', 'src/logger.ts', 'src/json', 'graph-schema'],
  'src/page.ts': ['src/errors'],
  'src/auth': ['src/errors', 'src/logger.ts', 'src/json', 'src/registry', 'src/store'],
  // Search: the model, the service, the sync and both adapters, in one folder (decision 0044).
  'search-sync/model': ['src/errors', 'src/json', 'src/registry', 'src/store'],
  'search-sync/service': [
    'src/errors',
    'src/logger.ts',
    'src/registry',
    'src/page.ts',
    'src/auth',
    'search-sync/model',
  ],
  'src/services': [
    'src/config.ts',
    'src/logger.ts',
    'src/errors',
    'src/json',
    'src/urn',
    'src/registry',
    'src/patch',
    'src/page.ts',
    'src/store',
    'src/auth',
    'search-sync/model',
    'search-sync/service',
  ],
  'search-sync/embedded': ['src/errors', 'src/json', 'src/registry', 'src/store', 'search-sync/model'],
  'search-sync/meilisearch': ['src/errors', 'src/json', 'src/registry', 'search-sync/model'],
  // The configured index (index-of.ts) and the adapters, for the wiring.
  'search-sync': [
    'search-sync/embedded',
    'search-sync/meilisearch',
    'search-sync/model',
    'src/config.ts',
    'src/logger.ts',
    'src/registry',
    'src/store',
  ],
  // The sync worker (a change-log follower's handler) and its thread, which builds what it needs.
  'search-sync/sync': [
    'search-sync',
    'search-sync/model',
    'src/auth',
    'src/config.ts',
    'src/logger.ts',
    'src/registry',
    'src/store',
    'src/services',
  ],
  'rest-compat/restli': [
    'src/version.ts',
    'src/logger.ts',
    'src/errors',
    'src/json',
    'src/urn',
    'src/registry',
    'search-sync/model',
    'src/auth',
    'src/services',
  ],
  'rest-compat/openapi': [
    'rest-compat/restli',
    'src/logger.ts',
    'src/errors',
    'src/json',
    'src/registry',
    'search-sync/model',
    'src/services',
  ],
  'rest-compat/auth': ['rest-compat/restli', 'src/logger.ts', 'src/errors', 'src/services'],
  'rest-compat/schema-registry': ['src/logger.ts', 'src/errors', 'src/services'],
  'rest-compat': [
    'rest-compat/restli',
    'rest-compat/openapi',
    'rest-compat/auth',
    'rest-compat/schema-registry',
    'src/logger.ts',
    'src/services',
  ],
  'src/graphql': [
    'src/config.ts',
    'src/logger.ts',
    'src/errors',
    'src/json',
    'src/registry',
    'search-sync/model',
    'src/graphql-limits',
    'src/auth',
    'src/services',
  ],
  'src/graph-explorer': ['src/logger.ts', 'src/json', 'src/graphql-limits', 'src/registry'],
  'src/http': [
    'src/errors',
    'src/metrics',
    'src/json',
    'src/auth',
    'src/services',
    'rest-compat',
    'src/graphql',
    'src/graph-explorer',
  ],
  'src/cli': ['src/urn', 'src/json'],
};

/** Wiring: these files may import every module (through its index). */
export const WIRING = ['src/runtime.ts', 'src/main.ts', 'src/system-update.ts'];

const root = path.dirname(fileURLToPath(import.meta.url));
const isFile = (m) => m.endsWith('.ts');
/** Longest first: a file belongs to the innermost module holding it (search-sync/embedded, not search-sync). */
const byDepth = Object.keys(MODULES).sort((a, b) => b.length - a.length);
/** The module of a project-relative path, if any. */
const moduleOf = (rel) => byDepth.find((m) => rel === m || (!isFile(m) && rel.startsWith(`${m}/`)));
/** The project-relative path an import names, with TypeScript's `.js` for `.ts` mapped back. */
const targetOf = (file, source) =>
  path
    .relative(root, path.resolve(path.dirname(file), source))
    .split(path.sep)
    .join('/')
    .replace(/\.js$/, '.ts');

/**
 * What is wrong with an import of `source` (relative) from `file` (absolute), if anything: a module imports
 * only the modules it names, and any other module only through its index.ts (the wiring files too). A
 * lookup in MODULES per import; `import-x/no-restricted-paths` with one glob zone per pair of modules (903)
 * took half of ESLint's rule time.
 */
export function boundaryProblem(file, source) {
  const from = path.relative(root, file).split(path.sep).join('/');
  const own = moduleOf(from);
  if (!own && !WIRING.includes(from)) return undefined;
  const target = targetOf(file, source);
  const other = moduleOf(target);
  if (!other || other === own) return undefined;
  if (own && !MODULES[own].includes(other)) return `${own} may not import ${other} (eslint.boundaries.js)`;
  if (!isFile(other) && target !== other && target !== `${other}/index.ts`)
    return `reach ${other} through its index.ts (eslint.boundaries.js)`;
  return undefined;
}

/**
 * An ESLint visitor that calls `check(source, node)` for every relative import of a file: static imports,
 * re-exports and dynamic imports (`source` is the specifier's literal, `node` the import or export).
 */
export const relativeImports = (check) => {
  const visit = (node) => {
    if (typeof node.source?.value === 'string' && node.source.value.startsWith('.')) check(node.source, node);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
};

/** The rule of the function above (`layering/modules`). */
export const modulesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return relativeImports((source) => {
      const message = boundaryProblem(context.filename, source.value);
      if (message) context.report({ node: source, message });
    });
  },
};
