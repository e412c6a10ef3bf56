import { BadRequestError } from '../errors/index.js';

/** Scroll ids are opaque to clients: the offset of the next page, encoded. */
export function encodeScrollId(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

/** The offset a scroll id stands for (0 without one); 400 for an id this service did not issue. */
export function decodeScrollId(id: string | undefined | null): number {
  if (!id) return 0;
  try {
    const o = (JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as { o?: unknown }).o;
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch {
    /* fall through */
  }
  throw new BadRequestError(`Invalid scrollId "${id}"`);
}

/**
 * The scroll id of the page after one that started at `offset` and returned `returned` of `total` hits;
 * undefined at the end (an empty page ends a scroll too, whatever the total says).
 */
export function nextScrollId(offset: number, returned: number, total: number): string | undefined {
  const next = offset + returned;
  return returned > 0 && next < total ? encodeScrollId(next) : undefined;
}
