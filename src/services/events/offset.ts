import { BadRequestError } from '../../errors/index.js';
import { parseJson } from '../../json/index.js';

/**
 * A consumer's place in a topic: every change-log entry up to `seq` is consumed, and so are the first
 * `skip` events of the entry after it (an entry may make several entity change events, and a page may
 * end among them).
 */
export interface Position {
  readonly seq: number;
  readonly skip: number;
}

/** Offset ids are opaque to clients, as DataHub's are: a position, encoded. */
export function encodeOffset(p: Position): string {
  return Buffer.from(JSON.stringify({ s: p.seq, k: p.skip })).toString('base64url');
}

/** The position an offset id stands for; 400 for an id this service did not issue. */
export function decodeOffset(id: string): Position {
  try {
    const o = parseJson(Buffer.from(id, 'base64url').toString('utf8')) as { s?: unknown; k?: unknown };
    const ok = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    if (ok(o.s) && ok(o.k)) return { seq: o.s, skip: o.k };
  } catch {
    /* fall through */
  }
  throw new BadRequestError(`Invalid offsetId "${id}": pass back an offsetId this service returned`);
}
