import type { Params, Tx } from './executor.js';

/** Where a statement goes when its result is not read: a transaction, or a pipeline over one. */
export interface Sink {
  run(cypher: string, params?: Params): Promise<unknown>;
}

/**
 * Statements of a transaction sent without waiting for their results. The driver pipelines them on the
 * transaction's connection and Neo4j runs them in the order sent, so a later statement still sees what an
 * earlier one wrote; while Neo4j runs one, this process builds and packs the next, and no round trip is
 * spent on results nobody reads. `settle` waits for them all; a statement that failed fails the batch with
 * its own error (the statements after it in the transaction only say that it failed).
 */
export class Pipeline implements Sink {
  private readonly sent: Promise<unknown>[] = [];

  constructor(private readonly tx: Tx) {}

  run(cypher: string, params?: Params): Promise<void> {
    const p = Promise.resolve(this.tx.run(cypher, params));
    p.catch(() => undefined); // reported by `settle` or `failure`
    this.sent.push(p);
    return Promise.resolve();
  }

  /** Waits for every statement sent; throws the first failure. */
  async settle(): Promise<void> {
    await Promise.all(this.sent);
  }

  /** The first failure among the statements sent, once all have ended; undefined if none failed. */
  async failure(): Promise<unknown> {
    const ended = await Promise.allSettled(this.sent);
    return ended.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason;
  }
}
