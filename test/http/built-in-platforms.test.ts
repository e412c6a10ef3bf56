import { afterAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { BUILT_IN_PLATFORMS } from '../../src/services/index.js';
import { get, post } from '../support/http.js';
import { enc, mcp, startTestServer } from '../support/runtime.js';

const INFO = 'com.linkedin.dataplatform.DataPlatformInfo';
let rt: Runtime | undefined;
afterAll(async () => rt?.stop());

async function info(urn: string): Promise<Record<string, unknown> | undefined> {
  const res = await get(rt!.url, `/aspects/${enc(urn)}?aspect=dataPlatformInfo&version=0`);
  return res.status === 200 ? res.body.aspect[INFO] : undefined;
}

describe("DataHub's built-in data platforms", () => {
  it('are there after start-up, with DataHub’s names, display names, types and logos', async () => {
    rt = await startTestServer();
    expect(Object.keys(BUILT_IN_PLATFORMS).length).toBeGreaterThan(100);
    expect(await info('urn:li:dataPlatform:OpenApi')).toMatchObject({
      name: 'openapi',
      displayName: 'OpenAPI',
      type: 'OTHERS',
      datasetNameDelimiter: '.',
    });
    expect(await info('urn:li:dataPlatform:vertexai')).toMatchObject({ displayName: 'vertexai' });
    expect(await info('urn:li:dataPlatform:snowflake')).toEqual({
      name: 'snowflake',
      displayName: 'Snowflake',
      type: 'RELATIONAL_DB',
      datasetNameDelimiter: '.',
      logoUrl: 'assets/platforms/snowflakelogo.png',
    });
    const gql = await post(rt.url, '/api/graphql', {
      query: `{ dataPlatform(urn: "urn:li:dataPlatform:snowflake") { name properties { displayName type } } }`,
    });
    expect(gql.body.data.dataPlatform).toEqual({
      name: 'snowflake',
      properties: { displayName: 'Snowflake', type: 'RELATIONAL_DB' },
    });
  });

  it('a restart writes the missing ones only: a platform a user changed keeps the change', async () => {
    // Two built-in platforms few tests would read: one changed by a user, one whose info was removed.
    const changed = 'urn:li:dataPlatform:ambry';
    const removed = 'urn:li:dataPlatform:voldemort';
    const original = BUILT_IN_PLATFORMS[changed];
    rt ??= await startTestServer();
    try {
      const mine = { ...original, displayName: 'Our Ambry' };
      const res = await post(rt.url, '/aspects?action=ingestProposalBatch', {
        proposals: [mcp(changed, 'dataPlatformInfo', mine), mcp(removed, 'dataPlatformInfo', {}, 'DELETE')],
      });
      expect(res.status).toBe(200);
      expect(await info(removed)).toBeUndefined();
      await rt.stop();
      rt = undefined;
      const started = Date.now();
      rt = await startTestServer();
      const took = Date.now() - started;
      expect(await info(changed)).toEqual(mine);
      expect(await info(removed)).toEqual(BUILT_IN_PLATFORMS[removed]);
      // Start-up reads the list in one query and writes one batch: no noticeable cost.
      expect(took).toBeLessThan(30_000);
    } finally {
      if (rt)
        await post(rt.url, '/aspects?action=ingestProposal', {
          proposal: mcp(changed, 'dataPlatformInfo', original),
        });
    }
  });
});
