import { NeohubError } from './neohub-error.js';
import { UnavailableError } from './unavailable-error.js';

/**
 * The `UnavailableError` an error was caused by, a few causes deep: a client library (Meilisearch's)
 * wraps what its transport threw, and a dependency that is down stays a 503 through the wrapping.
 */
export function unavailableCause(err: unknown): UnavailableError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    if (e instanceof UnavailableError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What a transport may tell a client of an error: its HTTP status and message. */
export interface WireStatus {
  readonly status: number;
  readonly message: string;
  /** A domain error (its message is meant for the client) or a client error of the HTTP layer. */
  readonly known: boolean;
}

const INTERNAL: WireStatus = { status: 500, message: 'INTERNAL SERVER ERROR', known: false };

/**
 * The status and message of anything thrown: a domain error's own, a 4xx client error of the HTTP layer
 * (Fastify's: an integer `statusCode` and a string `code`), else a generic 500. Never throws, whatever
 * the shape it is given (null, a string, a DOMException with a numeric `code`, a throwing getter).
 */
export function wireStatus(err: unknown): WireStatus {
  try {
    if (err instanceof NeohubError) return { status: err.status, message: err.message, known: true };
    const unavailable = unavailableCause(err);
    if (unavailable) return { status: 503, message: unavailable.message, known: true };
    if (typeof err !== 'object' || err === null) return INTERNAL;
    const { statusCode, code, message } = err as { statusCode?: unknown; code?: unknown; message?: unknown };
    if (
      Number.isInteger(statusCode) &&
      (statusCode as number) >= 400 &&
      (statusCode as number) < 500 &&
      typeof code === 'string' &&
      typeof message === 'string'
    )
      return { status: statusCode as number, message, known: true };
  } catch {
    // A getter that throws tells nothing: a generic error.
  }
  return INTERNAL;
}

/** The part of a logger `logFailure` and `LoopFailures` use. */
export interface FailureLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Logs a request that failed on the server's side: a 503 (a dependency down, e.g. the graph store while
 * it restarts) as one warning line, anything else of 500 and above as an error with its stack.
 */
export function logFailure(log: FailureLog, err: unknown, status: number, what = 'request failed'): void {
  if (status === 503)
    log.warn({ reason: err instanceof Error ? err.message : String(err) }, `${what}: unavailable`);
  else if (status >= 500) log.error({ err }, what);
}
