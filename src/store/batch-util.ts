import type { Tx } from './executor.js';
import type { ChangeLogEntry, WriteOp } from './types.js';

/** Small helpers shared by the write operations of the store. */

export type PendingChange = Omit<ChangeLogEntry, 'seq'>;
export type OpResult = { changed: boolean; rows: number; timeseriesRows: number };

/** The operations of one kind in one round of a batch, with where their results and changes go. */
export interface Round {
  readonly tx: Tx;
  readonly items: readonly { op: WriteOp; i: number }[];
  readonly results: OpResult[];
  readonly pending: PendingChange[];
  readonly now: number;
}

/**
 * Labels and relationship types cannot be Cypher parameters. They come from the registry's whitelist;
 * this checks their shape once more right where they are written into a statement.
 */
export function cypherName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`unsafe label or relationship type: ${name}`);
  return name;
}

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The last system metadata JSON read by `runId`, and its run: a batch's proposals mostly share one. */
let lastRun: { sm: string; runId: string | null } = { sm: '', runId: null };

/** The fields an op's value had filled with defaults, as stored beside it (null when none). */
export const defaultedJson = (d: Readonly<Record<string, string>> | undefined): string | null =>
  d && Object.keys(d).length ? JSON.stringify(d) : null;

/** The runId of a proposal's system metadata JSON, if any. */
export const runId = (sm: string): string | null => {
  if (sm === lastRun.sm) return lastRun.runId;
  let found: string | null;
  try {
    const v = (JSON.parse(sm) as { runId?: unknown }).runId;
    found = typeof v === 'string' ? v : null;
  } catch {
    found = null;
  }
  lastRun = { sm, runId: found };
  return found;
};

/**
 * The system metadata of an aspect's first value: when and by whom it was created (DataHub's
 * `aspectCreated`) is its first modification (`aspectModified`, set by the write path for every actor
 * but the system), or what the writer sent when there is none.
 */
export function firstValueSystemMetadata(sm: string): string {
  if (!sm.includes('"aspectModified"')) return sm;
  const parsed = JSON.parse(sm) as Record<string, unknown>;
  if (!parsed.aspectModified) return sm;
  return JSON.stringify({ ...parsed, aspectCreated: parsed.aspectModified });
}

/**
 * The Cypher of the system metadata stored by an upsert of an aspect that may exist, from `nsm` (the
 * write's system metadata, parsed), `osm` (the stored one's, parsed; `{}` when none), `prev` (the stored
 * value), `r.value` (the new one) and `seen` (the same value written by another run, `prun`). As DataHub
 * keeps them: a new aspect was created when first modified; a changed one keeps when it was created and
 * records this modification; an unchanged one keeps both. The same value written by another run keeps
 * the run that wrote it, and names the writer the last run that saw it.
 */
export const STORED_SYSTEM_METADATA = `apoc.convert.toJson(apoc.map.mergeList([
       apoc.map.removeKeys(nsm, ['aspectCreated', 'aspectModified']),
       CASE WHEN seen THEN {runId: prun, lastRunId: r.runId} ELSE {} END,
       apoc.map.fromPairs([p IN [
         ['aspectCreated', CASE WHEN prev IS NULL THEN coalesce(nsm.aspectModified, nsm.aspectCreated)
                                WHEN prev = r.value THEN osm.aspectCreated
                                ELSE coalesce(nsm.aspectCreated, osm.aspectCreated) END],
         ['aspectModified', CASE WHEN prev = r.value THEN osm.aspectModified
                                 ELSE coalesce(nsm.aspectModified, osm.aspectModified) END]
       ] WHERE p[1] IS NOT NULL])]))`;

/**
 * Rows of a write statement as one JSON parameter, read back in Cypher by `fromJson`. neo4j-driver packs
 * every string of a parameter on its own (a buffer each, map keys included): a batch of 1,000 aspects sent
 * as maps was about 50,000 strings, the largest cost of this process in a write; as JSON it is one string
 * (V8 writes it, Neo4j's Jackson reads it, both far faster). Whole numbers come back as Cypher integers, as
 * `toCypher` sends them. Jackson refuses a string token longer than 20,000,000 characters, so a larger
 * document (an aspect of tens of megabytes) goes as plain parameters instead: `fromJson` reads either.
 */
export function jsonParams(name: string, value: object): Record<string, unknown> {
  const json = JSON.stringify(value);
  return json.length < JSON_PARAM_MAX_CHARS
    ? { [name]: null, [`${name}Json`]: json }
    : { [name]: value, [`${name}Json`]: null };
}

/**
 * `jsonParams` for rows, with their JSON-text fields (aspect values, system metadata: `texts`, a list of
 * each field's values, row for row) sent beside the JSON as lists of strings. Inside one JSON parameter
 * every quote of such a text is escaped by V8 and unescaped by Jackson, character by character: the
 * largest cost of Neo4j's JSON reader in a write. Read back in Cypher by `unwindRows`. `aspects`, the
 * name of each row's aspect, goes beside the lists for the logs' redaction alone (`Redaction.params`:
 * the element of each list at i is of the aspect named at i).
 */
export function rowParams(
  name: string,
  rows: readonly object[],
  texts: Readonly<Record<string, readonly (string | null)[]>>,
  aspects: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...jsonParams(name, rows), aspects };
  for (const [field, list] of Object.entries(texts)) out[`${name}_${cypherName(field)}`] = list;
  return out;
}

/**
 * The Cypher that unwinds the rows sent by `rowParams` as `alias`, each with its text fields put back:
 * a statement reads them as the row's other fields (`r.value`).
 */
export const unwindRows = (name: string, texts: readonly string[], alias: string): string =>
  `WITH ${fromJson(name)} AS ${name}_all UNWIND range(0, size(${name}_all) - 1) AS ${name}_at
   WITH ${name}_all[${name}_at] AS ${name}_row, ${name}_at
   WITH ${name}_row{.*, ${texts.map((t) => `${cypherName(t)}: $${name}_${cypherName(t)}[${name}_at]`).join(', ')}} AS ${alias}`;

/** The Cypher expression of a parameter sent by `jsonParams`: a list (rows) or a map. */
export const fromJson = (name: string, kind: 'List' | 'Map' = 'List'): string =>
  `coalesce(apoc.convert.fromJson${kind}($${name}Json), $${name})`;

/**
 * The longest JSON that Neo4j's JSON reader (APOC's Jackson) takes as one parameter: its default bound on
 * one string token (StreamReadConstraints.maxStringLength). A JSON text shorter than it holds no longer one.
 */
export const JSON_PARAM_MAX_CHARS = 20_000_000;
