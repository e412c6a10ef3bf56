import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { entityRowOf, upsertOp } from '../../src/services/build-ops.js';
import { IngestService, SYSTEM_ACTOR, type WriteHook } from '../../src/services/index.js';
import { createDriver, Executor, Neo4jStore, type UpsertOp, type WriteOp } from '../../src/store/index.js';
import { asSystemView, datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';

// The write hooks of the one write path, against a real Neo4j: a side effect added inside the write's
// transaction reads the store through it and commits with the write, or not at all.
const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());
const store = new Neo4jStore(exec);
const registry = defaultRegistry();
const ctx = { actor: SYSTEM_ACTOR };
const ingestWith = (...hooks: WriteHook[]): IngestService =>
  asSystemView(new IngestService(registry, store, createLogger('silent'), hooks));

/** An aspect value as a side effect writes it: an upsert of `aspect` on `urn`, with its entity row. */
function sideWrite(
  urn: string,
  aspect: string,
  value: unknown,
): { op: UpsertOp; entity: ReturnType<typeof entityRowOf> } {
  const created = { time: Date.now(), actor: SYSTEM_ACTOR };
  const sm = JSON.stringify({ lastObserved: created.time, runId: 'write-hook-test' });
  const target = registry.parseEntityUrn(urn);
  const base = { urn: target.parsed.urn, entityType: target.entity.name, created, systemMetadata: sm };
  return {
    op: upsertOp(registry, registry.aspectOf(target.entity, aspect), base, value),
    entity: entityRowOf(registry, target, created, sm),
  };
}

const datasetsWritten = (ops: readonly WriteOp[]): string[] => [
  ...new Set(ops.filter((o) => o.entityType === 'dataset' && o.kind !== 'deleteEntity').map((o) => o.urn)),
];

/** DataHub-style default aspect: a dataset written without a `status` gets `{removed: false}`. */
const defaultStatus: WriteHook = {
  name: 'default status',
  async inTransaction(ops, view) {
    const urns = datasetsWritten(ops);
    const has = new Set((await view.latest(urns, ['status'])).map((a) => a.urn));
    const writesStatus = new Set(ops.filter((o) => 'aspect' in o && o.aspect === 'status').map((o) => o.urn));
    return {
      ops: urns
        .filter((u) => !has.has(u) && !writesStatus.has(u))
        .map((u) => sideWrite(u, 'status', { removed: false }).op),
    };
  },
};

describe('write hooks', () => {
  it('adds aspects to the transaction of the write, from what it reads of the store inside it', async () => {
    const ingest = ingestWith(defaultStatus);
    const urn = datasetUrn(`hook_default_${unique()}`);
    const res = await ingest.ingest([mcp(urn, 'datasetProperties', { description: 'one' })], ctx);
    // One result per proposal; the added aspect is in the change log of the same write.
    expect(res.results).toHaveLength(1);
    expect(res.changeLog.map((c) => c.aspect).sort()).toEqual(['datasetKey', 'datasetProperties', 'status']);
    const stored = await store.latest([urn], ['datasetProperties', 'status']);
    expect(Object.fromEntries(stored.map((a) => [a.name, JSON.parse(a.value)]))).toEqual({
      datasetProperties: expect.objectContaining({ description: 'one' }),
      status: { removed: false },
    });
    // The change log records both in one transaction: one sequence run, one node.
    const seqs = res.changeLog.map((c) => c.seq).sort((a, b) => a - b);
    expect(seqs[seqs.length - 1]! - seqs[0]!).toBe(seqs.length - 1);

    // The hook reads the status now stored: soft delete it, and a later write adds nothing.
    await ingest.ingest([mcp(urn, 'status', { removed: true })], ctx);
    const again = await ingest.ingest([mcp(urn, 'datasetProperties', { description: 'two' })], ctx);
    expect(again.changeLog.map((c) => c.aspect)).toEqual(['datasetProperties']);
    expect(JSON.parse((await store.latest([urn], ['status']))[0]!.value)).toEqual({ removed: true });
  });

  it('adds writes to entities the batch does not name, created with it', async () => {
    const tag = `urn:li:tag:hooked_${unique()}`;
    const tagging: WriteHook = {
      name: 'tag per dataset',
      inTransaction: async (ops) => {
        if (!datasetsWritten(ops).length) return undefined;
        const w = sideWrite(tag, 'tagProperties', { name: 'hooked' });
        return { entities: [w.entity], ops: [w.op] };
      },
    };
    const urn = datasetUrn(`hook_tag_${unique()}`);
    await ingestWith(tagging).ingest([mcp(urn, 'datasetProperties', { description: 'x' })], ctx);
    expect(await store.exists(tag)).toBe(true);
    expect((await store.latest([tag], ['tagKey', 'tagProperties'])).map((a) => a.name).sort()).toEqual([
      'tagKey',
      'tagProperties',
    ]);
  });

  it('writes nothing when a hook fails inside the transaction', async () => {
    const urn = datasetUrn(`hook_fails_${unique()}`);
    const failing: WriteHook = {
      name: 'failing',
      inTransaction: async (_ops, view) => {
        await view.latest([urn]);
        throw new ValidationError('refused by a hook');
      },
    };
    const err = await ingestWith(defaultStatus, failing)
      .ingest([mcp(urn, 'datasetProperties', { description: 'x' })], ctx)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).message).toBe('refused by a hook');
    expect(await store.exists(urn)).toBe(false);
    expect(await store.latest([urn])).toEqual([]);
  });

  it('writes nothing when an added write fails after the batch wrote its own', async () => {
    const urn = datasetUrn(`hook_late_${unique()}`);
    const late: WriteHook = {
      name: 'late failure',
      inTransaction: async (ops) => ({
        ops: datasetsWritten(ops).map((u) => {
          const { op } = sideWrite(u, 'status', { removed: false });
          return {
            ...op,
            kind: 'compute' as const,
            resolve: () => {
              throw new ValidationError('refused under the lock');
            },
          };
        }),
      }),
    };
    const err = await ingestWith(late)
      .ingest([mcp(urn, 'datasetProperties', { description: 'x' })], ctx)
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe('refused under the lock');
    expect(await store.latest([urn])).toEqual([]);
  });

  it('runs each step in the order of the list: checks where values are made, then preparations, then after the commit', async () => {
    const seen: string[] = [];
    const hook = (name: string): WriteHook => ({
      name,
      check: ({ aspect }) => void seen.push(`${name} check ${aspect}`),
      prepare: async (ops) => {
        seen.push(`${name} prepare ${ops.length}`);
        return {
          ops,
          after: async (r) => (seen.push(`${name} after ${r.results.length}`), [`task-${name}`]),
        };
      },
      inTransaction: async () => void seen.push(`${name} in transaction`),
    });
    const urn = datasetUrn(`hook_order_${unique()}`);
    const res = await ingestWith(hook('a'), hook('b')).ingest(
      [mcp(urn, 'datasetProperties', { description: 'x' })],
      ctx,
    );
    expect(res.tasks).toEqual(['task-a', 'task-b']);
    expect(seen).toEqual([
      'a check datasetProperties',
      'b check datasetProperties',
      'a prepare 1',
      'b prepare 1',
      'a in transaction',
      'b in transaction',
      'a after 1',
      'b after 1',
    ]);
  });

  it('refuses a batch whose value a check refuses, naming the proposal, before anything is written', async () => {
    const urn = datasetUrn(`hook_check_${unique()}`);
    const noSecrets: WriteHook = {
      name: 'no secrets',
      check: ({ value }) => {
        if (String(value.description).includes('secret'))
          throw new ValidationError('no secrets', [{ path: '/description', message: 'a secret' }]);
      },
    };
    const ingest = ingestWith(noSecrets);
    const err = await ingest
      .ingest(
        [mcp(urn, 'status', { removed: false }), mcp(urn, 'datasetProperties', { description: 'a secret' })],
        ctx,
      )
      .catch((e: unknown) => e);
    expect((err as ValidationError).message).toBe('proposals[1]: no secrets');
    expect(await store.exists(urn)).toBe(false);
    // A read-modify-write's value is checked when it resolves, inside the transaction.
    await ingest.ingest([mcp(urn, 'datasetProperties', { description: 'open' })], ctx);
    const patch = [{ op: 'add', path: '/description', value: 'secret again' }];
    await expect(ingest.ingest([mcp(urn, 'datasetProperties', patch, 'PATCH')], ctx)).rejects.toThrow(
      /^no secrets$/,
    );
    expect(JSON.parse((await store.latest([urn], ['datasetProperties']))[0]!.value).description).toBe('open');
  });
});
