import { BadRequestError } from './errors/index.js';

/** A page of a list: where it starts and how many it holds. */
export interface Page {
  readonly start: number;
  readonly count: number;
}

/**
 * The one paging rule of every list, search and walk, on every transport: `start` an integer from 0,
 * `count` an integer from 0 to the page maximum (`NEOHUB_MAX_PAGE_SIZE`). Anything else is a 400 naming
 * the bound; a count is never lowered in silence, and a negative start never reads from the end.
 */
export function checkPage(start: number, count: number, maxPageSize: number, countName = 'count'): Page {
  if (!Number.isSafeInteger(start) || start < 0)
    throw new BadRequestError(`start must be an integer >= 0, got ${start}`);
  if (!Number.isSafeInteger(count) || count < 0)
    throw new BadRequestError(`${countName} must be an integer >= 0, got ${count}`);
  if (count > maxPageSize)
    throw new BadRequestError(
      `${countName} must be at most ${maxPageSize}, the page maximum (NEOHUB_MAX_PAGE_SIZE), got ${count}`,
    );
  return { start, count };
}
