import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The time one test may take on one entity, by default: the judging of its rules over the values its
 * queries reached (the store reads are not counted). A test over it is an error for that entity.
 */
export const EVALUATION_BUDGET_MS = 50;

/**
 * Why a test could not be judged on an entity: over its time budget, or a value over the length a
 * regex is matched against. Caught by the evaluator, which reports the test as FAILURE for that entity;
 * never leaves this folder.
 */
export class NotEvaluable extends Error {}

/** A clock the judging of one test on one entity checks between steps: it throws once past its end. */
export interface Deadline {
  check(): void;
}

/** A deadline `ms` from now. */
export function deadlineIn(ms: number): Deadline {
  const end = performance.now() + ms;
  return {
    check(): void {
      if (performance.now() > end) throw new NotEvaluable(`over its time budget of ${ms} ms`);
    },
  };
}

/** No deadline (a rule judged outside an evaluation, as the unit tests do). */
export const NO_DEADLINE: Deadline = { check: () => undefined };

/** How long the judging may hold the thread before it lets the event loop run. */
const SLICE_MS = 5;
let sliceStart = performance.now();

/**
 * Lets the event loop run what is waiting (requests, timers) before going on, once the thread has been
 * held for a slice (5 ms): called between entities (and between compiled tests), so that an evaluation
 * over many never holds the thread for long, and a sweep of 100,000 entities does not pay a turn of the
 * loop for each.
 */
export async function yieldToLoop(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await nextTurn();
  sliceStart = performance.now();
}
