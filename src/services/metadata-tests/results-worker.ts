import { randomUUID } from 'node:crypto';
import { asSystem } from '../../auth/index.js';
import { LoopFailures } from '../../errors/index.js';
import type { Logger } from '../../logger.js';
import type { Registry } from '../../registry/index.js';
import { LeaseLostError, type LeaseToken, type SyncStateStore } from '../../store/index.js';
import { SYSTEM_ACTOR } from '../proposal.js';
import type { TestEvaluator } from './evaluator.js';
import { SWEEP_TASK } from './sweep.js';

/** The lease and checkpoint of the continuous evaluation (one worker active among neohub processes). */
const NAME = 'metadata-tests';

export interface ResultsWorkerOptions {
  /** The pause when the change log has nothing new: the debounce of bursts of edits. */
  readonly idleMs?: number;
  readonly leaseMs?: number;
  /** Change-log nodes read per round. */
  readonly batchNodes?: number;
}

/**
 * Keeps test results current: follows the change log from a checkpoint of its own (starting at the
 * head: a sweep fills in the past), re-evaluates every changed entity and writes the results that
 * changed; a changed test starts a sweep of that test over the catalog. Its own result writes come
 * back through the log once and change nothing.
 */
export class TestResultsWorker {
  private readonly id = randomUUID();
  private stopping = false;
  private loop: Promise<void> | undefined;
  private readonly idleMs: number;
  private readonly leaseMs: number;
  private readonly batchNodes: number;
  private readonly failures: LoopFailures;

  constructor(
    private readonly registry: Registry,
    private readonly state: SyncStateStore,
    private readonly evaluator: TestEvaluator,
    private readonly tasks: { start(type: string, params: Record<string, unknown>): Promise<string> },
    private readonly log: Logger,
    opts: ResultsWorkerOptions = {},
  ) {
    this.idleMs = opts.idleMs ?? 500;
    this.leaseMs = opts.leaseMs ?? 15_000;
    this.batchNodes = opts.batchNodes ?? 200;
    this.failures = new LoopFailures(log, 'metadata test results');
  }

  /** Starts following the change log (once: a second call changes nothing). */
  start(): void {
    this.loop ??= this.run();
  }

  /** Finishes the round under way, then stops and lets the lease go (another process takes over). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
    this.loop = undefined;
    this.stopping = false;
    const token = this.token;
    this.token = undefined;
    if (token) await this.state.release(token).catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        const changed = await asSystem(() => this.step());
        this.failures.succeeded();
        if (!changed) await sleep(this.idleMs);
      } catch (err) {
        if (!(err instanceof LeaseLostError)) this.failures.failed(err);
        await sleep(1000);
      }
    }
  }

  /** The lease as last claimed (released at stop). */
  private token: LeaseToken | undefined;
  /** The position this worker last moved the checkpoint to: an idle round only reads the head. */
  private known: number | undefined;

  /** One round under the lease: returns whether the log had anything new. */
  async step(): Promise<boolean> {
    if (this.known !== undefined && (await this.state.head()) === this.known) return false;
    // Named like the search syncs' leases, so that retention keeps what this worker has still to read.
    const token = await this.state.claim(`search-sync:${NAME}`, this.id, this.leaseMs);
    if (!token) return false;
    this.token = token;
    let from = await this.state.checkpoint(NAME);
    if (from === 0) {
      from = await this.state.head();
      await this.state.moveCheckpoint(NAME, from, token);
    }
    const { entities, lastSeq } = await this.state.changedSince(from, this.batchNodes);
    this.known = from;
    if (lastSeq === from) return false;
    const changedTests = entities.filter((e) => e.entityType === 'test').map((e) => e.urn);
    if (changedTests.length) await this.tasks.start(SWEEP_TASK, { tests: changedTests });
    const tests = await this.evaluator.load();
    // Only kinds some test applies to (their results change when they do; a changed test sweeps).
    const kinds = new Set(tests.flatMap((t) => t.definition.types));
    const assets = entities.filter(
      (e) =>
        kinds.has(e.entityType) && this.registry.findEntity(e.entityType)?.aspects.includes('testResults'),
    );
    if (assets.length)
      await this.evaluator.push(assets, await this.evaluator.evaluate(assets, tests), undefined, {
        actor: SYSTEM_ACTOR,
      });
    await this.state.moveCheckpoint(NAME, lastSeq, token);
    this.known = lastSeq;
    return true;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
