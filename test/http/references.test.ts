/**
 * `/entities?action=deleteReferences` (issue 18, DataHub's `delete_references_to_urn`): every reference
 * to an entity leaves the aspects that hold it; an aspect not valid without it goes; a dry run counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const write = (urn: string, aspect: string, value: unknown) =>
  post(rt.url, '/aspects?action=ingestProposal', { proposal: mcp(urn, aspect, value) });
const aspectOf = async (urn: string, aspect: string) => {
  const res = await get(rt.url, `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}`);
  return res.status === 200 ? res.body.value : undefined;
};

describe('deleteReferences', () => {
  it('removes the tag and the container from the aspects that refer to them', async () => {
    const u = unique();
    const [a, b] = [datasetUrn(`refs_${u}_a`), datasetUrn(`refs_${u}_b`)];
    const tag = `urn:li:tag:gone_${u}`;
    const other = `urn:li:tag:kept_${u}`;
    const box = `urn:li:container:box_${u}`;
    for (const d of [a, b]) await write(d, 'globalTags', { tags: [{ tag }, { tag: other }] });
    await write(a, 'container', { container: box });

    const dry = await post(rt.url, '/entities?action=deleteReferences', { urn: tag, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.value).toEqual({
      total: 2,
      relatedAspects: [
        { relationshipType: 'TaggedWith', entity: a, aspect: 'globalTags' },
        { relationshipType: 'TaggedWith', entity: b, aspect: 'globalTags' },
      ],
    });
    expect((await aspectOf(a, 'globalTags')).tags).toHaveLength(2);

    const done = await post(rt.url, '/entities?action=deleteReferences', { urn: tag });
    expect(done.body.value.total).toBe(2);
    for (const d of [a, b]) expect((await aspectOf(d, 'globalTags')).tags).toEqual([{ tag: other }]);
    const again = await post(rt.url, '/entities?action=deleteReferences', { urn: tag, dryRun: true });
    expect(again.body.value).toEqual({ total: 0, relatedAspects: [] });

    // `container` needs its container: without it, the aspect goes.
    await post(rt.url, '/entities?action=deleteReferences', { urn: box });
    expect(await aspectOf(a, 'container')).toBeUndefined();
    expect((await aspectOf(a, 'globalTags')).tags).toEqual([{ tag: other }]);

    expect((await post(rt.url, '/entities?action=deleteReferences', {})).status).toBe(400);
    expect((await post(rt.url, '/entities?action=deleteReferences', { urn: 'nope' })).status).toBe(400);
  });
});
