import net from 'node:net';
import neo4j, { type AuthToken, type Driver } from 'neo4j-driver';

const UNAUTHORIZED = 'Neo.ClientError.Security.Unauthorized';
/** The password every new Neo4j system database gives the `neo4j` user, to be changed at first login. */
const DEFAULT_PASSWORD = 'neo4j';

/** A free TCP port on 127.0.0.1 (the OS picks it; Neo4j binds it a moment later). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port > 0 ? resolve(port) : reject(new Error('no free loopback port'))));
    });
  });
}

function codeOf(err: unknown): string | undefined {
  return err instanceof neo4j.Neo4jError ? err.code : undefined;
}

function openDriver(uri: string, auth: AuthToken): Driver {
  return neo4j.driver(uri, auth, {
    connectionTimeout: 2_000,
    connectionAcquisitionTimeout: 5_000,
    maxConnectionPoolSize: 2,
    disableLosslessIntegers: true,
  });
}

export interface WaitOptions {
  readonly uri: string;
  readonly password: string;
  readonly deadline: number;
  /** False once the server process has exited: waiting stops at once. */
  readonly alive: () => boolean;
}

/**
 * Polls Bolt until it answers. 'ready' when the `neo4j` user logged in with `password`; 'unclaimed' when
 * the server answered but refused that password (a new system database still has the default one).
 */
export async function waitForBolt(o: WaitOptions): Promise<'ready' | 'unclaimed' | 'died' | 'timeout'> {
  const driver = openDriver(o.uri, neo4j.auth.basic('neo4j', o.password));
  try {
    for (;;) {
      if (!o.alive()) return 'died';
      try {
        await driver.verifyConnectivity();
        return 'ready';
      } catch (err) {
        if (codeOf(err) === UNAUTHORIZED) return 'unclaimed';
      }
      if (Date.now() > o.deadline) return 'timeout';
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await driver.close();
  }
}

/**
 * Replaces the default password of a new system database with neohub's own; the default login only
 * allows that change. Fails with advice when the server has some third password.
 */
export async function claimServer(uri: string, password: string, passwordFile: string): Promise<void> {
  const driver = openDriver(uri, neo4j.auth.basic('neo4j', DEFAULT_PASSWORD));
  try {
    const session = driver.session({ database: 'system' });
    try {
      await session.run('ALTER CURRENT USER SET PASSWORD FROM $old TO $new', {
        old: DEFAULT_PASSWORD,
        new: password,
      });
    } finally {
      await session.close();
    }
  } catch (err) {
    if (codeOf(err) !== UNAUTHORIZED) throw err;
    throw new Error(
      `the local Neo4j refuses the password neohub keeps in ${passwordFile}, and it is no new server either. ` +
        'Put the right password for the `neo4j` user into that file, or delete the whole folder to start ' +
        'afresh (its graph goes with it).',
      { cause: err },
    );
  } finally {
    await driver.close();
  }
}

export interface ServerFacts {
  readonly version: string;
  readonly edition: string;
  readonly apocVersion: string;
}

/**
 * What is really running: Neo4j's version and edition, and APOC's version. One query (each costs a cold
 * Cypher compile, about a second on a fresh JVM); it fails if APOC's functions are not loaded.
 */
export async function inspectServer(uri: string, password: string): Promise<ServerFacts> {
  const driver = openDriver(uri, neo4j.auth.basic('neo4j', password));
  try {
    const { records } = await driver.executeQuery(
      "CALL dbms.components() YIELD name, versions, edition WHERE name = 'Neo4j Kernel' " +
        'RETURN versions[0] AS version, edition, apoc.version() AS apoc',
    );
    const row = records[0];
    if (!row) throw new Error('dbms.components() did not list the Neo4j kernel');
    return {
      version: String(row.get('version')),
      edition: String(row.get('edition')),
      apocVersion: String(row.get('apoc')),
    };
  } catch (err) {
    if (codeOf(err) !== 'Neo.ClientError.Statement.SyntaxError') throw err;
    throw new Error(`APOC is not available in the local Neo4j: ${(err as Error).message}`, { cause: err });
  } finally {
    await driver.close();
  }
}
