import type { Task } from 'meilisearch';

/** A Meilisearch task that did not succeed, as an error that names it. */
export function check(task: Task): void {
  if (task.status !== 'succeeded')
    throw new Error(
      `Meilisearch task ${task.uid} ${task.status}: ${task.error?.message ?? 'no error given'}`,
    );
}
