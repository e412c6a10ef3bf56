import type { Registry } from '../registry/index.js';
import { NO_RUN_ID, type AddedWrites, type TxView, type WriteOp } from '../store/index.js';
import { entityRowOf, upsertOp } from './build-ops.js';
import type { WriteHook } from './write-hooks.js';

/** The actor DataHub's sibling hook writes as. */
export const SIBLING_HOOK_ACTOR = 'urn:li:corpuser:__datahub_system_sibling_hook';

const DBT = 'dbt';
/** The sub types that make a dbt dataset a dbt source (older dbt sources wrote them in lower case). */
const SOURCE_SUB_TYPES = ['source', 'Source'];
/** What the decision reads of each dataset concerned. */
const READ = ['upstreamLineage', 'subTypes', 'siblings'];

/** The platform name of a dataset URN (`urn:li:dataset:(urn:li:dataPlatform:NAME,...)`). */
export function datasetPlatform(urn: string): string | undefined {
  return /^urn:li:dataset:\(urn:li:dataPlatform:([^,]+),/.exec(urn)?.[1];
}

const isDbt = (urn: string): boolean => datasetPlatform(urn) === DBT;

/** The dataset URNs of an `upstreamLineage` value's upstreams (a URN of another kind counts as none). */
function upstreamsOf(value: unknown): string[] {
  const ups = (value as { upstreams?: unknown } | undefined)?.upstreams;
  if (!Array.isArray(ups)) return [];
  return ups.flatMap((u: { dataset?: unknown }) =>
    typeof u?.dataset === 'string' && u.dataset.startsWith('urn:li:dataset:') ? [u.dataset] : [],
  );
}

const parse = (json: string | undefined): unknown => (json === undefined ? undefined : JSON.parse(json));

/** Per URN, per aspect: the JSON value before the batch, and after its ops (undefined: absent). */
interface States {
  readonly before: Map<string, Map<string, string | undefined>>;
  readonly after: Map<string, Map<string, string | undefined>>;
}

/**
 * The values of `READ` on `urns` before the batch (read through its transaction) and after its ops, as
 * the store will apply them: upserts, deletes, rollbacks, and read-modify-writes (a PATCH) resolved
 * against the value before them, as the store resolves them.
 */
async function statesOf(ops: readonly WriteOp[], urns: readonly string[], view: TxView): Promise<States> {
  const before = new Map(urns.map((u) => [u, new Map<string, string | undefined>()]));
  for (const a of await view.latest(urns, READ)) before.get(a.urn)?.set(a.name, a.value);
  const after = new Map([...before].map(([u, m]) => [u, new Map(m)]));
  for (const op of ops) {
    const state = after.get(op.urn);
    if (!state) continue;
    if (op.kind === 'deleteEntity') state.clear();
    if (!('aspect' in op) || op.aspect === undefined || !READ.includes(op.aspect)) continue;
    if (op.kind === 'upsert') state.set(op.aspect, op.value);
    else if (op.kind === 'deleteAspect') state.delete(op.aspect);
    else if (op.kind === 'revert') state.set(op.aspect, op.restore?.upsert.value);
    else if (op.kind === 'compute') {
      const next = op.resolve(state.get(op.aspect));
      if (next?.kind === 'upsert') state.set(op.aspect, next.value);
      else if (next?.kind === 'deleteAspect') state.delete(op.aspect);
    }
  }
  return { before, after };
}

/** A dataset whose write may link siblings: an `upstreamLineage`, or a dbt dataset's `subTypes`. */
function mayTrigger(op: WriteOp): boolean {
  if (op.entityType !== 'dataset' || !('aspect' in op)) return false;
  if (op.kind !== 'upsert' && op.kind !== 'compute' && op.kind !== 'revert') return false;
  if (op.aspect === 'subTypes') return isDbt(op.urn);
  if (op.aspect !== 'upstreamLineage') return false;
  // A plain upsert names its upstreams: only one with a dbt side can link (cheap for every other write).
  if (op.kind !== 'upsert') return true;
  const ups = upstreamsOf(JSON.parse(op.value));
  return isDbt(op.urn) ? ups.length === 1 : ups.some(isDbt);
}

/**
 * The dbt side and the warehouse side DataHub's sibling hook links on this change of `urn`'s `aspect`
 * (`state`: its aspects after the write), or undefined:
 * - a dbt dataset whose `subTypes` name it a dbt source, with exactly one upstream, not a dbt one (the
 *   table the source reads), on a change of either aspect;
 * - any other dataset with exactly one dbt upstream (the model that makes it), on a change of its
 *   `upstreamLineage`.
 */
function pairOf(
  urn: string,
  aspect: string,
  state: ReadonlyMap<string, string | undefined>,
): { dbt: string; source: string } | undefined {
  const ups = upstreamsOf(parse(state.get('upstreamLineage')));
  if (isDbt(urn)) {
    const types = (parse(state.get('subTypes')) as { typeNames?: unknown } | undefined)?.typeNames;
    const isSource = Array.isArray(types) && types.some((t) => SOURCE_SUB_TYPES.includes(t as string));
    if (!isSource || ups.length !== 1 || isDbt(ups[0]!)) return undefined;
    return { dbt: urn, source: ups[0]! };
  }
  if (aspect !== 'upstreamLineage') return undefined;
  const dbtUps = [...new Set(ups.filter(isDbt))];
  return dbtUps.length === 1 ? { dbt: dbtUps[0]!, source: urn } : undefined;
}

/**
 * DataHub's sibling hook, inside the write's transaction (docs/decisions/0054): a write that makes a dbt
 * dataset and a warehouse dataset one asset (see `pairOf`) links them with a `siblings` aspect on each,
 * the dbt side `primary`, when neither has a `siblings` aspect yet (a link the dbt source wrote itself,
 * or one a user changed, is left as it is). Removals link and unlink nothing, as in DataHub.
 */
export function siblingsHook(registry: Registry): WriteHook {
  const dataset = registry.entity('dataset');
  const siblingsSpec = registry.aspectOf(dataset, 'siblings');

  /** The added write of `value` as `urn`'s siblings, unless it has siblings by then (under its lock). */
  const link = (urn: string, value: { siblings: string[]; primary: boolean }, time: number) => {
    const created = { time, actor: SIBLING_HOOK_ACTOR };
    const sm = JSON.stringify({ lastObserved: time, runId: NO_RUN_ID });
    const target = registry.parseEntityUrn(urn);
    const base = { urn: target.parsed.urn, entityType: 'dataset', created, systemMetadata: sm };
    const op = upsertOp(registry, siblingsSpec, base, value);
    return {
      entity: entityRowOf(registry, target, created, sm),
      op: {
        ...base,
        kind: 'compute' as const,
        aspect: 'siblings',
        resolve: (current: string | undefined) => (current === undefined ? op : null),
      },
    };
  };

  return {
    name: 'dbt siblings',
    async inTransaction(ops, view): Promise<AddedWrites | undefined> {
      const candidates = ops.filter(mayTrigger);
      if (!candidates.length) return undefined;
      const urns = [...new Set(candidates.map((o) => o.urn))];
      const states = await statesOf(ops, urns, view);
      const pairs: { dbt: string; source: string; time: number }[] = [];
      const seen = new Set<string>();
      for (const op of candidates) {
        const aspect = (op as { aspect: string }).aspect;
        const key = `${op.urn}\u0000${aspect}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const after = states.after.get(op.urn)!;
        // DataHub's hook sees change-log events: a write that changed the aspect, and did not remove it.
        const now = after.get(aspect);
        if (now === undefined || now === states.before.get(op.urn)!.get(aspect)) continue;
        const pair = pairOf(op.urn, aspect, after);
        if (pair) pairs.push({ ...pair, time: op.created.time });
      }
      if (!pairs.length) return undefined;
      const others = [...new Set(pairs.flatMap((p) => [p.dbt, p.source]))].filter(
        (u) => !states.after.has(u),
      );
      const more = others.length ? await statesOf(ops, others, view) : undefined;
      const siblings = (urn: string): string | undefined =>
        (states.after.get(urn) ?? more?.after.get(urn))?.get('siblings');
      const added: ReturnType<typeof link>[] = [];
      const linked = new Set<string>();
      for (const { dbt, source, time } of pairs) {
        // Either side with siblings already (linked earlier, by the dbt source, or by a user): left as is.
        if (linked.has(dbt) || linked.has(source)) continue;
        if (siblings(dbt) !== undefined || siblings(source) !== undefined) continue;
        linked.add(dbt).add(source);
        added.push(link(dbt, { siblings: [source], primary: true }, time));
        added.push(link(source, { siblings: [dbt], primary: false }, time));
      }
      return added.length ? { entities: added.map((a) => a.entity), ops: added.map((a) => a.op) } : undefined;
    },
  };
}
