import type { Tx } from './executor.js';
import { readLatestPairs } from './read-aspects.js';
import type { StoredAspect, WriteOp } from './types.js';

/**
 * Resolves the round's read-modify-write ops against the values current inside this transaction; an
 * aspect `absent` says cannot exist yet (of an entity the batch created, not written since) is not read.
 */
export async function resolveComputed(
  tx: Tx,
  round: { op: WriteOp; i: number }[],
  absent: (urn: string, aspect: string) => boolean = () => false,
): Promise<{ op: WriteOp; i: number }[]> {
  const computed = round.filter((x) => x.op.kind === 'compute');
  if (!computed.length) return round;
  const current = new Map<string, StoredAspect>();
  const pairs = new Map(
    computed.flatMap(({ op }) => {
      const aspect = op.kind === 'compute' ? op.aspect : '';
      return absent(op.urn, aspect)
        ? []
        : [[`${op.urn}\u0000${aspect}`, { urn: op.urn, name: aspect }] as const];
    }),
  );
  if (pairs.size)
    for (const a of await readLatestPairs(tx, [...pairs.values()])) current.set(`${a.urn}\u0000${a.name}`, a);
  const out: { op: WriteOp; i: number }[] = [];
  for (const x of round) {
    if (x.op.kind !== 'compute') out.push(x);
    else {
      const found = current.get(`${x.op.urn}\u0000${x.op.aspect}`);
      const next = x.op.resolve(found?.value, found?.revision, found?.defaulted);
      if (next) out.push({ op: next, i: x.i });
    }
  }
  return out;
}

function scopeOf(op: WriteOp): string {
  if (op.kind === 'deleteEntity' || op.kind === 'deleteTimeseries') return '*';
  return op.kind === 'timeseries' ? `${op.aspect}@${op.timestampMillis}` : op.aspect;
}

/** Splits ops into rounds with no two ops on one (urn, aspect); per URN the order of ops is kept. */
export function* rounds(ops: readonly WriteOp[]): Generator<{ op: WriteOp; i: number }[]> {
  let rest = ops.map((op, i) => ({ op, i }));
  while (rest.length) {
    const taken = new Map<string, Set<string>>();
    const deferred = new Set<string>();
    const current: { op: WriteOp; i: number }[] = [];
    const later: { op: WriteOp; i: number }[] = [];
    for (const x of rest) {
      const scope = scopeOf(x.op);
      const t = taken.get(x.op.urn);
      const conflict =
        deferred.has(x.op.urn) || (t !== undefined && (t.has('*') || scope === '*' || t.has(scope)));
      if (conflict) {
        later.push(x);
        deferred.add(x.op.urn);
      } else {
        current.push(x);
        if (t) t.add(scope);
        else taken.set(x.op.urn, new Set([scope]));
      }
    }
    yield current;
    rest = later;
  }
}
