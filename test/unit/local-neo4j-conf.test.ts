import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutOf, writeConf } from '../../src/local-neo4j/conf.js';

const home = mkdtempSync(path.join(tmpdir(), 'neohub-conf-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const l = layoutOf(home);
mkdirSync(l.conf, { recursive: true });
/** The settings of the neo4j.conf written with `extra`. */
const written = (extra?: Record<string, string>): Map<string, string> =>
  new Map(
    readFileSync(writeConf(l, { boltPort: 7999, heap: '1g', pageCache: '256m', settings: extra }), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('=', 2) as [string, string]),
  );

describe("the local Neo4j's neo4j.conf", () => {
  const settings = written();

  it('listens on loopback only, with authentication on', () => {
    expect(settings.get('server.bolt.listen_address')).toBe('127.0.0.1:7999');
    expect(settings.get('server.http.enabled')).toBe('false');
    expect(settings.get('dbms.security.auth_enabled')).toBe('true');
  });

  it("keeps Neo4j's plan cache and expression engine (the test command sets its own; decision 0072)", () => {
    expect(settings.has('internal.cypher.use_parameter_size')).toBe(false);
    expect(settings.has('internal.cypher.expression_engine')).toBe(false);
  });

  it("takes a caller's settings after neohub's own (the test command's)", () => {
    const extra = written({ 'internal.cypher.use_parameter_size': 'false', 'server.http.enabled': 'true' });
    expect(extra.get('internal.cypher.use_parameter_size')).toBe('false');
    expect(extra.get('server.http.enabled')).toBe('true');
    expect(extra.get('server.bolt.listen_address')).toBe('127.0.0.1:7999');
  });
});
