import type { Logger } from '../../logger.js';
import type { Registry } from '../../registry/index.js';
import type { EntityStore } from '../../store/index.js';
import type { IngestService } from '../ingest-service.js';
import { SYSTEM_ACTOR, type WriteContext } from '../proposal.js';
import { EVALUATION_BUDGET_MS, yieldToLoop } from './budget.js';
import { compileTest, definitionJson, type CompiledTest } from './compiled-test.js';
import type { Predicate } from './definition.js';
import type { Hop } from './paths.js';
import { asText, judge } from './operators.js';
import { reach } from './reach.js';

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
export interface EvaluatorOptions {
  /** The time one test may take on one entity (ms; EVALUATION_BUDGET_MS by default). */
  readonly budgetMs?: number;
  /** Where tests that could not be judged are told (once per test and evaluation). */
  readonly log?: Pick<Logger, 'warn'>;
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
 * queries of all tests come from one store statement per batch of entities of one kind. Each test has
 * a time budget on each entity: one that could not be judged within it (or met a value too long for a
 * regex) is an error for that entity, reported as a FAILURE (DataHub's results know no other outcome)
 * and logged; the event loop runs between entities (docs/decisions/0037).
 */
export class TestEvaluator {
  /** The tests compiled at the last load, by URN and stored value: a round compiles only what changed. */
  private compiled = new Map<string, CompiledTest | null>();
  private readonly budgetMs: number;
  private readonly log: Pick<Logger, 'warn'> | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
    opts: EvaluatorOptions = {},
  ) {
    this.budgetMs = opts.budgetMs ?? EVALUATION_BUDGET_MS;
    this.log = opts.log;
  }

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
        // Compiling a pattern takes up to a few milliseconds: the loop runs between definitions.
        await yieldToLoop();
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
    const values = await reach(this.store, this.registry, urns, paths);
    const out = new Map<string, TestResults>();
    const errors = new Map<string, { count: number; urn: string; error: string }>();
    for (const urn of urns) {
      await yieldToLoop();
      const reached = values.get(urn) ?? [];
      const results: TestResults = { passing: [], failing: [] };
      for (const t of tests) {
        const valuesOf = (p: Predicate): string[] => {
          const path = t.paths.get(p);
          if (path?.kind === 'aspects')
            return (reached[slot.get(JSON.stringify(path.hops)) ?? -1] ?? []).map(asText);
          return path?.kind === 'entityType' ? [entityType] : [urn];
        };
        const verdict = judge(t, valuesOf, this.budgetMs);
        if (verdict === 'skip') continue;
        if (verdict === 'pass') results.passing.push({ test: t.urn, type: 'SUCCESS' });
        else results.failing.push({ test: t.urn, type: 'FAILURE' });
        if (typeof verdict === 'object') {
          const seen = errors.get(t.urn);
          errors.set(t.urn, { count: (seen?.count ?? 0) + 1, urn: seen?.urn ?? urn, error: verdict.error });
        }
      }
      out.set(urn, results);
    }
    for (const [test, e] of errors)
      this.log?.warn(
        { test, entities: e.count, example: e.urn, error: e.error },
        'metadata test could not be judged: reported as FAILURE',
      );
    return out;
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

/** Whether two results hold the same outcomes, whatever their order. */
function same(a: TestResults, b: TestResults): boolean {
  const key = (r: TestResults) =>
    JSON.stringify([r.passing.map((x) => x.test).sort(), r.failing.map((x) => x.test).sort()]);
  return key(a) === key(b);
}
