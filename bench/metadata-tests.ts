/**
 * Metadata test figures: one multi-hop test (a dataset's owners must include an active user: ownership
 * -> owner -> corpUserInfo) evaluated over every dataset of the catalog as one sweep task, and the
 * latency of `POST /test?action=evaluate` on single datasets.
 */
import { AUTH } from './auth.js';

const TEST = 'urn:li:test:bench_active_owner';
/** Users the bench datasets are owned by (`bench/data.ts`: user_0 .. user_499); every other one active. */
const USERS = 500;
const SINGLE = 200;

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;

async function call(base: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { value: unknown }).value;
}

const proposal = (entityUrn: string, aspectName: string, value: unknown) => ({
  entityUrn,
  entityType: entityUrn.split(':')[2],
  changeType: 'UPSERT',
  aspectName,
  aspect: { contentType: 'application/json', value: JSON.stringify(value) },
});

/** The sweep over all datasets (`datasetUrns`: some of them, for the single-dataset figure). */
export async function metadataTestFigures(
  base: string,
  datasetUrns: readonly string[],
): Promise<Record<string, number>> {
  const users = Array.from({ length: USERS }, (_, i) =>
    proposal(`urn:li:corpuser:user_${i}`, 'corpUserInfo', { active: i % 2 === 0 }),
  );
  const definition = {
    on: { types: ['dataset'] },
    rules: [{ query: 'ownership.owners.owner.corpUserInfo.active', operation: 'is_true' }],
  };
  await call(base, '/aspects?action=ingestProposalBatch', {
    proposals: [
      ...users,
      proposal(TEST, 'testInfo', {
        name: 'owned by an active user',
        category: 'bench',
        definition: { type: 'JSON', json: JSON.stringify(definition) },
      }),
    ],
  });
  const t0 = performance.now();
  const task = (await call(base, '/test?action=evaluateAll', { tests: [TEST] })) as string;
  let status: { completed?: boolean; error?: string; status?: { total?: number; updated?: number } } = {};
  while (!status.completed) {
    await new Promise((r) => setTimeout(r, 250));
    status = JSON.parse((await call(base, '/operations?action=getEsTaskStatus', { task })) as string);
  }
  if (status.error) throw new Error(`sweep failed: ${status.error}`);
  const sweepSec = (performance.now() - t0) / 1000;
  const entities = status.status?.total ?? 0;
  const written = status.status?.updated ?? 0;
  console.log(
    `metadata test sweep: ${entities} datasets in ${round(sweepSec, 1)} s (${written} results written)`,
  );

  const latencies: number[] = [];
  for (let i = 0; i < SINGLE; i++) {
    const urn = datasetUrns[(i * 7919) % datasetUrns.length] as string;
    const s = performance.now();
    await call(base, '/test?action=evaluate', { urn, tests: [TEST] });
    latencies.push(performance.now() - s);
  }
  latencies.sort((a, b) => a - b);
  // The test goes: later phases measure writes without results to keep current.
  await call(base, '/entities?action=delete', { urn: TEST });
  return {
    'tests.sweepEntities': entities,
    'tests.sweepResultsWritten': written,
    'tests.sweepSec': round(sweepSec, 2),
    'tests.sweepEntitiesPerSec': round(entities / sweepSec),
    'tests.evaluateP50Ms': round(pct(latencies, 50), 2),
    'tests.evaluateP95Ms': round(pct(latencies, 95), 2),
  };
}
