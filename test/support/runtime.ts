import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { startRuntime, type Runtime } from '../../src/runtime.js';
import { asSystem } from '../../src/auth/index.js';

/** The Neo4j the test command started (`npm test` sets NEO4J_URI); tests never mock the database. */
export function graphTarget(): { uri: string; user: string; password: string } {
  const uri = process.env.NEO4J_URI;
  if (!uri)
    throw new Error('Integration tests need NEO4J_URI: run them through `npm test`, which starts a Neo4j.');
  return { uri, user: process.env.NEO4J_USER ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '' };
}

/**
 * A neohub on a free loopback port, in-process. Functional suites run it with authentication off (the
 * explicit setting); the auth suites pass `NEOHUB_AUTH: 'on'` and a root token.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  log: Logger = createLogger('error'),
): Promise<Runtime> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    NEOHUB_AUTH: 'off',
    ...env,
  });
  const rt = await startRuntime(config, graphTarget(), log);
  // Each file starts on an index that has caught up with what the files before it wrote, so that its own
  // waits for the index (10 s by default) cover its own writes only.
  if (config.searchSync) await asSystemView(rt.services).search.waitForIndex(100_000);
  return rt;
}

/** A suffix that keeps one test's URNs apart from every other test's and run's. */
export const unique = (): string => randomUUID().slice(0, 8);

export const datasetUrn = (name: string, platform = 'hive'): string =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;

/** Rest.li JSON-string envelope of an aspect value. */
export const mcp = (
  entityUrn: string,
  aspectName: string,
  value: unknown,
  changeType = 'UPSERT',
): Record<string, unknown> => ({
  entityType: entityUrn.split(':')[2],
  entityUrn,
  changeType,
  aspectName,
  aspect: {
    value: JSON.stringify(value),
    contentType: changeType === 'PATCH' ? 'application/json-patch+json' : 'application/json',
  },
});

/** A text (or `nativeDataType`) schema field, and a schemaMetadata of such fields. */
export const schemaField = (fieldPath: string, nativeDataType = 'TEXT', description?: string) => ({
  fieldPath,
  nativeDataType,
  type: { type: { 'com.linkedin.schema.StringType': {} } },
  ...(description ? { description } : {}),
});
export const schemaMetadata = (fields: unknown[]) => ({
  schemaName: 't',
  platform: 'urn:li:dataPlatform:hive',
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields,
});

/** The integration suites' way to these (test/http imports them from http.ts, where they live). */
export { get, post } from './http.js';

export const enc = encodeURIComponent;

/**
 * A view of a service (or of all `Services`) whose method calls run as the system (`asSystem`): for
 * tests that call services directly, outside any request, as background work does.
 */
export function asSystemView<T extends object>(target: T): T {
  const t = target;
  // The proxy's own target is a blank object: frozen services could not be wrapped otherwise.
  return new Proxy({} as T, {
    get(_blank, prop) {
      const value = Reflect.get(t, prop, t) as unknown;
      if (typeof value === 'function')
        return (...args: unknown[]) => asSystem(() => (value as (...a: unknown[]) => unknown).apply(t, args));
      if (typeof value === 'object' && value !== null) return asSystemView(value);
      return value;
    },
  });
}
