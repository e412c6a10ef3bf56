/** Read figures: `GET /entitiesV2` of the bench's datasets. */
import { AUTH } from './auth.js';
import { WRITTEN_PER_NEW_DATASET, benchUrn } from './data.js';

/**
 * GET /entitiesV2 of random datasets of a run (numbers below `datasets`), `calls` timed after half as
 * many of warm-up; sorted latencies in ms.
 */
export async function entityLatency(
  base: string,
  run: string,
  datasets: number,
  calls = 2000,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = -Math.floor(calls / 2); i < calls; i++) {
    const urn = benchUrn(run, Math.floor(Math.random() * datasets));
    const t = performance.now();
    const res = await fetch(`${base}/entitiesV2/${encodeURIComponent(urn)}`, {
      headers: { 'X-RestLi-Protocol-Version': '2.0.0', ...AUTH },
    });
    const body = (await res.json()) as { aspects: Record<string, unknown> };
    if (i >= 0) latencies.push(performance.now() - t);
    // Its aspects, its key, and the default aspects its first write made (browsePathsV2, dataPlatformInstance).
    if (Object.keys(body.aspects).length < WRITTEN_PER_NEW_DATASET)
      throw new Error(`unexpected entity ${urn}`);
  }
  return latencies.sort((a, b) => a - b);
}
