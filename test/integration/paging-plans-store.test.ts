import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { compactBatch } from '../../src/store/change-log-store.js';
import { createDriver, Executor, Neo4jStore } from '../../src/store/index.js';
import { readOldestSeq, readRecentUrns } from '../../src/store/read-change-log.js';
import { readRunEntities, readRunRows } from '../../src/store/read-runs.js';
import { readTimeseries } from '../../src/store/read-timeseries.js';
import { readAudit } from '../../src/store/usage-events.js';
import { plannedOperators, sortsOrExhausts } from '../support/plans.js';
import { graphTarget } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
beforeAll(() => new Neo4jStore(exec).migrate());
afterAll(() => exec.close());

const seeks = (ops: readonly string[]): boolean => ops.some((o) => /^Node(Unique)?Index(Seek|Scan)/.test(o));
/** The operators of a plan that sort or read all before a limit, in plan order (the root first). */
const sorting = (ops: readonly string[]): string[] => ops.filter((o) => sortsOrExhausts([o]));

describe("the store's pages read off an index in its order, whatever the store holds", () => {
  it("a run's next entities (the rollback walk): a seek in (runId, urn) order, deduplicated as read", async () => {
    const plans = await plannedOperators(exec, (tx) =>
      readRunEntities(tx, 'a-run', 'urn:li:dataset:(x', 200),
    );
    expect(plans).toHaveLength(1);
    const [ops] = plans as [string[]];
    expect(seeks(ops)).toBe(true);
    expect(ops).toContain('OrderedDistinct');
    expect(sortsOrExhausts(ops)).toBe(false);
  });

  it("a page of a run's aspects: in (runId, urn) order, sorting by name only within one entity", async () => {
    const plans = await plannedOperators(exec, (tx) =>
      readRunRows(tx, {
        runId: 'a-run',
        start: 40,
        count: 20,
        includeSoft: false,
        withValue: true,
        unseen: ['dataHubPolicy'],
      }),
    );
    expect(plans).toHaveLength(1);
    const [ops] = plans as [string[]];
    expect(seeks(ops)).toBe(true);
    // A PartialTop sorts the rows of one (runId, urn) of the ordered seek at a time and stops at the page:
    // an entity's aspects, never the run's.
    expect(sorting(ops)).toEqual(['PartialTop']);
  });

  it('an audit page: each source read newest first off its time index, then one page of both merged', async () => {
    const plans = await plannedOperators(exec, (tx) =>
      readAudit(tx, {
        start: 0,
        end: Date.now(),
        eventTypes: ['EntityViewEvent'],
        entityTypes: [],
        aspectNames: [],
        actorUrns: ['urn:li:corpuser:someone'],
        changeEventTypes: {},
        after: { t: Date.now() - 1000, s: 0, k: '0000000000000042' },
        limit: 20,
        countUpTo: 10_000,
      }),
    );
    expect(plans).toHaveLength(2);
    const [page, count] = plans as [string[], string[]];
    // Each branch of the union stops at the page (a PartialTop sorts only the entries of one millisecond
    // of the index's order); the Top and Sort above the union order at most two pages' rows.
    const union = page.indexOf('Union');
    expect(union).toBeGreaterThan(0);
    expect(sorting(page.slice(0, union))).toEqual(['Sort', 'Top']);
    expect(sorting(page.slice(union))).toEqual(['PartialTop', 'PartialTop']);
    expect(page.slice(union).filter((o) => o.startsWith('NodeIndexSeekByRange'))).toHaveLength(2);
    expect(sortsOrExhausts(count)).toBe(false);
  });

  it("an entity's time-series values, newest first: the key's index read backwards", async () => {
    const plans = await plannedOperators(exec, (tx) =>
      readTimeseries(tx, { urn: 'urn:li:dataset:x', aspect: 'datasetProfile', scanLimit: 100 }),
    );
    expect(plans).toHaveLength(1);
    const [ops] = plans as [string[]];
    expect(seeks(ops)).toBe(true);
    expect(sortsOrExhausts(ops)).toBe(false);
  });

  it('a retention batch stops its read of old entries at the batch (EXPLAIN only: nothing is deleted)', async () => {
    const plans = await plannedOperators(exec, (tx) => compactBatch(tx, 0, ['a-checkpoint'], 1000));
    expect(plans).toHaveLength(1);
    const [ops] = plans as [string[]];
    expect(ops).toContain('Limit');
    expect(ops.some((o) => o.startsWith('NodeIndexSeekByRange'))).toBe(true);
    expect(sortsOrExhausts(ops)).toBe(false);
  });

  it("the change log's oldest and newest entries: the seq index read from either end", async () => {
    const oldest = await plannedOperators(exec, readOldestSeq);
    const recent = await plannedOperators(exec, (tx) => readRecentUrns(tx, 20));
    for (const ops of [...oldest, ...recent]) {
      expect(seeks(ops)).toBe(true);
      expect(sortsOrExhausts(ops)).toBe(false);
    }
    expect([...oldest, ...recent]).toHaveLength(2);
  });
});
