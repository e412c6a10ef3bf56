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
