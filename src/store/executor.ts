import net from 'node:net';
import neo4j, {
  type Driver,
  type ManagedTransaction,
  type QueryResult,
  type RecordShape,
} from 'neo4j-driver';
import { NeohubError, UnavailableError } from '../errors/index.js';
import type { Logger } from '../logger.js';

export type Params = Record<string, unknown>;

/** A transaction handle that runs Cypher with parameters only and logs it on the debug channel. */
export interface Tx {
  run<R extends RecordShape = RecordShape>(cypher: string, params?: Params): Promise<QueryResult<R>>;
}

/**
 * The one Cypher boundary: every query of neohub goes through an Executor. Values are always
 * parameters; driver failures are mapped to domain errors here and nowhere else.
 */
export class Executor {
  constructor(
    private readonly driver: Driver,
    private readonly log: Logger,
    private readonly database: string | undefined,
  ) {}

  async read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.session('READ', work);
  }

  async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.session('WRITE', work);
  }

  private async session<T>(mode: 'READ' | 'WRITE', work: (tx: Tx) => Promise<T>): Promise<T> {
    const session = this.driver.session({
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      ...(this.database ? { database: this.database } : {}),
    });
    try {
      const wrap = (tx: ManagedTransaction): Promise<T> => work(this.tx(tx));
      return mode === 'READ' ? await session.executeRead(wrap) : await session.executeWrite(wrap);
    } catch (err) {
      throw mapError(err);
    } finally {
      await session.close();
    }
  }

  private tx(tx: ManagedTransaction): Tx {
    return {
      run: <R extends RecordShape = RecordShape>(cypher: string, params: Params = {}) => {
        if (this.log.level === 'debug' || this.log.level === 'trace')
          this.log.debug({ cypher, params }, 'cypher');
        return tx.run<R>(cypher, toCypher(params) as Params);
      },
    };
  }

  async close(): Promise<void> {
    await this.driver.close();
  }
}

/**
 * JavaScript numbers reach Neo4j as floats; whole numbers (timestamps, versions, limits) are sent as
 * Cypher integers instead. Aspect values travel as JSON strings, so this never touches user data.
 */
function toCypher(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? neo4j.int(v) : v;
  if (Array.isArray(v)) return v.map(toCypher);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toCypher(x);
    return out;
  }
  return v;
}

function mapError(err: unknown): Error {
  if (err instanceof NeohubError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'ServiceUnavailable' || code === 'SessionExpired' || code.startsWith('Neo.TransientError')) {
    return new UnavailableError(`Graph store unavailable: ${(err as Error).message}`, { cause: err });
  }
  return err instanceof Error ? err : new Error(String(err));
}

let socketsTuned = false;

/**
 * neo4j-driver writes RUN and PULL as separate small packets on sockets with Nagle's algorithm on, so
 * every statement waits for a delayed ACK (tens of milliseconds on Linux). Client sockets of this process
 * are given TCP_NODELAY once (the driver offers no option for it). See docs/decisions/0005.
 */
function tuneClientSockets(): void {
  if (socketsTuned) return;
  socketsTuned = true;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    this.setNoDelay(true);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
}

export function createDriver(uri: string, user: string, password: string): Driver {
  tuneClientSockets();
  return neo4j.driver(uri, password ? neo4j.auth.basic(user, password) : undefined, {
    disableLosslessIntegers: true,
    maxConnectionPoolSize: 50,
  });
}
