import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, httpClient, post } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call, gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
const TECH = 'urn:li:ownershipType:__system__technical_owner';
const BIZ = 'urn:li:ownershipType:__system__business_owner';

/** `ownership` as Rest.li answers it (the latest version). */
async function restliOwnership(urn: string): Promise<Record<string, any>> {
  const res = await get(rt.url, `/aspects/${enc(urn)}?aspect=ownership&version=0`);
  expect(res.status).toBe(200);
  return res.body.aspect['com.linkedin.common.Ownership'];
}

describe('ownership.ownerTypes, as DataHub computes it on every write of ownership', () => {
  it('Rest.li ingest: grouped by typeUrn, else the system type of `type`; what the client sent is replaced', async () => {
    const id = unique();
    const urn = datasetUrn(`ot_${id}`);
    const [a, b, c] = ['a', 'b', 'c'].map((n) => `urn:li:corpuser:ot_${n}_${id}`) as [string, string, string];
    const custom = `urn:li:ownershipType:steward.v2_${id}`;
    const res = await post(rt.url, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'ownership', {
        owners: [
          { owner: a, type: 'TECHNICAL_OWNER' },
          { owner: b, type: 'CUSTOM', typeUrn: custom },
          { owner: c, type: 'BUSINESS_OWNER' },
          { owner: a, type: 'TECHNICAL_OWNER', source: { type: 'MANUAL' } },
        ],
        ownerTypes: { 'urn:li:ownershipType:stale': ['urn:li:corpuser:stale'] },
      }),
    });
    expect(res.status).toBe(200);
    expect((await restliOwnership(urn)).ownerTypes).toEqual({
      [TECH]: [a],
      // Dots in a key are written %2E, as DataHub writes them.
      [custom.replaceAll('.', '%2E')]: [b],
      [BIZ]: [c],
    });
    // OpenAPI v3 answers the same stored value.
    const v3 = await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}/ownership`);
    expect(v3.status).toBe(200);
    expect(Object.keys(v3.body.value.ownerTypes).sort()).toEqual(
      [TECH, BIZ, custom.replaceAll('.', '%2E')].sort(),
    );
  });

  it('a PATCH adding an owner (Rest.li and OpenAPI v3) recomputes it inside the write', async () => {
    const id = unique();
    const urn = datasetUrn(`otp_${id}`);
    const [a, b] = ['a', 'b'].map((n) => `urn:li:corpuser:otp_${n}_${id}`) as [string, string];
    // As DataHub's Python SDK patches ownership: a path keyed by owner and type.
    const res = await post(rt.url, '/aspects?action=ingestProposal', {
      proposal: mcp(
        urn,
        'ownership',
        [{ op: 'add', path: `/owners/${a}/TECHNICAL_OWNER`, value: { owner: a, type: 'TECHNICAL_OWNER' } }],
        'PATCH',
      ),
    });
    expect(res.status).toBe(200);
    expect((await restliOwnership(urn)).ownerTypes).toEqual({ [TECH]: [a] });
    const patched = await call(
      'PATCH',
      `/openapi/v3/entity/dataset/${enc(urn)}/ownership`,
      {
        patch: [
          {
            op: 'add',
            path: `/owners/${b}/BUSINESS_OWNER`,
            value: { owner: b, type: 'BUSINESS_OWNER', typeUrn: BIZ },
          },
        ],
      },
      { 'Content-Type': 'application/json-patch+json' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.ownership.value.ownerTypes).toEqual({ [TECH]: [a], [BIZ]: [b] });
    expect((await restliOwnership(urn)).ownerTypes).toEqual({ [TECH]: [a], [BIZ]: [b] });
  });

  it('GraphQL addOwner and removeOwner, and a batch of several entities', async () => {
    const id = unique();
    const urn = datasetUrn(`otg_${id}`);
    const [a, b] = ['a', 'b'].map((n) => `urn:li:corpuser:otg_${n}_${id}`) as [string, string];
    const other = datasetUrn(`otg2_${id}`);
    const batch = await post(rt.url, '/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(a, 'corpUserKey', { username: `otg_a_${id}` }),
        mcp(b, 'corpUserKey', { username: `otg_b_${id}` }),
        mcp(urn, 'datasetProperties', { name: 'x' }),
        mcp(other, 'ownership', { owners: [{ owner: b, type: 'DATAOWNER' }] }),
      ],
    });
    expect(batch.status).toBe(200);
    expect((await restliOwnership(other)).ownerTypes).toEqual({
      'urn:li:ownershipType:__system__dataowner': [b],
    });
    for (const [owner, type] of [
      [a, TECH],
      [b, BIZ],
    ] as const)
      await ok(
        `mutation { addOwner(input: {ownerUrn: "${owner}", ownerEntityType: CORP_USER, resourceUrn: "${urn}",
          ownershipTypeUrn: "${type}"}) }`,
      );
    expect((await restliOwnership(urn)).ownerTypes).toEqual({ [TECH]: [a], [BIZ]: [b] });
    await ok(`mutation { removeOwner(input: {ownerUrn: "${a}", resourceUrn: "${urn}"}) }`);
    expect((await restliOwnership(urn)).ownerTypes).toEqual({ [BIZ]: [b] });
  });
});
