import type { Executor } from './executor.js';
import {
  indexRunIds,
  readRunEntities,
  readRunRows,
  readRunSize,
  readRuns,
  type RunAspectRow,
  type RunEntity,
  type RunSummaryRow,
} from './read-runs.js';

const RUN_IDS_MARKER = 'aspect-run-ids:1';

/** What ingestion runs read: the runs, the aspects a run wrote, and a rollback's plan per entity. */
export class RunStore {
  constructor(private readonly exec: Executor) {}

  /** Runs, newest first, counting only the aspects of kinds not in `unseen`. */
  list(
    offset: number,
    size: number,
    includeSoft: boolean,
    unseen: readonly string[] = [],
  ): Promise<RunSummaryRow[]> {
    return this.exec.read((tx) => readRuns(tx, { offset, size, includeSoft, unseen }));
  }

  rows(q: {
    runId: string;
    start: number;
    count: number;
    includeSoft: boolean;
    withValue: boolean;
    /** Kinds whose aspects are left out. */
    unseen?: readonly string[];
  }): Promise<RunAspectRow[]> {
    return this.exec.read((tx) => readRunRows(tx, { ...q, unseen: q.unseen ?? [] }));
  }

  size(runId: string): Promise<number> {
    return this.exec.read((tx) => readRunSize(tx, runId));
  }

  entities(runId: string, after: string, limit: number): Promise<RunEntity[]> {
    return this.exec.read((tx) => readRunEntities(tx, runId, after, limit));
  }

  /**
   * Once per database: gives the aspects written before runs were indexed their run id (read from their
   * system metadata), a page of entities per transaction, in URN order. Returns how many aspects it indexed.
   */
  async indexRunIds(batch = 20_000): Promise<number> {
    const done = await this.exec.read(
      async (tx) =>
        (await tx.run('MATCH (c:Counter {name: $m}) RETURN c', { m: RUN_IDS_MARKER })).records.length > 0,
    );
    if (done) return 0;
    let total = 0;
    for (let after: string | null = ''; after !== null;) {
      const page: { n: number; last: string | null } = await this.exec.write((tx) =>
        indexRunIds(tx, after as string, batch),
      );
      total += page.n;
      after = page.last;
    }
    await this.exec.write((tx) =>
      tx.run('MERGE (c:Counter {name: $m}) ON CREATE SET c.value = 0', { m: RUN_IDS_MARKER }),
    );
    return total;
  }
}
