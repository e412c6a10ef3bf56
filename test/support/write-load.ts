import { datasetUrn, enc, mcp } from './runtime.js';

/**
 * A write load for the fault tests: clients that send `ingestProposalBatch` batches of new datasets one
 * after another, and remember what each batch was answered (or that no answer came), so that a test can
 * check afterwards that every acknowledged batch is stored whole and every other one whole or not at all.
 */

/** How one batch ended: 200, another status, or no answer (the server died, the connection broke). */
export type Outcome =
  | { readonly kind: 'ok' }
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter: string | null }
  | { readonly kind: 'noAnswer' };

export interface SentBatch {
  readonly urns: readonly string[];
  /** The description every dataset of the batch was given. */
  readonly marker: string;
  readonly outcome: Outcome;
  /** When the answer came (ms since the epoch). */
  readonly at: number;
}

export interface WriteLoad {
  readonly sent: SentBatch[];
  /** Stops the clients after their batch under way; resolves once they have stopped. */
  stop(): Promise<void>;
  /** Batches acknowledged so far. */
  acked(): number;
}

export interface LoadOptions {
  /** Where to send: may change while the load runs (a restarted server on another port). */
  readonly base: () => string;
  /** Names of the load's datasets start with this. */
  readonly prefix: string;
  readonly clients?: number;
  readonly datasetsPerBatch?: number;
  /** Extra aspects for each dataset (besides datasetProperties), e.g. a tag. */
  readonly extra?: (urn: string, batch: number) => Record<string, unknown>[];
  /** Pause after a batch that was not acknowledged (ms). */
  readonly backoffMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Starts the clients; each sends batches until `stop()`. */
export function startWriteLoad(o: LoadOptions): WriteLoad {
  const sent: SentBatch[] = [];
  let running = true;
  let next = 0;
  const perBatch = o.datasetsPerBatch ?? 10;
  const client = async (): Promise<void> => {
    while (running) {
      const batch = next++;
      const marker = `${o.prefix} batch ${batch}`;
      const urns = Array.from({ length: perBatch }, (_, i) => datasetUrn(`${o.prefix}_${batch}_${i}`));
      const proposals = urns.flatMap((u) => [
        mcp(u, 'datasetProperties', { name: `${o.prefix} ${batch} ${u.length}`, description: marker }),
        ...(o.extra?.(u, batch) ?? []),
      ]);
      let outcome: Outcome;
      try {
        const res = await fetch(`${o.base()}/aspects?action=ingestProposalBatch`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
          body: JSON.stringify({ proposals }),
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        outcome = res.ok
          ? { kind: 'ok' }
          : { kind: 'status', status: res.status, retryAfter: res.headers.get('retry-after') };
      } catch {
        outcome = { kind: 'noAnswer' };
      }
      sent.push({ urns, marker, outcome, at: Date.now() });
      if (outcome.kind !== 'ok') await sleep(o.backoffMs ?? 200);
    }
  };
  const clients = Array.from({ length: o.clients ?? 2 }, () => client());
  return {
    sent,
    acked: () => sent.filter((b) => b.outcome.kind === 'ok').length,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** The description stored for a dataset now, or undefined when it has none (it was never written). */
export async function storedDescription(base: string, urn: string): Promise<string | undefined> {
  const res = await fetch(`${base}/aspects/${enc(urn)}?aspect=datasetProperties&version=0`, {
    headers: { 'X-RestLi-Protocol-Version': '2.0.0' },
  });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`reading ${urn}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { aspect: Record<string, { description?: string }> };
  return body.aspect['com.linkedin.dataset.DatasetProperties']?.description;
}

/**
 * How many datasets of each batch are stored with the batch's marker: the check that acknowledged
 * batches are whole and that no batch is stored in part.
 */
export async function storedCounts(base: string, batches: readonly SentBatch[]): Promise<number[]> {
  const counts: number[] = [];
  for (const b of batches) {
    const found = await Promise.all(b.urns.map((u) => storedDescription(base, u)));
    counts.push(found.filter((d) => d === b.marker).length);
  }
  return counts;
}
