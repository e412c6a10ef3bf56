import { createRequire } from 'node:module';
import type { QueryResult, RecordShape, Result, ResultObserver } from 'neo4j-driver';

/**
 * The two internals of neo4j-driver that neohub uses, and nothing else reads them: the driver is pinned
 * exactly in package.json (6.3.0), and test/unit/driver-internals.test.ts and
 * test/integration/driver-internals.test.ts fail if an upgrade moves or changes them. Each accessor
 * answers `undefined` when the internal is not there, and its caller then does without it.
 *
 * 1. Flow control of a result (`lineage/lineage-stream.ts`): `Result._subscribe(observer, paused)` (neo4j-driver-core
 *    `lib/result.js`) resolves to the driver's `ResultStreamObserver`, whose `pause()` stops asking the
 *    server for the next batch of records and `resume()` asks again. The public `subscribe` drops it.
 * 2. The socket channel (`bolt-writes.ts`): `NodeChannel` (neo4j-driver-bolt-connection
 *    `lib/channel/node/node-channel.js`, CommonJS without types), whose `write(buffer)` queues on
 *    `_pending` (an array until the socket connects, then `null`) or writes to `_conn`, the `net.Socket`.
 *
 * And one of its habits that neohub turns off (`withoutCallerStack`, used by `executor.ts`; decision 0074): a result's
 * constructor (neo4j-driver-core `lib/result.js`, `captureStacktrace`) makes an `Error` and reads its
 * stack for every statement, to put it on the statement's error if it fails. If an upgrade drops the
 * habit, nothing breaks; the integration test says so.
 */

/** A result's flow: its stream observer's `pause` and `resume`. */
export interface DriverFlow {
  pause(): void;
  resume(): void;
}

/** neo4j-driver's own subscription, which answers the stream's flow control. */
type FlowSubscribe<R extends RecordShape> = (
  observer: ResultObserver<R>,
  paused: boolean,
) => Promise<DriverFlow>;

/**
 * Subscribes `observer` to a result through the driver's `_subscribe` (not paused), and answers the
 * promise of its flow; `undefined` (nothing subscribed) when the result has no `_subscribe`.
 */
export function subscribeWithFlow<R extends RecordShape>(
  result: Partial<Result<R>> & Promise<QueryResult<R>>,
  observer: ResultObserver<R>,
): Promise<DriverFlow> | undefined {
  const own = (result as { _subscribe?: FlowSubscribe<R> })._subscribe;
  if (typeof own !== 'function') return undefined;
  return own.call(result, observer, false);
}

/** The socket under a channel, as `bolt-writes.ts` corks it. */
export interface ChannelSocket {
  cork(): void;
  uncork(): void;
  writableCorked: number;
}

/** What the driver's socket channel looks like from here. */
export interface BoltChannel {
  _pending: unknown[] | null;
  _conn: ChannelSocket | undefined;
  write(buffer: unknown): void;
}

/** The module of the driver's socket channel (resolved from neo4j-driver's own dependency). */
export const CHANNEL_MODULE = 'neo4j-driver-bolt-connection/lib/channel/node/node-channel.js';

/** The prototype of the driver's socket channel, if it is found and has a `write`. */
export function channelPrototype(): BoltChannel | undefined {
  let proto: BoltChannel | undefined;
  try {
    const require = createRequire(import.meta.url);
    const mod = require(CHANNEL_MODULE) as { default?: { prototype?: BoltChannel } };
    proto = mod.default?.prototype;
  } catch {
    return undefined;
  }
  if (!proto || typeof proto.write !== 'function') return undefined;
  return proto;
}

/**
 * The socket of a connected channel that can be corked and is not corked yet; `undefined` while the
 * channel still queues its writes (`_pending`), or when the socket has no `cork`.
 */
export function uncorkedSocket(channel: BoltChannel): ChannelSocket | undefined {
  const conn = channel._conn;
  if (channel._pending === null && conn && typeof conn.cork === 'function' && !conn.writableCorked)
    return conn;
  return undefined;
}

/**
 * Starts a statement (`run`, which builds the driver's result synchronously) without the stack of its
 * caller that the driver captures for each: formatting a stack costs more than many a statement (under
 * the test runner, which maps every frame through source maps, a tenth of the HTTP tier's CPU). A failed
 * statement's error has its message and no frames of the caller: the executor gives it the stack of
 * where the work failed, with its callers (`mapError`), which costs only when a statement fails.
 */
export function withoutCallerStack<T>(run: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
