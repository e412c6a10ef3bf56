import { afterAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/errors/index.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { EntityApiService, IngestService, LineageService, ReadService } from '../../src/services/index.js';
import { createDriver, Executor, Neo4jStore } from '../../src/store/index.js';
import { datasetUrn, graphTarget, unique } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());
const registry = defaultRegistry();
const store = new Neo4jStore(exec);
/** A page maximum of 50 (NEOHUB_MAX_PAGE_SIZE). */
const reads = new ReadService(registry, store, 50);
const entityApi = new EntityApiService(
  registry,
  reads,
  new IngestService(registry, store, createLogger('silent')),
  2,
);
const lineage = new LineageService(registry, store, { maxHops: 5, maxVisited: 1000, maxPageSize: 50 });

describe('paging rules in the services, whatever the transport', () => {
  it('refuses a negative start, a count above the page maximum: never lowered, never a slice from the end', async () => {
    const urn = datasetUrn(`page_${unique()}`);
    for (const [start, count] of [
      [-1, 10],
      [0, -1],
      [1.5, 10],
      [0, 51],
    ] as const) {
      await expect(
        reads.relationships(urn, ['DownstreamOf'], 'OUTGOING', start, count),
      ).rejects.toBeInstanceOf(BadRequestError);
      await expect(reads.listUrns('dataset', start, count)).rejects.toBeInstanceOf(BadRequestError);
      await expect(lineage.lineage({ urn, direction: 'UPSTREAM', start, count })).rejects.toBeInstanceOf(
        BadRequestError,
      );
    }
    await expect(reads.timeseries({ urn, aspect: 'datasetProfile', limit: 51 })).rejects.toThrow(
      /limit must be at most 50/,
    );
    await expect(reads.relationships(urn, ['DownstreamOf'], 'OUTGOING', 0, 10)).resolves.toEqual({
      total: 0,
      relationships: [],
    });
  });

  it('caps the entities of one batch read at the page maximum (v2 /batch, v3 batchGet, entitiesV2)', async () => {
    const urns = [1, 2, 3].map((i) => datasetUrn(`batch_${unique()}_${i}`));
    await expect(entityApi.read(urns)).rejects.toThrow(/At most 2 entities per request, got 3/);
    await expect(entityApi.batchGet(urns.map((urn) => ({ urn, aspects: [] })))).rejects.toBeInstanceOf(
      BadRequestError,
    );
    await expect(entityApi.read(urns.slice(0, 2))).resolves.toHaveLength(2);
  });
});
