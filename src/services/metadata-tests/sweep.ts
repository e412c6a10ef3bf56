import type { TaskStatus } from '../../store/index.js';
import type { EntityStore } from '../../store/index.js';
import { SYSTEM_ACTOR } from '../proposal.js';
import type { TestEvaluator } from './evaluator.js';

/** The task that evaluates tests over the whole catalog (a restart does it again: it is idempotent). */
export const SWEEP_TASK = 'metadataTestsSweep';
/** Entities evaluated (and their results written) per batch of a sweep. */
const SWEEP_PAGE = 1000;

/**
 * Evaluates the given tests (all when `params.tests` is absent) on every entity of the kinds they apply
 * to, a page at a time, and writes the results that changed; progress counts entities (`total`),
 * results written (`updated`) and pages (`batches`).
 */
export async function runSweep(
  evaluator: TestEvaluator,
  store: EntityStore,
  params: Record<string, unknown>,
  progress: (delta: Partial<TaskStatus>) => Promise<void>,
): Promise<void> {
  const only = Array.isArray(params.tests)
    ? params.tests.filter((t): t is string => typeof t === 'string')
    : undefined;
  const tests = await evaluator.load(only);
  const kinds = [...new Set(tests.flatMap((t) => t.definition.types))].sort();
  // Pages after the last URN read (never by offset): each page costs the same at any size of the catalog.
  for (const kind of kinds)
    for (let after: string | null = ''; after !== null;) {
      const page = await store.urnsAfter(kind, after, SWEEP_PAGE);
      const refs = page.urns.map((urn) => ({ urn, entityType: kind }));
      const written = refs.length
        ? await evaluator.push(refs, await evaluator.evaluate(refs, tests), only, { actor: SYSTEM_ACTOR })
        : 0;
      await progress({ total: refs.length, updated: written, batches: 1 });
      after = page.last;
    }
}
