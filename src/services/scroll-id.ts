import { BadRequestError } from '../errors/index.js';
import { parseJson } from '../json/index.js';

/**
 * Where a scroll stands: the offset of its next page and, for a scroll that keeps its results in the
 * process that served it (scrollAcrossLineage), the id under which they are kept. The id is a hint only:
 * a process that does not hold it (expired, evicted, another instance) serves the offset as it would
 * without it.
 */
export interface ScrollPosition {
  readonly offset: number;
  readonly walk?: string | undefined;
}

/** A kept walk's id: what {@link encodeScrollId} accepts and {@link decodeScrollPosition} lets through. */
const WALK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Scroll ids are opaque to clients: the offset of the next page (and a kept walk's id), encoded. */
export function encodeScrollId(offset: number, walk?: string): string {
  if (walk !== undefined && !WALK_ID.test(walk)) throw new Error(`not a walk id: ${walk}`);
  return Buffer.from(JSON.stringify(walk === undefined ? { o: offset } : { o: offset, w: walk })).toString(
    'base64url',
  );
}

/** The position a scroll id stands for (offset 0 without one); 400 for an id this service did not issue. */
export function decodeScrollPosition(id: string | undefined | null): ScrollPosition {
  if (!id) return { offset: 0 };
  try {
    const { o, w } = parseJson(Buffer.from(id, 'base64url').toString('utf8')) as {
      o?: unknown;
      w?: unknown;
    };
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) {
      if (w === undefined) return { offset: o };
      if (typeof w === 'string' && WALK_ID.test(w)) return { offset: o, walk: w };
    }
  } catch {
    /* fall through */
  }
  throw new BadRequestError(`Invalid scrollId "${id}"`);
}

/** The offset a scroll id stands for (0 without one); 400 for an id this service did not issue. */
export function decodeScrollId(id: string | undefined | null): number {
  return decodeScrollPosition(id).offset;
}

/**
 * The scroll id of the page after one that started at `offset` and returned `returned` of `total` hits
 * (naming the kept walk `walk`, if any); undefined at the end (an empty page ends a scroll too, whatever
 * the total says).
 */
export function nextScrollId(
  offset: number,
  returned: number,
  total: number,
  walk?: string,
): string | undefined {
  const next = offset + returned;
  return returned > 0 && next < total ? encodeScrollId(next, walk) : undefined;
}
