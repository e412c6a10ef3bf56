// The module layering of neohub, enforced by ESLint (eslint.config.js): each module names the modules it
// may import, and other modules are reached only through their index.ts. Tests and benchmarks may reach
// into a module (unit tests of its parts). The READMEs state the same rules in words.

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

const isFile = (m) => m.endsWith('.ts');
const inside = (outer, m) => m !== outer && !isFile(outer) && m.startsWith(`${outer}/`);
/** The modules nested in a module's folder (search-sync/embedded in search-sync): not part of it. */
const nested = (m) => Object.keys(MODULES).filter((o) => inside(m, o));
const relativeTo = (m) => (n) => `./${n.slice(m.length + 1)}`;
/** The files of a module, without those of the modules nested in it. */
function ownFiles(m) {
  if (isFile(m)) return [`./${m}`];
  const inner = nested(m).map((n) => n.slice(m.length + 1));
  return inner.length ? [`./${m}/*.ts`, `./${m}/!(${inner.join('|')})/**`] : [`./${m}/**`];
}

/**
 * `import-x/no-restricted-paths` zones: a module imports only the modules it names, and any other module
 * only through its index.ts.
 */
export function boundaryZones() {
  const zones = [];
  const all = Object.keys(MODULES);
  for (const [m, allowed] of Object.entries(MODULES))
    for (const other of all)
      if (other !== m && !allowed.includes(other))
        zones.push({
          target: ownFiles(m),
          from: `./${other}`,
          except: nested(other).map(relativeTo(other)),
          message: `${m} may not import ${other} (eslint.boundaries.js)`,
        });
  for (const m of all.filter((x) => !isFile(x)))
    zones.push({
      target: all
        .filter((o) => o !== m)
        .flatMap(ownFiles)
        .concat(WIRING.map((w) => `./${w}`)),
      from: `./${m}`,
      except: ['./index.ts', ...nested(m).map(relativeTo(m))],
      message: `reach ${m} through its index.ts (eslint.boundaries.js)`,
    });
  return zones;
}
