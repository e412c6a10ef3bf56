import neo4j, {
  Neo4jError,
  type Driver,
  type ManagedTransaction,
  type QueryResult,
  type RecordShape,
} from 'neo4j-driver';
import { ConflictError, NeohubError, UnavailableError } from '../errors/index.js';
import type { Logger } from '../logger.js';
import { corkBoltWrites } from './bolt-writes.js';
import { withoutCallerStack } from './driver-internals.js';

export type Params = Record<string, unknown>;

/** A transaction handle that runs Cypher with parameters only and logs it on the debug channel. */
export interface Tx {
  run<R extends RecordShape = RecordShape>(cypher: string, params?: Params): Promise<QueryResult<R>>;
}

/**
 * Whether the graph store can take work now, when something knows better than a failed connection: the
 * local mode's supervisor, while it starts a crashed Neo4j again. Work is then refused at once (503 with
 * `Retry-After`), instead of waiting on a dead port through the driver's retries.
 */
export interface StoreGate {
  available(): boolean;
  /** Seconds a client should wait before trying again. */
  retryAfterSeconds(): number;
}

/**
 * The one Cypher boundary: every query of neohub goes through an Executor. Values are always
 * parameters; driver failures are mapped to domain errors here and nowhere else.
 */
export class Executor {
  /** Sessions open now, by access mode (the service's metrics read them). */
  private readonly open = { read: 0, write: 0 };

  /**
   * @param shown What the debug channel shows of a statement's parameters: the service's redaction
   *   (`Redaction.params`, src/auth), so that no secret reaches a log; without it, only their names.
   */
  constructor(
    private readonly driver: Driver,
    private readonly log: Logger,
    private readonly database: string | undefined,
    private readonly gate?: StoreGate,
    private readonly shown?: (params: Params) => unknown,
  ) {}

  /** Sessions with Neo4j open now (each holds one of the driver's pooled connections while it works). */
  openSessions(): { readonly read: number; readonly write: number } {
    return { ...this.open };
  }

  /** Refuses work at once while the gate says the store is down. */
  private checkGate(): void {
    if (this.gate && !this.gate.available())
      throw new UnavailableError('The graph store is restarting; try again shortly');
  }

  /** Seconds a client should wait when the store is unavailable: the gate's estimate, else 5. */
  retryAfterSeconds(): number {
    return Math.max(1, this.gate?.retryAfterSeconds() ?? 5);
  }

  /** Answers when the graph store takes a query now (within `timeoutMs`); throws `UnavailableError` if not. */
  async ping(timeoutMs = 2_000): Promise<void> {
    this.checkGate();
    const session = this.driver.session({
      defaultAccessMode: neo4j.session.READ,
      ...(this.database ? { database: this.database } : {}),
    });
    try {
      await session.run('RETURN 1', {}, { timeout: timeoutMs });
    } catch (err) {
      const mapped = mapError(err);
      throw mapped instanceof NeohubError
        ? mapped
        : new UnavailableError(`Graph store unavailable: ${(err as Error).message}`, { cause: err });
    } finally {
      await session.close();
    }
  }

  /**
   * Reads run each statement as an auto-commit query (one network round trip less than a managed read
   * transaction: ~1 ms instead of ~3 ms per read here), retried on transient failures. With `timeoutMs`,
   * Neo4j ends a statement that runs longer, and the read fails with an `UnavailableError` that says so.
   */
  async read<T>(work: (tx: Tx) => Promise<T>, opts: { timeoutMs?: number } = {}): Promise<T> {
    this.checkGate();
    const session = this.driver.session({
      defaultAccessMode: neo4j.session.READ,
      ...(this.database ? { database: this.database } : {}),
    });
    const config = opts.timeoutMs === undefined ? undefined : { timeout: opts.timeoutMs };
    this.open.read++;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await work({
            run: <R extends RecordShape = RecordShape>(cypher: string, params: Params = {}) => {
              this.debug(cypher, params);
              const sent = toCypher(params) as Params;
              return withoutCallerStack(() => session.run<R>(cypher, sent, config));
            },
          });
        } catch (err) {
          if (attempt >= 3 || !isRetriable(err)) throw err;
          await new Promise((r) => setTimeout(r, 50 * attempt));
        }
      }
    } catch (err) {
      if (opts.timeoutMs !== undefined && /TransactionTimedOut/.test((err as { code?: string }).code ?? ''))
        throw new UnavailableError(
          `The query did not finish within its deadline of ${opts.timeoutMs / 1000} s; try a narrower one, or again shortly`,
          {
            cause: err,
          },
        );
      throw mapError(err);
    } finally {
      this.open.read--;
      await session.close();
    }
  }

  /** Writes run in a managed transaction, retried by the driver on deadlocks and other transient errors. */
  async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    this.checkGate();
    const session = this.driver.session({
      defaultAccessMode: neo4j.session.WRITE,
      ...(this.database ? { database: this.database } : {}),
    });
    this.open.write++;
    try {
      return await session.executeWrite((tx: ManagedTransaction) => work(this.tx(tx)));
    } catch (err) {
      throw mapError(err);
    } finally {
      this.open.write--;
      await session.close();
    }
  }

  private tx(tx: ManagedTransaction): Tx {
    return {
      run: <R extends RecordShape = RecordShape>(cypher: string, params: Params = {}) => {
        this.debug(cypher, params);
        const sent = toCypher(params) as Params;
        return withoutCallerStack(() => tx.run<R>(cypher, sent));
      },
    };
  }

  /** The debug channel: every statement with its parameters as `shown` shows them (else their names). */
  private debug(cypher: string, params: Params): void {
    if (this.log.level !== 'debug' && this.log.level !== 'trace') return;
    this.log.debug(
      this.shown ? { cypher, params: this.shown(params) } : { cypher, paramNames: Object.keys(params) },
      'cypher',
    );
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

function isRetriable(err: unknown): boolean {
  const e = err as { code?: string; retriable?: boolean };
  return (
    e?.retriable === true ||
    e?.code === 'ServiceUnavailable' ||
    e?.code === 'SessionExpired' ||
    (e?.code ?? '').startsWith('Neo.TransientError')
  );
}

function mapError(err: unknown): Error {
  if (err instanceof NeohubError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'ServiceUnavailable' || code === 'SessionExpired' || code.startsWith('Neo.TransientError')) {
    return new UnavailableError(`Graph store unavailable: ${(err as Error).message}`, { cause: err });
  }
  // A uniqueness or existence constraint refused the write: the state the request met refuses it (409).
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed') {
    return new ConflictError('The write conflicts with stored data (a uniqueness constraint)', {
      cause: err,
    });
  }
  if (!(err instanceof Error)) return new Error(String(err));
  // Statements start without the driver's capture of their caller's stack (`withoutCallerStack`): a
  // driver's error gets the stack of where the work failed, with its callers, here. Any other error
  // (thrown by the work itself) keeps its own.
  if (err instanceof Neo4jError) Error.captureStackTrace(err, mapError);
  return err;
}

/** The most connections the driver pools (its pool's figures are not public: the metrics say so). */
export const MAX_CONNECTION_POOL_SIZE = 50;

export function createDriver(uri: string, user: string, password: string): Driver {
  corkBoltWrites();
  return neo4j.driver(uri, password ? neo4j.auth.basic(user, password) : undefined, {
    disableLosslessIntegers: true,
    maxConnectionPoolSize: MAX_CONNECTION_POOL_SIZE,
  });
}
