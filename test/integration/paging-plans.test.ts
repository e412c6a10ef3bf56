import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createDriver, Executor, Neo4jStore } from '../../src/store/index.js';
import { readUrns, readUrnsAfter } from '../../src/store/read-urns.js';
import { plannedOperators, sortsOrExhausts } from '../support/plans.js';
import { graphTarget } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
beforeAll(() => new Neo4jStore(exec).migrate());
afterAll(() => exec.close());

describe('pages read off an index in its order, whatever the catalog holds', () => {
  it("a kind's URNs after a URN (the metadata-test sweep) and at an offset (listUrns)", async () => {
    const after = await plannedOperators(exec, (tx) =>
      readUrnsAfter(tx, 'dataset', 'urn:li:dataset:(x', 1000),
    );
    const at = await plannedOperators(exec, (tx) => readUrns(tx, 'dataset', 500, 100));
    expect(after).toHaveLength(1);
    expect(at).toHaveLength(2);
    for (const ops of [...after, ...at]) {
      expect(ops.some((o) => o.startsWith('NodeIndexSeek'))).toBe(true);
      expect(sortsOrExhausts(ops)).toBe(false);
    }
  });
});
