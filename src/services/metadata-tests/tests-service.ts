import { randomUUID } from 'node:crypto';
import { requirePrivilege } from '../../auth/index.js';
import { BadRequestError, NotFoundError } from '../../errors/index.js';
import type { Registry } from '../../registry/index.js';
import type { EntityStore, TaskStatus } from '../../store/index.js';
import type { IngestService } from '../ingest-service.js';
import type { WriteContext } from '../proposal.js';
import { redactionOf } from '../../auth/index.js';
import { allTestUrns, TestEvaluator, type EvaluatorOptions, type TestResults } from './evaluator.js';
import { runSweep, SWEEP_TASK } from './sweep.js';

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

/**
 * Metadata tests (DataHub's `/test`): a test applies to an entity when the entity's kind is one of its
 * `on.types` and its `on.match` holds; it passes when its `rules` hold. The values of all queries of all
 * tests come from one store statement per evaluation.
 */
export class MetadataTestsService {
  private readonly evaluator: TestEvaluator;

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
    private readonly tasks: { start(type: string, params: Record<string, unknown>): Promise<string> },
    opts: EvaluatorOptions = {},
  ) {
    this.evaluator = new TestEvaluator(registry, store, ingest, opts);
  }

  /**
   * Starts a task that evaluates the given tests (all when none are given) over the whole catalog and
   * writes the results that changed; returns its id (`getEsTaskStatus` follows it).
   */
  async evaluateAll(req: { tests?: readonly string[] | undefined }): Promise<string> {
    requirePrivilege('write', 'evaluate tests over the catalog');
    const tests = req.tests?.map((t) => this.testUrn(t));
    return this.tasks.start(SWEEP_TASK, tests ? { tests } : {});
  }

  /** The task's work (registered with the operations, which resume it after a stop). */
  sweepTask(
    params: Record<string, unknown>,
    progress: (delta: Partial<TaskStatus>) => Promise<void>,
  ): Promise<void> {
    return runSweep(this.evaluator, this.store, params, progress);
  }

  async evaluate(req: EvaluateRequest, ctx: WriteContext): Promise<TestResults> {
    requirePrivilege(req.push ? 'write' : 'read', req.push ? 'push test results' : 'evaluate tests');
    const { parsed, entity } = this.registry.parseEntityUrn(req.urn);
    redactionOf(this.registry).requireKinds([entity]);
    if (!(await this.store.exists(parsed.urn))) throw new NotFoundError(`Entity ${parsed.urn} not found`);
    const target = [{ urn: parsed.urn, entityType: entity.name }];
    const all = await this.evaluator.evaluate(target, await this.evaluator.load(req.tests));
    const results = all.get(parsed.urn) ?? { passing: [], failing: [] };
    if (req.push) await this.evaluator.push(target, all, req.tests, ctx);
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
    const urns = await allTestUrns(this.store);
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
}
