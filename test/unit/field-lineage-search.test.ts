import { describe, expect, it } from 'vitest';
import { answeredFromWalk, searchFromWalk } from '../../src/services/lineage/field-lineage-search.js';
import type { LineageService } from '../../src/services/lineage/lineage-service.js';
import type { LineageSearchRequest } from '../../src/services/lineage/lineage-search-service.js';
import type { LineageHit } from '../../src/store/index.js';

const ds = (name: string, platform = 'hive', env = 'PROD') =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${env})`;
const f = (d: string, path: string) => `urn:li:schemaField:(${d},${path})`;
const START = f(ds('a'), 'x');
const reached = [f(ds('b'), 'y'), f(ds('c', 'kafka'), 'z'), f(ds('d', 'hive', 'DEV'), 'w')];

/** A lineage service whose walk reaches `reached` at degrees 1, 2, 3; `removed` are soft-deleted. */
function fakeLineage(removed: string[] = []): LineageService {
  const hits: LineageHit[] = reached.map((urn, i) => ({
    urn,
    entityType: 'schemaField',
    degree: i + 1,
    path: [START, ...reached.slice(0, i + 1)],
    type: 'DownstreamOf',
    createdOn: null,
    createdActor: null,
    ghost: true,
  }));
  return {
    limits: { maxHops: 10, maxVisited: 1000, maxPageSize: 100 },
    lineage: async (r: { degrees?: readonly number[] }) => {
      const kept = hits.filter((h) => !r.degrees?.length || r.degrees.includes(Math.min(h.degree, 3)));
      return { hits: kept, total: kept.length, partial: false, filtered: 0 };
    },
    removedAmong: async (urns: readonly string[]) => new Set(urns.filter((u) => removed.includes(u))),
  } as unknown as LineageService;
}

const request = (over: Partial<LineageSearchRequest> = {}): LineageSearchRequest => ({
  urn: START,
  direction: 'DOWNSTREAM',
  entities: [],
  input: '*',
  start: 0,
  count: 10,
  fieldsAsDatasets: false,
  ...over,
});

describe('column-level lineage search answered from the walk', () => {
  it('takes searches from a field with its fields as themselves, without text, sort or other criteria', () => {
    expect(answeredFromWalk(request(), [])).toBe(true);
    expect(answeredFromWalk(request({ input: '' }), [])).toBe(true);
    const sdk = [
      [
        { field: 'degree', values: ['1', '2', '3+'] },
        { field: 'removed', values: ['true'], negated: true },
      ],
    ];
    expect(answeredFromWalk(request(), sdk)).toBe(true);
    expect(answeredFromWalk(request({ fieldsAsDatasets: true }), [])).toBe(false);
    expect(answeredFromWalk(request({ fieldsAsDatasets: undefined }), [])).toBe(false);
    expect(answeredFromWalk(request({ urn: ds('a') }), [])).toBe(false);
    expect(answeredFromWalk(request({ input: 'amount' }), [])).toBe(false);
    expect(answeredFromWalk(request({ sort: [{ field: 'urn', order: 'ASCENDING' }] }), [])).toBe(false);
    expect(answeredFromWalk(request(), [[{ field: 'tags', values: ['urn:li:tag:x'] }]])).toBe(false);
    expect(
      answeredFromWalk(request(), [[{ field: 'platform', values: ['x'], condition: 'GREATER_THAN' }]]),
    ).toBe(false);
  });

  it('answers every field reached, filtered by platform, origin and removed, with facets and pages', async () => {
    const all = await searchFromWalk(fakeLineage(), request(), [], []);
    expect(all.hits.map((h) => [h.urn, h.degree])).toEqual(reached.map((u, i) => [u, i + 1]));
    expect(all.total).toBe(3);
    expect(all.facets).toEqual({
      degree: { '1': 1, '2': 1, '3+': 1 },
      entityType: { schemaField: 3 },
      platform: { 'urn:li:dataPlatform:hive': 2, 'urn:li:dataPlatform:kafka': 1 },
      origin: { PROD: 2, DEV: 1 },
    });
    const urns = async (groups: any[][], removed: string[] = []) =>
      (await searchFromWalk(fakeLineage(removed), request(), groups, [])).hits.map((h) => h.urn);
    expect(await urns([[{ field: 'platform', values: ['kafka'] }]])).toEqual([reached[1]]);
    expect(
      await urns([[{ field: 'platform', values: ['urn:li:dataPlatform:kafka'], negated: true }]]),
    ).toEqual([reached[0], reached[2]]);
    expect(await urns([[{ field: 'origin', values: ['dev'], condition: 'IEQUAL' }]])).toEqual([reached[2]]);
    expect(
      await urns([
        [{ field: 'platform', values: ['kaf'], condition: 'CONTAIN' }],
        [{ field: 'origin', values: ['DEV'] }],
      ]),
    ).toEqual([reached[1], reached[2]]);
    expect(
      await urns([[{ field: 'removed', values: ['true'], negated: true }]], [reached[0] as string]),
    ).toEqual([reached[1], reached[2]]);
    const page = await searchFromWalk(fakeLineage(), request({ start: 1, count: 1 }), [], []);
    expect(page.hits.map((h) => h.urn)).toEqual([reached[1]]);
    expect(page.total).toBe(3);
    expect(page.nextScrollId).toBeUndefined();
  });

  it('scrolls by offset to the end', async () => {
    const seen: string[] = [];
    let id: string | undefined;
    let start = 0;
    for (let i = 0; i < 5; i++) {
      const res = await searchFromWalk(fakeLineage(), request({ start, count: 2, scroll: { id } }), [], []);
      seen.push(...res.hits.map((h) => h.urn));
      id = res.nextScrollId;
      start += res.hits.length;
      if (!id) break;
    }
    expect(seen).toEqual(reached);
  });
});
