import type { QueryResult } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { createDriver, Executor, Neo4jStore, type Tx } from '../../src/store/index.js';
import { readEdges } from '../../src/store/read-edges.js';
import { readRestoreUrns } from '../../src/store/read-maintenance.js';
import { EmbeddedSearchIndex } from '../../search-sync/index.js';
import { searchFields, type SearchQuery } from '../../search-sync/model/index.js';
import { fieldsByKind, fullTextIndex } from '../../search-sync/embedded/fields.js';
import {
  planContext,
  planSearch,
  SCAN_IN_URN_ORDER,
  urnOrderPage,
} from '../../search-sync/embedded/search-plan.js';
import { plannedOperators, sortsOrExhausts } from '../support/plans.js';
import { graphTarget } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
const registry = defaultRegistry();
beforeAll(async () => {
  await new Neo4jStore(exec).migrate();
  await new EmbeddedSearchIndex(exec, registry, 'search').init();
});
afterAll(() => exec.close());

const fields = searchFields(registry);
const ctx = planContext(fields, fullTextIndex(fields), fieldsByKind(registry));
const query = (q: Partial<SearchQuery>): SearchQuery => ({
  types: [],
  input: '*',
  filters: [],
  start: 40,
  count: 10,
  ...q,
});

/** The plan of the statement a search reads its page with, its match set holding `total` documents. */
async function searchPagePlan(q: SearchQuery, total: number): Promise<string[]> {
  const p = planSearch(q, ctx);
  if (p.page.kind !== 'paged') throw new Error(`expected a paged plan, got ${p.page.kind}`);
  const cypher = p.page.ranked ?? urnOrderPage(p.page, total);
  const [ops] = await plannedOperators(exec, (tx) => tx.run(cypher, p.pageParams));
  return ops ?? [];
}

interface PlanNode {
  readonly operatorType: string;
  readonly arguments: Record<string, unknown>;
  readonly children: readonly PlanNode[];
}

/** The operators of a plan with their details, root first. */
function withDetails(n: PlanNode): { op: string; details: string }[] {
  const op = { op: n.operatorType.replace(/@.*/, ''), details: String(n.arguments.Details ?? '') };
  return [op, ...n.children.flatMap(withDetails)];
}

describe('search pages read off an index in its order, whatever the index holds', () => {
  it('a search without text sorted by URN, either way, reads a large match set off the URN index', async () => {
    for (const order of ['ASCENDING', 'DESCENDING'] as const)
      for (const types of [[], ['dataset']]) {
        const sort = [{ field: 'urn', order }];
        const ops = await searchPagePlan(query({ types, sort }), SCAN_IN_URN_ORDER + 1);
        expect(ops.at(-1)).toBe('NodeUniqueIndexSeekByRange');
        expect(sortsOrExhausts(ops)).toBe(false);
      }
    // Whatever follows the URN in the sort: the URN is unique, nothing after it breaks a tie.
    const sort = [
      { field: 'urn', order: 'DESCENDING' as const },
      { field: 'name', order: 'ASCENDING' as const },
    ];
    const p = planSearch(query({ sort }), ctx);
    expect(p.page.kind === 'paged' && p.page.ranked).toBeUndefined();
    expect(p.page.kind === 'paged' && p.page.byUrn).toMatch(/ORDER BY d\.urn DESC SKIP/);
    expect(sortsOrExhausts(await searchPagePlan(query({ sort }), SCAN_IN_URN_ORDER + 1))).toBe(false);
  });

  it('a small match set of known kinds seeks them on the (entityType, removed) index', async () => {
    // A page of at most SCAN_IN_URN_ORDER matches is sorted over them: what the seek finds, not the index.
    for (const sort of [undefined, [{ field: 'urn', order: 'DESCENDING' as const }]]) {
      const ops = await searchPagePlan(query({ types: ['corpuser'], sort }), SCAN_IN_URN_ORDER);
      expect(ops.at(-1)).toBe('NodeIndexSeek');
      expect(ops).not.toContain('NodeByLabelScan');
    }
  });
});

describe('store pages read off the URN index in its order', () => {
  it('the edge scroll without anchors sorts only the edges of one source at a time', async () => {
    let plan: PlanNode | undefined;
    await plannedOperators(exec, (tx) => {
      const keeping: Tx = {
        run: async (cypher, params) => {
          const res = await tx.run(cypher, params);
          plan = (res as QueryResult).summary.plan as unknown as PlanNode;
          return res;
        },
      };
      return readEdges(keeping, {
        types: ['DownstreamOf'],
        source: { types: ['dataset'], urns: [] },
        destination: { types: [], urns: [] },
        direction: 'OUTGOING',
        includeRemoved: false,
        start: 100,
        count: 100,
      });
    });
    const ops = withDetails(plan as PlanNode);
    // The sources come off the URN index in URN order; the one sort left (PartialTop) is already in
    // order by the source's URN, and sorts each source's edges by type and destination only.
    expect(ops.at(-1)?.op).toBe('NodeIndexScan');
    expect(ops.at(-1)?.details).toMatch(/^(RANGE|UNIQUE) INDEX s:Entity\(urn\)/);
    const sorts = ops.filter((o) => /^(Top|Sort|PartialTop|PartialSort|ExhaustiveLimit)/.test(o.op));
    expect(sorts).toHaveLength(1);
    expect(sorts[0]?.op).toBe('PartialTop');
    expect(sorts[0]?.details).toMatch(/^`s\.urn` ASC, type ASC, `d\.urn` ASC/);
    expect(ops.map((o) => o.op)).not.toContain('NodeByLabelScan');
  });

  it('a restore-indices page, of all entities or of one URN', async () => {
    const [all] = await plannedOperators(exec, (tx) => readRestoreUrns(tx, { start: 1000, count: 1000 }));
    const [aspect] = await plannedOperators(exec, (tx) =>
      readRestoreUrns(tx, { aspect: 'status', start: 0, count: 1000 }),
    );
    const [one] = await plannedOperators(exec, (tx) =>
      readRestoreUrns(tx, { urn: 'urn:li:corpuser:x', start: 0, count: 1000 }),
    );
    for (const ops of [all, aspect, one]) expect(sortsOrExhausts(ops ?? [])).toBe(false);
    expect(all).toContain('NodeIndexScan');
    expect(aspect).toContain('NodeIndexScan');
    expect(one).toContain('NodeUniqueIndexSeek');
    for (const ops of [all, aspect, one]) expect(ops).not.toContain('NodeByLabelScan');
  });
});
