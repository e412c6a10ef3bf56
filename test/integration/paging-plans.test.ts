import type { QueryResult, RecordShape } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createDriver, Executor, Neo4jStore, type Tx } from '../../src/store/index.js';
import { readUrns, readUrnsAfter } from '../../src/store/read-urns.js';
import { graphTarget } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
beforeAll(() => new Neo4jStore(exec).migrate());
afterAll(() => exec.close());

interface PlanNode {
  readonly operatorType: string;
  readonly children: readonly PlanNode[];
}

/** The operators of every statement a read sends, planned (EXPLAIN: nothing runs, nothing is read). */
async function plannedOperators(read: (tx: Tx) => Promise<unknown>): Promise<string[][]> {
  const plans: string[][] = [];
  await exec.read(async (real) => {
    const explaining: Tx = {
      run: async <R extends RecordShape = RecordShape>(cypher: string, params?: Record<string, unknown>) => {
        const res = (await real.run(`EXPLAIN ${cypher}`, params)) as QueryResult<R>;
        const ops: string[] = [];
        const walk = (n: PlanNode): void => {
          ops.push(n.operatorType.replace(/@.*/, ''));
          n.children.forEach(walk);
        };
        walk(res.summary.plan as unknown as PlanNode);
        plans.push(ops);
        return res;
      },
    };
    await read(explaining);
  });
  return plans;
}

/** A plan that sorts reads every row it could return before the first: a page costs the kind's size. */
const sorts = (ops: readonly string[]): boolean =>
  ops.some((o) => /^(Top|Sort|PartialTop|PartialSort)/.test(o));

describe('pages read off an index in its order, whatever the catalog holds', () => {
  it("a kind's URNs after a URN (the metadata-test sweep) and at an offset (listUrns)", async () => {
    const after = await plannedOperators((tx) => readUrnsAfter(tx, 'dataset', 'urn:li:dataset:(x', 1000));
    const at = await plannedOperators((tx) => readUrns(tx, 'dataset', 500, 100));
    expect(after).toHaveLength(1);
    expect(at).toHaveLength(2);
    for (const ops of [...after, ...at]) {
      expect(ops.some((o) => o.startsWith('NodeIndexSeek'))).toBe(true);
      expect(sorts(ops)).toBe(false);
    }
  });
});
