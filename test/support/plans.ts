import type { QueryResult, RecordShape } from 'neo4j-driver';
import type { Executor, Tx } from '../../src/store/index.js';

interface PlanNode {
  readonly operatorType: string;
  readonly children: readonly PlanNode[];
}

/**
 * The operators of every statement `work` sends, planned by Neo4j (EXPLAIN: nothing runs, nothing is
 * read or written), one list per statement, the root first.
 */
export async function plannedOperators(
  exec: Executor,
  work: (tx: Tx) => Promise<unknown>,
): Promise<string[][]> {
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
    await work(explaining);
  });
  return plans;
}

/**
 * Whether a plan sorts (reads every row it could return before its first) or reads all it could before a
 * limit: a page of it costs what the whole match holds, however small the page.
 */
export const sortsOrExhausts = (ops: readonly string[]): boolean =>
  ops.some((o) => /^(Top|Sort|PartialTop|PartialSort|ExhaustiveLimit)/.test(o));
