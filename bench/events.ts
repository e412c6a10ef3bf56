/**
 * Events API figures (`GET /openapi/v1/events/poll`): one consumer long-polling the change-log topic
 * while the ingest writes, how fast a consumer replays that ingest's events from its offset, and the
 * delay from a single write to its entity change event reaching a long-polling client.
 */
import { AUTH } from './auth.js';
import { benchUrn, postProposal, proposalOf } from './data.js';

const MCL = 'MetadataChangeLog_Versioned_v1';
const PLATFORM = 'PlatformEvent_v1';
/** Single writes of the delay figure (each a tag added to a bench dataset, after a 20–100 ms pause). */
const DELAY_WRITES = Number(process.env.BENCH_EVENT_WRITES ?? 200);
/** The most a figure waits for its events after the last write. */
const WAIT_MS = 120_000;
const PROBE_TAG = 'urn:li:tag:events_probe_';

type Event = { contentType: string; value: string };
type Page = { count: number; offsetId: string; events: Event[] };

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One poll of `topic` after `offsetId` (the head when absent), 5,000 events at most, waiting up to `wait` s. */
async function poll(
  base: string,
  topic: string,
  offsetId: string | undefined,
  wait: number,
  signal?: AbortSignal,
): Promise<Page> {
  const q = new URLSearchParams({ topic, limit: '5000', pollTimeoutSeconds: String(wait) });
  if (offsetId) q.set('offsetId', offsetId);
  const res = await fetch(`${base}/openapi/v1/events/poll?${q}`, { headers: AUTH, signal });
  if (!res.ok) throw new Error(`poll failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

interface Consumer {
  /** The offset it started from: the head when it was created. */
  readonly start: string;
  /** Resolves once `done()` holds; fails if the consumer failed or `WAIT_MS` passed. */
  until(done: () => boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A consumer of `topic` from the head as of now (a first poll without waiting fixes it), long-polling
 * 10 s at a time and passing back each offset; each page goes to `onPage` with the time it arrived.
 */
async function consumer(
  base: string,
  topic: string,
  onPage: (events: Event[], at: number) => void,
): Promise<Consumer> {
  const first = await poll(base, topic, undefined, 0);
  onPage(first.events, performance.now());
  const stopped = new AbortController();
  let failure: unknown;
  const loop = (async () => {
    let offset = first.offsetId;
    while (!stopped.signal.aborted) {
      const page = await poll(base, topic, offset, 10, stopped.signal);
      onPage(page.events, performance.now());
      offset = page.offsetId;
    }
  })().catch((err: unknown) => {
    if (!stopped.signal.aborted) failure = err;
  });
  return {
    start: first.offsetId,
    async until(done) {
      const from = performance.now();
      while (!done()) {
        if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
        if (performance.now() - from > WAIT_MS) throw new Error(`events of ${topic} did not all arrive`);
        await sleep(2);
      }
    },
    async stop() {
      stopped.abort();
      await loop;
    },
  };
}

/**
 * A consumer of the change-log topic from the head while `ingest` runs: events per second from the
 * ingest's start until it had read all `expected` events, and how long after the last write's answer
 * that was; then the same events replayed from its start offset as fast as polls go, and the ingest's
 * own rate (what `ingest` answers, aspects per second) with the consumer running.
 */
export async function pollBesideIngest(
  base: string,
  expected: number,
  ingest: () => Promise<number>,
): Promise<Record<string, number>> {
  let read = 0;
  let polls = 0;
  let readAllAt = 0;
  const c = await consumer(base, MCL, (events, at) => {
    read += events.length;
    polls++;
    if (read >= expected && !readAllAt) readAllAt = at;
  });
  const started = performance.now();
  const ingestRate = await ingest();
  const ended = performance.now();
  await c.until(() => readAllAt > 0);
  await sleep(500); // anything beyond the expected events would show in `read`
  await c.stop();
  const caughtUpMs = readAllAt - ended;
  const perSec = read / ((readAllAt - started) / 1000);
  console.log(
    `events: a consumer read ${read} of ${expected} change-log events (${polls} polls) at ${round(perSec)}/s, ` +
      `all ${round(caughtUpMs)} ms after the last write`,
  );
  if (read !== expected) console.warn(`events: expected ${expected} change-log events, read ${read}`);

  // The same events again from the start offset, one poll after another (a consumer catching up).
  let replayed = 0;
  let offset = c.start;
  const replayStart = performance.now();
  while (replayed < expected) {
    const page = await poll(base, MCL, offset, 1);
    if (!page.count) break;
    replayed += page.count;
    offset = page.offsetId;
  }
  const replayPerSec = replayed / ((performance.now() - replayStart) / 1000);
  console.log(`events: ${replayed} replayed from the start offset at ${round(replayPerSec)}/s`);
  return {
    'ingest.httpBatchWithEventsPoller.aspectsPerSec': round(ingestRate),
    'events.ingestEvents': expected,
    'events.read': read,
    'events.pollPerSec': round(perSec),
    'events.caughtUpMs': round(caughtUpMs),
    'events.replayPerSec': round(replayPerSec),
  };
}

/** The entity change event of a PlatformEvent_v1 record, or undefined for any other record. */
function changeEventOf(e: Event): { operation?: string; modifier?: string } | undefined {
  const record = JSON.parse(e.value) as { name?: string; payload?: { value?: string } };
  if (record.name !== 'entityChangeEvent' || typeof record.payload?.value !== 'string') return undefined;
  return JSON.parse(record.payload.value) as { operation?: string; modifier?: string };
}

/**
 * Delay from a write to its event: a consumer long-polls PlatformEvent_v1 from the head while single
 * `ingestProposal` writes each add a new tag to one of the run's datasets, 20–100 ms apart. Per write,
 * from its answer (the commit was before) and from its request's start (an upper bound) to the arrival
 * of the page holding its tag-added event.
 */
export async function writeToEventDelay(
  base: string,
  run: string,
  datasets: number,
): Promise<Record<string, number>> {
  const arrived = new Map<string, number>();
  const c = await consumer(base, PLATFORM, (events, at) => {
    for (const e of events) {
      const ece = changeEventOf(e);
      if (ece?.operation === 'ADD' && ece.modifier?.startsWith(PROBE_TAG)) arrived.set(ece.modifier, at);
    }
  });
  const writes: { tag: string; sent: number; answered: number }[] = [];
  for (let k = 0; k < DELAY_WRITES; k++) {
    await sleep(20 + Math.random() * 80);
    const tag = `${PROBE_TAG}${k}`;
    const row = { urn: benchUrn(run, k % datasets), aspect: 'globalTags', value: { tags: [{ tag }] } };
    const sent = performance.now();
    await postProposal(base, proposalOf(run, row));
    writes.push({ tag, sent, answered: performance.now() });
  }
  await c.until(() => writes.every((w) => arrived.has(w.tag)));
  await c.stop();
  const after = (from: (w: (typeof writes)[number]) => number): number[] =>
    writes.map((w) => (arrived.get(w.tag) as number) - from(w)).sort((a, b) => a - b);
  const fromAnswer = after((w) => w.answered);
  const fromRequest = after((w) => w.sent);
  console.log(
    `events: write to event p50 / p95 ${round(pct(fromAnswer, 50))} / ${round(pct(fromAnswer, 95))} ms ` +
      `after the answer, ${round(pct(fromRequest, 50))} / ${round(pct(fromRequest, 95))} ms after the request`,
  );
  return {
    'events.delayWrites': writes.length,
    'events.delayP50Ms': round(pct(fromAnswer, 50)),
    'events.delayP95Ms': round(pct(fromAnswer, 95)),
    'events.delayMaxMs': round(fromAnswer.at(-1) as number),
    'events.delayFromRequestP50Ms': round(pct(fromRequest, 50)),
    'events.delayFromRequestP95Ms': round(pct(fromRequest, 95)),
  };
}
