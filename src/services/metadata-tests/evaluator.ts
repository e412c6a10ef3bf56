import type { Registry } from '../../registry/index.js';
import type { EntityStore } from '../../store/index.js';
import type { IngestService } from '../ingest-service.js';
import { SYSTEM_ACTOR, type WriteContext } from '../proposal.js';
import { compileTest, definitionJson, type CompiledTest } from './compiled-test.js';
import type { Predicate } from './definition.js';
import type { Hop } from './paths.js';
import { asText, holds } from './operators.js';

export interface TestResult {
  readonly test: string;
  readonly type: 'SUCCESS' | 'FAILURE';
}
export interface TestResults {
  readonly passing: TestResult[];
  readonly failing: TestResult[];
}
export interface EntityRef {
  readonly urn: string;
  readonly entityType: string;
}

/** Tests read per page when all of them are listed. */
const TEST_PAGE = 1000;

/** The URNs of every test the store holds. */
export async function allTestUrns(store: EntityStore): Promise<string[]> {
  const out: string[] = [];
  for (let start = 0; ; start += TEST_PAGE) {
    const page = await store.urns('test', start, TEST_PAGE);
    out.push(...page.urns);
    if (page.urns.length < TEST_PAGE) return out;
  }
}

/**
 * Evaluates tests on entities and writes results: a test applies to an entity when the entity's kind
 * is one of its `on.types` and its `on.match` holds; it passes when its `rules` hold. The values of all
 * queries of all tests come from one store statement per batch of entities of one kind.
 */
export class TestEvaluator {
  /** The tests compiled at the last load, by URN and stored value: a round compiles only what changed. */
  private compiled = new Map<string, CompiledTest | null>();

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
  ) {}

  /** The tests with the given URNs (unknown ones skipped, as DataHub does), or all of them. */
  async load(urns?: readonly string[]): Promise<CompiledTest[]> {
    let list = urns ? [...urns] : await allTestUrns(this.store);
    list = list.map((u) => this.registry.parseEntityUrn(u).parsed.urn);
    const infos = await this.store.latest(list, ['testInfo']);
    const out: CompiledTest[] = [];
    const compiled = new Map<string, CompiledTest | null>();
    for (const a of infos) {
      const key = `${a.urn}\u0000${a.value}`;
      let test = this.compiled.get(key);
      if (test === undefined) {
        try {
          test = compileTest(this.registry, a.urn, definitionJson(JSON.parse(a.value)));
        } catch {
          // A definition that cannot be evaluated (none, or the model changed) is skipped, as DataHub does.
          test = null;
        }
      }
      compiled.set(key, test);
      if (test) out.push(test);
    }
    this.compiled = compiled;
    return out.sort((a, b) => (a.urn < b.urn ? -1 : 1));
  }

  /** The results of the tests that apply, for entities of any kinds (one statement per kind). */
  async evaluate(
    entities: readonly EntityRef[],
    tests: readonly CompiledTest[],
  ): Promise<Map<string, TestResults>> {
    const out = new Map<string, TestResults>();
    const kinds = new Map<string, string[]>();
    for (const e of entities) kinds.set(e.entityType, [...(kinds.get(e.entityType) ?? []), e.urn]);
    for (const [kind, urns] of kinds) {
      const applicable = tests.filter((t) => t.definition.types.includes(kind));
      for (const [urn, r] of await this.ofKind(urns, kind, applicable)) out.set(urn, r);
    }
    return out;
  }

  private async ofKind(
    urns: readonly string[],
    entityType: string,
    tests: readonly CompiledTest[],
  ): Promise<Map<string, TestResults>> {
    const paths: (readonly Hop[])[] = [];
    const slot = new Map<string, number>();
    for (const t of tests)
      for (const path of t.paths.values())
        if (path.kind === 'aspects') {
          const key = JSON.stringify(path.hops);
          if (!slot.has(key)) slot.set(key, paths.push(path.hops) - 1);
        }
    const values = await this.reach(urns, paths);
    const out = new Map<string, TestResults>();
    for (const urn of urns) {
      const reached = values.get(urn) ?? [];
      const results: TestResults = { passing: [], failing: [] };
      for (const t of tests) {
        const valuesOf = (p: Predicate): string[] => {
          const path = t.paths.get(p);
          if (path?.kind === 'aspects')
            return (reached[slot.get(JSON.stringify(path.hops)) ?? -1] ?? []).map(asText);
          return path?.kind === 'entityType' ? [entityType] : [urn];
        };
        if (t.definition.match && !holds(t.definition.match, valuesOf)) continue;
        if (holds(t.definition.rules, valuesOf)) results.passing.push({ test: t.urn, type: 'SUCCESS' });
        else results.failing.push({ test: t.urn, type: 'FAILURE' });
      }
      out.set(urn, results);
    }
    return out;
  }

  /**
   * For each URN, the values each path reaches: hop by hop, one read of the aspects every path needs at
   * that hop for all the entities reached so far (the URNs themselves first), their fields walked here
   * (lists flattened, absent fields dropped); the next hop starts from the URNs a walk ended on. Values
   * are parsed here rather than in Cypher, whose JSON parser refuses some values clients may store.
   */
  private async reach(
    urns: readonly string[],
    paths: readonly (readonly Hop[])[],
  ): Promise<Map<string, unknown[][]>> {
    const reached = paths.map(() => new Map<string, unknown[]>(urns.map((u) => [u, [u]])));
    const hops = Math.max(0, ...paths.map((p) => p.length));
    for (let h = 0; h < hops; h++) {
      const need = new Set<string>();
      const aspects = new Set<string>();
      paths.forEach((p, i) => {
        const hop = p[h];
        if (!hop) return;
        aspects.add(hop.aspect);
        for (const values of reached[i]?.values() ?? [])
          for (const v of values) if (typeof v === 'string') need.add(v);
      });
      const stored = new Map(
        (await this.store.latest([...need], [...aspects])).map((a) => [`${a.urn}\u0000${a.name}`, a.value]),
      );
      paths.forEach((p, i) => {
        const hop = p[h];
        const map = reached[i];
        if (!hop || !map) return;
        for (const [origin, values] of map)
          map.set(
            origin,
            values.flatMap((v) => {
              const json = typeof v === 'string' ? stored.get(`${v}\u0000${hop.aspect}`) : undefined;
              return json === undefined ? [] : walk(JSON.parse(json) as unknown, hop.fields);
            }),
          );
      });
    }
    return new Map(urns.map((u) => [u, reached.map((m) => m.get(u) ?? [])]));
  }

  /**
   * Writes results to each entity's `testResults` through the write path, in one batch, where they
   * differ from what is stored: all of it when every test was evaluated (`only` absent), else these
   * tests' results over the others' kept. Returns how many entities got new results.
   */
  async push(
    entities: readonly EntityRef[],
    results: ReadonlyMap<string, TestResults>,
    only: readonly string[] | undefined,
    ctx: WriteContext,
  ): Promise<number> {
    // Results go only to entities that still exist: a write would create one deleted meanwhile.
    const keys = [...new Set(entities.map((e) => this.registry.findEntity(e.entityType)?.keyAspect ?? ''))];
    const read = await this.store.latest(
      entities.map((e) => e.urn),
      ['testResults', ...keys],
    );
    const alive = new Set(read.filter((a) => a.name !== 'testResults').map((a) => a.urn));
    const stored = new Map(
      read.filter((a) => a.name === 'testResults').map((a) => [a.urn, JSON.parse(a.value) as TestResults]),
    );
    const evaluated = only ? new Set(only) : undefined;
    const proposals = [];
    for (const e of entities) {
      const fresh = results.get(e.urn);
      if (!fresh || !alive.has(e.urn)) continue;
      const prev = stored.get(e.urn);
      const keep = (l: readonly TestResult[] | undefined) =>
        evaluated ? (l ?? []).filter((r) => !evaluated.has(r.test)) : [];
      const value: TestResults = {
        passing: [...keep(prev?.passing), ...fresh.passing],
        failing: [...keep(prev?.failing), ...fresh.failing],
      };
      if (prev && same(prev, value)) continue;
      if (!prev && !value.passing.length && !value.failing.length) continue;
      proposals.push({
        entityUrn: e.urn,
        entityType: e.entityType,
        changeType: 'UPSERT',
        aspectName: 'testResults',
        aspect: { contentType: 'application/json', value: JSON.stringify(value) },
      });
    }
    if (proposals.length)
      await this.ingest.ingest(proposals, { ...ctx, actor: SYSTEM_ACTOR, existingOnly: true });
    return proposals.length;
  }
}

/** The values `fields` lead to from `value`: lists flattened, absent fields dropped, own keys only. */
function walk(value: unknown, fields: readonly string[]): unknown[] {
  let xs: unknown[] = value === undefined || value === null ? [] : [value];
  for (const f of fields)
    xs = xs.flatMap((x) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x) || !Object.hasOwn(x, f)) return [];
      const v = (x as Record<string, unknown>)[f];
      return v === undefined || v === null ? [] : Array.isArray(v) ? (v as unknown[]) : [v];
    });
  return xs;
}

/** Whether two results hold the same outcomes, whatever their order. */
function same(a: TestResults, b: TestResults): boolean {
  const key = (r: TestResults) =>
    JSON.stringify([r.passing.map((x) => x.test).sort(), r.failing.map((x) => x.test).sort()]);
  return key(a) === key(b);
}
