import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthGraphql, type TestTokens } from '../support/auth.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';

// DataHub's `getTimeline` in GraphQL: an entity's history as its History tab reads it, from the same
// change events as the timeline API.

const { as, tokens, ingest } = useAuthGraphql();
let t: TestTokens;
beforeAll(() => {
  t = tokens();
});

const TIMELINE = `query ($i: GetTimelineInput!) { getTimeline(input: $i) {
  skippedVersionCount
  changeTransactions { timestampMillis lastSemanticVersion versionStamp changeType actor
    changes { urn category operation modifier description parameters { key value } auditStamp { time actor } } } } }`;

describe('getTimeline', () => {
  it("answers an entity's changes by category, oldest first, as DataHub's GraphQL names them", async () => {
    const urn = datasetUrn(`timeline_${unique()}`);
    await ingest([mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:Raw' }] })]);
    await ingest([
      mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:Raw' }, { tag: 'urn:li:tag:Gold' }] }),
      mcp(urn, 'ownership', {
        owners: [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }],
        lastModified: { time: 0, actor: 'urn:li:corpuser:ann' },
      }),
    ]);
    const all = (await as(t.reader).gqlOk(TIMELINE, { i: { urn } })).getTimeline;
    expect(all.skippedVersionCount).toBe(0);
    const changes = all.changeTransactions.flatMap((tx: any) => tx.changes);
    expect(changes.map((c: any) => [c.category, c.operation, c.modifier])).toEqual([
      ['TAG', 'ADD', 'urn:li:tag:Raw'],
      ['TAG', 'ADD', 'urn:li:tag:Gold'],
      ['OWNERSHIP', 'ADD', 'urn:li:corpuser:ann'],
    ]);
    const [first, second] = all.changeTransactions;
    expect(first.changeType).toBe('MODIFY');
    expect(second.timestampMillis).toBeGreaterThanOrEqual(first.timestampMillis);
    expect(second.lastSemanticVersion).toMatch(/^\d+\.\d+\.\d+-computed$/);
    expect(changes[0]).toMatchObject({ urn, description: expect.stringContaining('Raw') });
    expect(changes[0].auditStamp.time).toBe(first.timestampMillis);

    const owners = (await as(t.reader).gqlOk(TIMELINE, { i: { urn, changeCategories: ['OWNERSHIP'] } }))
      .getTimeline;
    expect(owners.changeTransactions.flatMap((tx: any) => tx.changes.map((c: any) => c.category))).toEqual([
      'OWNERSHIP',
    ]);
  });

  it('refuses an entity that does not exist, and a category GraphQL does not have', async () => {
    const missing = await as(t.reader).gql(TIMELINE, { i: { urn: datasetUrn(`nothing_${unique()}`) } });
    expect(missing.errors?.[0]?.message).toMatch(/not found/);
    const bad = await as(t.reader).gql(TIMELINE, {
      i: { urn: datasetUrn('x'), changeCategories: ['OWNER'] },
    });
    expect(bad.errors?.[0]?.message).toMatch(/OWNER/);
  });
});
