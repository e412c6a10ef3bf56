import { randomUUID } from 'node:crypto';
import { requirePrivilege } from '../../auth/index.js';
import { BadRequestError, NotFoundError } from '../../errors/index.js';
import type { Registry } from '../../registry/index.js';
import type { AspectPath, EntityStore } from '../../store/index.js';
import type { IngestService } from '../ingest-service.js';
import { SYSTEM_ACTOR, type WriteContext } from '../proposal.js';
import { compileTest, definitionJson, type CompiledTest } from './compiled-test.js';
import type { Predicate } from './definition.js';
import { asText, holds } from './operators.js';

export interface TestResult {
  readonly test: string;
  readonly type: 'SUCCESS' | 'FAILURE';
}
export interface TestResults {
  readonly passing: TestResult[];
  readonly failing: TestResult[];
}
/** A test as DataHub's GraphQL `Test` shows it. */
export interface TestView {
  readonly urn: string;
  readonly name: string;
  readonly category: string;
  readonly description: string | null;
  readonly definition: { readonly json: string | null };
}
export interface TestInput {
  readonly name: string;
  readonly category: string;
  readonly description?: string | null | undefined;
  readonly definition: { readonly json?: string | null | undefined };
}
export interface EvaluateRequest {
  readonly urn: string;
  /** Only these tests (URNs); all tests when absent. */
  readonly tests?: readonly string[] | undefined;
  /** Write the results to the entity's `testResults`. */
  readonly push?: boolean;
}

const view = (urn: string, v: Record<string, unknown>): TestView => {
  const d = v.definition as { json?: unknown } | undefined;
  return {
    urn,
    name: String(v.name ?? ''),
    category: String(v.category ?? ''),
    description: typeof v.description === 'string' ? v.description : null,
    definition: { json: typeof d?.json === 'string' ? d.json : null },
  };
};

/** Tests read per page when all of them are loaded. */
const TEST_PAGE = 1000;

/**
 * Metadata tests (DataHub's `/test`): a test applies to an entity when the entity's kind is one of its
 * `on.types` and its `on.match` holds; it passes when its `rules` hold. The values of all queries of all
 * tests come from one store statement per evaluation.
 */
export class MetadataTestsService {
  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
  ) {}

  async evaluate(req: EvaluateRequest, ctx: WriteContext): Promise<TestResults> {
    requirePrivilege(req.push ? 'write' : 'read', req.push ? 'push test results' : 'evaluate tests');
    const { parsed, entity } = this.registry.parseEntityUrn(req.urn);
    if (!(await this.store.exists(parsed.urn))) throw new NotFoundError(`Entity ${parsed.urn} not found`);
    const tests = (await this.load(req.tests)).filter((t) => t.definition.types.includes(entity.name));
    const results = (await this.results([parsed.urn], entity.name, tests)).get(parsed.urn) ?? {
      passing: [],
      failing: [],
    };
    if (req.push) await this.push(parsed.urn, entity.name, results, req.tests, ctx);
    return results;
  }

  /** A test by URN; undefined when there is none. */
  async get(urn: string): Promise<TestView | undefined> {
    const parsed = this.testUrn(urn);
    const [info] = await this.store.latest([parsed], ['testInfo']);
    return info ? view(info.urn, JSON.parse(info.value) as Record<string, unknown>) : undefined;
  }

  /**
   * A page of tests in URN order; `query` keeps those whose name, category or description holds it
   * (any case).
   */
  async list(q: { start: number; count: number; query?: string | undefined }): Promise<{
    start: number;
    count: number;
    total: number;
    tests: TestView[];
  }> {
    const urns: string[] = [];
    for (let start = 0; ; start += TEST_PAGE) {
      const page = await this.store.urns('test', start, TEST_PAGE);
      urns.push(...page.urns);
      if (page.urns.length < TEST_PAGE) break;
    }
    const infos = await this.store.latest(urns, ['testInfo']);
    const text = q.query?.trim().toLowerCase();
    const all = infos
      .map((a) => view(a.urn, JSON.parse(a.value) as Record<string, unknown>))
      .filter(
        (t) =>
          !text ||
          text === '*' ||
          [t.name, t.category, t.description ?? ''].some((x) => x.toLowerCase().includes(text)),
      )
      .sort((a, b) => (a.urn < b.urn ? -1 : 1));
    const tests = all.slice(q.start, q.start + q.count);
    return { start: q.start, count: tests.length, total: all.length, tests };
  }

  /** Defines a test (its URN `urn:li:test:<id>`, a random id when none is given); returns the URN. */
  async create(
    input: TestInput & { readonly id?: string | null | undefined },
    ctx: WriteContext,
  ): Promise<string> {
    requirePrivilege('admin', 'define metadata tests');
    const urn = this.testUrn(`urn:li:test:${input.id?.trim() || randomUUID()}`);
    if (await this.store.exists(urn)) throw new BadRequestError(`Test ${urn} already exists`);
    await this.write(urn, input, ctx);
    return urn;
  }

  /** Replaces a test's definition, name, category and description; returns the URN. */
  async update(urn: string, input: TestInput, ctx: WriteContext): Promise<string> {
    requirePrivilege('admin', 'define metadata tests');
    const parsed = this.testUrn(urn);
    if (!(await this.store.exists(parsed))) throw new NotFoundError(`Test ${parsed} not found`);
    await this.write(parsed, input, ctx);
    return parsed;
  }

  /** Removes a test (results that name it stay until the entities are evaluated again, as in DataHub). */
  async delete(urn: string, ctx: WriteContext): Promise<boolean> {
    requirePrivilege('admin', 'define metadata tests');
    const parsed = this.testUrn(urn);
    if (!(await this.store.exists(parsed))) throw new NotFoundError(`Test ${parsed} not found`);
    await this.ingest.deleteEntity(parsed, ctx);
    return true;
  }

  private testUrn(urn: string): string {
    const { parsed, entity } = this.registry.parseEntityUrn(urn);
    if (entity.name !== 'test') throw new BadRequestError(`${urn} is not a test URN (urn:li:test:<id>)`);
    return parsed.urn;
  }

  /** Writes a `testInfo` through the write path, which checks its definition. */
  private async write(urn: string, input: TestInput, ctx: WriteContext): Promise<void> {
    const value = {
      name: input.name,
      category: input.category,
      ...(input.description ? { description: input.description } : {}),
      definition: { type: 'JSON', json: input.definition.json ?? '' },
    };
    await this.ingest.ingest(
      [{ entityUrn: urn, changeType: 'UPSERT', aspectName: 'testInfo', aspect: { value } }],
      ctx,
    );
  }

  /** The tests with the given URNs (unknown ones skipped, as DataHub does), or all of them. */
  private async load(urns?: readonly string[]): Promise<CompiledTest[]> {
    let list = urns ? [...urns] : [];
    if (!urns)
      for (let start = 0; ; start += TEST_PAGE) {
        const page = await this.store.urns('test', start, TEST_PAGE);
        list.push(...page.urns);
        if (page.urns.length < TEST_PAGE) break;
      }
    list = list.map((u) => this.registry.parseEntityUrn(u).parsed.urn);
    const infos = await this.store.latest(list, ['testInfo']);
    const out: CompiledTest[] = [];
    for (const a of infos) {
      try {
        out.push(compileTest(this.registry, a.urn, definitionJson(JSON.parse(a.value))));
      } catch {
        // A definition that no longer compiles (the model changed) is skipped, as DataHub skips it.
      }
    }
    return out.sort((a, b) => (a.urn < b.urn ? -1 : 1));
  }

  /** The results of `tests` on entities of one kind, from one read of every query's values. */
  private async results(
    urns: readonly string[],
    entityType: string,
    tests: readonly CompiledTest[],
  ): Promise<Map<string, TestResults>> {
    const paths: AspectPath[] = [];
    const slot = new Map<string, number>();
    for (const t of tests)
      for (const path of t.paths.values())
        if (path.kind === 'aspects') {
          const key = JSON.stringify(path.hops);
          if (!slot.has(key)) slot.set(key, paths.push(path.hops) - 1);
        }
    const values = paths.length ? await this.store.pathValues(urns, paths) : new Map<string, unknown[][]>();
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
   * Writes results to the entity's `testResults` through the write path: all of it when every test was
   * evaluated, else these tests' results over the others' kept.
   */
  private async push(
    urn: string,
    entityType: string,
    results: TestResults,
    only: readonly string[] | undefined,
    ctx: WriteContext,
  ): Promise<void> {
    let value: TestResults = results;
    if (only) {
      const evaluated = new Set(only);
      const previous = (await this.store.latest([urn], ['testResults']))[0];
      const prev = previous ? (JSON.parse(previous.value) as TestResults) : { passing: [], failing: [] };
      const keep = (l: TestResult[]) => l.filter((r) => !evaluated.has(r.test));
      value = {
        passing: [...keep(prev.passing), ...results.passing],
        failing: [...keep(prev.failing), ...results.failing],
      };
    }
    await this.ingest.ingest(
      [
        {
          entityUrn: urn,
          entityType,
          changeType: 'UPSERT',
          aspectName: 'testResults',
          aspect: { contentType: 'application/json', value: JSON.stringify(value) },
        },
      ],
      { ...ctx, actor: SYSTEM_ACTOR },
    );
  }
}
