/**
 * Every entity kind of DataHub's model, from the registry alone (issue 17, item 10e): no hand-written suite
 * per kind, so a kind added to the model is tested by this file. For each kind: its key aspect and one
 * other aspect written through Rest.li, read back through Rest.li, OpenAPI v3 and GraphQL, found by a
 * search, and hard-deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypeName } from '../../src/graphql/types/entity-type.js';
import type { AspectSpec, EntitySpec } from '../../src/registry/index.js';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { enc, mcp, startTestServer, unique } from '../support/runtime.js';
import { sampleAspect, sampleUrn } from '../support/samples.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());
const { call, gqlOk } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });

/**
 * The aspect written besides the key: `status` where the kind has it, else its first versioned aspect;
 * none for a version set (its `versionSetProperties` must name a version of it, as DataHub checks).
 */
function otherAspect(kind: EntitySpec): AspectSpec | undefined {
  const registry = rt.services.registry;
  const aspects = kind.aspects
    .filter((a) => a !== kind.keyAspect && a !== 'versionSetProperties')
    .map((a) => registry.findAspect(a) as AspectSpec)
    .filter((a) => !a.timeseries);
  return aspects.find((a) => a.name === 'status') ?? aspects[0];
}

describe("every entity kind of DataHub's model", () => {
  it('is written, read through every API, found by search and deleted', async () => {
    const registry = rt.services.registry;
    const tag = `k${unique()}`;
    const kinds = registry.allEntities();
    expect(kinds.length).toBeGreaterThanOrEqual(72);
    const written = kinds.map((kind) => {
      const urn = sampleUrn(registry, kind, tag);
      const key = registry.keyValue(kind, registry.parseEntityUrn(urn).parsed);
      const other = otherAspect(kind);
      const value =
        other?.name === 'status'
          ? { removed: false }
          : other?.name === 'testInfo'
            ? {
                name: tag,
                category: 'c',
                // It applies to no dataset another suite writes (the suites share a database).
                definition: {
                  type: 'JSON',
                  json: JSON.stringify({
                    on: {
                      types: ['dataset'],
                      match: [
                        { query: 'datasetProperties.name', operation: 'equals', params: { value: tag } },
                      ],
                    },
                    rules: [],
                  }),
                },
              }
            : other
              ? sampleAspect(registry, other, tag)
              : undefined;
      return { kind, urn, key, other, value };
    });
    const proposals = written.flatMap((w) => [
      mcp(w.urn, w.kind.keyAspect, w.key),
      ...(w.other ? [mcp(w.urn, w.other.name, w.value)] : []),
    ]);
    const ingest = await call('POST', '/aspects?action=ingestProposalBatch', { proposals });
    expect(ingest.status, ingest.text).toBe(200);

    const problems: string[] = [];
    for (const w of written) {
      const restli = await call('GET', `/entitiesV2/${enc(w.urn)}`);
      const names = Object.keys(restli.body?.aspects ?? {});
      if (
        restli.status !== 200 ||
        !names.includes(w.kind.keyAspect) ||
        (w.other && !names.includes(w.other.name))
      )
        problems.push(`${w.kind.name}: Rest.li read ${restli.status} ${names.join(',')}`);
      const v3 = await call('GET', `/openapi/v3/entity/${w.kind.name.toLowerCase()}/${enc(w.urn)}`);
      if (v3.status !== 200 || v3.body?.urn !== w.urn)
        problems.push(`${w.kind.name}: OpenAPI v3 read ${v3.status}`);
      const gql = await gqlOk('query ($urn: String!) { entity(urn: $urn) { urn type __typename } }', {
        urn: w.urn,
      });
      if (gql.entity?.urn !== w.urn || gql.entity?.type !== entityTypeName(w.kind.name))
        problems.push(`${w.kind.name}: GraphQL entity ${JSON.stringify(gql.entity)}`);
    }
    expect(problems).toEqual([]);

    // Every kind is in the search index, found by its URN (named kinds included: a query may name any).
    expect(await rt.services.search.waitForIndex()).toBe(true);
    for (const w of written) {
      const found = await call('POST', '/entities?action=search', {
        entity: w.kind.name,
        input: '*',
        start: 0,
        count: 10,
        filter: { or: [{ and: [{ field: 'urn', value: w.urn, condition: 'EQUAL' }] }] },
      });
      const urns = (found.body?.value?.entities ?? []).map((e: { entity: string }) => e.entity);
      if (found.status !== 200 || !urns.includes(w.urn))
        problems.push(`${w.kind.name}: search ${found.status} ${JSON.stringify(found.body).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);

    for (const w of written) {
      const del = await call('POST', '/entities?action=delete', { urn: w.urn });
      if (del.status !== 200) problems.push(`${w.kind.name}: delete ${del.status} ${del.text}`);
      const after = await call('GET', `/aspects/${enc(w.urn)}?aspect=${w.kind.keyAspect}&version=0`);
      if (after.status !== 404) problems.push(`${w.kind.name}: read after delete ${after.status}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
