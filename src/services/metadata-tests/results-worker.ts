import { asSystem } from '../../auth/index.js';
import type { Logger } from '../../logger.js';
import type { Registry } from '../../registry/index.js';
import {
  FollowingWorker,
  type ChangedEntity,
  type PendingWork,
  type SyncStateStore,
} from '../../store/index.js';
import { SYSTEM_ACTOR } from '../proposal.js';
import type { TestEvaluator } from './evaluator.js';
import { SWEEP_TASK } from './sweep.js';

/** The follower's lease and checkpoint (one worker active among neohub processes). */
export const RESULTS_FOLLOWER = 'metadata-tests';

export interface ResultsWorkerOptions {
  /** The pause when the change log has nothing new: the debounce of bursts of edits. */
  readonly idleMs?: number;
  readonly leaseMs?: number;
  /** Change-log nodes read per round. */
  readonly batchNodes?: number;
  /** The follower's name (a test's own; `metadata-tests` otherwise). */
  readonly name?: string;
}

const done: PendingWork = async () => undefined;

/**
 * Keeps test results current: a handler of the change-log follower, started at the head of the log (a
 * sweep fills in the past). It re-evaluates every changed entity and writes the results that changed; a
 * changed test starts a sweep of that test over the catalog. Its own result writes come back through the
 * log once and change nothing. When the log was compacted past its checkpoint (it was down longer than
 * the retention), a sweep of every test fills the gap.
 */
export class TestResultsWorker extends FollowingWorker {
  constructor(
    private readonly registry: Registry,
    state: SyncStateStore,
    private readonly evaluator: TestEvaluator,
    private readonly tasks: { start(type: string, params: Record<string, unknown>): Promise<string> },
    log: Logger,
    opts: ResultsWorkerOptions = {},
  ) {
    super(state, log, {
      name: opts.name ?? RESULTS_FOLLOWER,
      label: 'metadata test results',
      startAt: 'head',
      idleMs: opts.idleMs ?? 500,
      batchSize: opts.batchNodes ?? 200,
      ...(opts.leaseMs !== undefined ? { leaseMs: opts.leaseMs } : {}),
    });
  }

  async apply(entities: readonly ChangedEntity[]): Promise<PendingWork> {
    await asSystem(async () => {
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
    });
    return done;
  }

  /** The changes it missed are unknown: every test is evaluated over the catalog again. */
  async fill(): Promise<void> {
    await asSystem(() => this.tasks.start(SWEEP_TASK, {}));
  }
}
