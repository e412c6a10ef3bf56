/**
 * Document work runs on the event loop that also serves requests: building or packing thousands of
 * documents in one go would hold every request behind it for hundreds of milliseconds. Work on a batch
 * goes in slices of this many items, with a turn of the event loop between them.
 */
export const SLICE = 250;

/** Lets waiting I/O (requests, driver replies) run before the next slice. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `fn` over the items, a slice at a time, with a turn of the event loop after each slice. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i) await nextTurn();
    for (const item of items.slice(i, i + SLICE)) out.push(fn(item));
  }
  return out;
}
