import { type GmsClient, ServerError } from './client.js';
import type { Output } from './commands.js';
import { parseProposalFile, type FileRecord } from './proposal-file.js';

/** What shows how far a long command is (a progress bar on a terminal; nothing in tests). */
export interface Progress {
  start(total: number): void;
  advance(by: number): void;
  stop(): void;
}
export const NO_PROGRESS: Progress = { start() {}, advance() {}, stop() {} };

/** Proposals per request of `ingest`. */
const BATCH = 100;

/**
 * `ingest -f`: reads the whole file first (any bad record: its file and line, and nothing is sent), then
 * sends change proposals in batches (`ingestProposalBatch`) and change events one by one (`ingest`), in
 * file order, each with its record's system metadata (run id, last observed, properties) as written. Stops at the first batch the server refuses, naming the line of the refused record.
 */
export async function ingestFile(
  client: GmsClient,
  io: Output,
  file: string,
  text: string,
  progress: Progress,
): Promise<number> {
  const started = Date.now();
  const { records, problems } = parseProposalFile(text, file);
  if (problems.length) {
    for (const p of problems) io.err(p);
    io.err(`${file}: ${problems.length} bad record${problems.length === 1 ? '' : 's'}; nothing was sent`);
    return 1;
  }
  let sent = 0;
  progress.start(records.length);
  try {
    for (const batch of batches(records)) {
      try {
        const first = batch[0];
        if (first?.kind === 'mce')
          // As DataHub's REST emitter sends an event: the snapshot and its record's system metadata.
          await client.action('entities', 'ingest', {
            entity: { value: first.snapshot },
            ...(first.systemMetadata ? { systemMetadata: first.systemMetadata } : {}),
          });
        else
          await client.action('aspects', 'ingestProposalBatch', {
            proposals: batch.map((r) => (r.kind === 'mcp' ? r.proposal : {})),
          });
      } catch (err) {
        if (!(err instanceof ServerError)) throw err;
        const index = Number(/proposals\[(\d+)\]/.exec(err.message)?.[1] ?? 0);
        const line = batch[Math.min(index, batch.length - 1)]?.line ?? 0;
        progress.stop();
        io.err(`${file}:${line}: the server refused it (HTTP ${err.status}): ${err.message}`);
        io.err(`${file}: ${sent} of ${records.length} records written before it; the rest were not sent`);
        return 1;
      }
      sent += batch.length;
      progress.advance(batch.length);
    }
  } finally {
    progress.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.out(`Ingested ${sent} record${sent === 1 ? '' : 's'} from ${file} in ${seconds} s`);
  return 0;
}

/** Consecutive proposals in batches of BATCH; each event alone. */
function* batches(records: readonly FileRecord[]): Generator<FileRecord[]> {
  let current: FileRecord[] = [];
  for (const r of records) {
    if (r.kind === 'mce') {
      if (current.length) yield current;
      current = [];
      yield [r];
    } else {
      current.push(r);
      if (current.length === BATCH) {
        yield current;
        current = [];
      }
    }
  }
  if (current.length) yield current;
}

type Row = Record<string, unknown>;
const time = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : '');

/** `runs list`: the ingestion runs, newest first. */
export async function listRuns(client: GmsClient, io: Output): Promise<number> {
  const runs = (await client.action('runs', 'list', { pageOffset: 0, pageSize: 100 })) as Row[];
  io.out(
    table(
      ['run id', 'rows', 'last written'],
      runs.map((r) => [r.runId, r.rows, time(r.timestamp)]),
    ),
  );
  return 0;
}

/** `runs show --run-id`: what a run wrote. */
export async function showRun(client: GmsClient, io: Output, runId: string): Promise<number> {
  const rows = (await client.action('runs', 'describe', { runId, start: 0, count: 10000 })) as Row[];
  io.out(
    table(
      ['urn', 'aspect', 'written'],
      rows.map((r) => [r.urn, r.aspectName, time(r.timestamp)]),
    ),
  );
  return 0;
}

/** `runs rollback --run-id [--apply]`: a dry run unless `--apply`. */
export async function rollbackRun(
  client: GmsClient,
  io: Output,
  runId: string,
  apply: boolean,
): Promise<number> {
  const r = (await client.action('runs', 'rollback', { runId, dryRun: !apply, safe: true })) as Row;
  const verb = apply ? 'Rolled back' : 'Dry run: would roll back';
  io.out(
    `${verb} ${String(r.aspectsReverted)} aspects of ${String(r.entitiesAffected)} entities, deleting ${String(r.entitiesDeleted)}.`,
  );
  const unsafe = (r.unsafeEntities as Row[] | undefined) ?? [];
  if (unsafe.length)
    io.out(
      `${unsafe.length} entities others also wrote to are kept (unsafe): ${unsafe.map((u) => u.urn).join(', ')}`,
    );
  if (!apply) io.out('Nothing was changed; run again with --apply to roll back.');
  return 0;
}

/** `get --urn [--aspect]`: an entity (or one aspect) as JSON. */
export async function getAny(client: GmsClient, io: Output, urn: string, aspect?: string): Promise<number> {
  const kind = entityOf(urn);
  const value = aspect ? await client.getAspect(kind, urn, aspect) : await client.getEntity(kind, urn);
  if (value === undefined) {
    io.err(`${urn}${aspect ? ` has no ${aspect}` : ' does not exist'}`);
    return 1;
  }
  io.out(JSON.stringify(value, null, 2));
  return 0;
}

/** `delete --urn [--hard]`: a soft delete (status removed), or with `--hard` the entity and its history. */
export async function deleteAny(client: GmsClient, io: Output, urn: string, hard: boolean): Promise<number> {
  const kind = entityOf(urn);
  if (hard) await client.deleteEntity(kind, urn);
  else await client.upsertAspect(kind, urn, 'status', { removed: true });
  io.out(`${hard ? 'Hard deleted' : 'Soft deleted'} ${urn}`);
  return 0;
}

/** The entity kind of a URN, as the v3 paths name it (`urn:li:dataset:...` -> `dataset`). */
function entityOf(urn: string): string {
  const kind = /^urn:li:([A-Za-z][A-Za-z0-9]*):/.exec(urn)?.[1];
  if (!kind) throw new Error(`not a URN: ${urn}`);
  return kind;
}

function table(head: string[], rows: unknown[][]): string {
  const cells = [head, ...rows.map((r) => r.map((c) => String(c ?? '')))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (c ?? '').padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
