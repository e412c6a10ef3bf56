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
