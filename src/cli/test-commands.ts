import type { GmsClient } from './client.js';
import type { Output } from './commands.js';

/** `getEsTaskStatus`'s answer: whether the task is done, its error, and its counts. */
interface TaskStatus {
  completed?: boolean;
  error?: string | null;
  status?: { total?: number; updated?: number };
}

/**
 * `tests run [--urn <test>]`: evaluates metadata tests (one, or all) over the whole catalog as a task on
 * the server, printing its progress until it is done.
 */
export async function runTests(
  client: GmsClient,
  io: Output,
  test: string | undefined,
  pollMs = 500,
): Promise<number> {
  const task = (await client.action('test', 'evaluateAll', test ? { tests: [test] } : {})) as string;
  io.out(`Evaluating ${test ?? 'every test'} over the catalog (task ${task})`);
  let status: TaskStatus = {};
  let shown = -1;
  while (!status.completed) {
    await new Promise((r) => setTimeout(r, pollMs));
    status = JSON.parse(
      (await client.action('operations', 'getEsTaskStatus', { task })) as string,
    ) as TaskStatus;
    if ((status.status?.total ?? 0) !== shown && !status.completed) {
      shown = status.status?.total ?? 0;
      io.out(`  ${shown} entities evaluated, ${status.status?.updated ?? 0} results changed`);
    }
  }
  if (status.error) {
    io.err(`Task ${task} failed: ${status.error}`);
    return 1;
  }
  io.out(
    `Done: ${status.status?.total ?? 0} entities evaluated, ${status.status?.updated ?? 0} results changed`,
  );
  return 0;
}

/** `tests evaluate --urn <entity>`: the tests that pass and fail on one entity. */
export async function evaluateTests(client: GmsClient, io: Output, urn: string): Promise<number> {
  const r = (await client.action('test', 'evaluate', { urn })) as {
    passing: { test: string }[];
    failing: { test: string }[];
  };
  for (const p of r.passing) io.out(`PASS  ${p.test}`);
  for (const f of r.failing) io.out(`FAIL  ${f.test}`);
  if (!r.passing.length && !r.failing.length) io.out('No test applies to this entity');
  return 0;
}
