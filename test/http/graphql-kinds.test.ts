/**
 * GraphQL types of the kinds ingestion emits most (issue 17, item 7), with DataHub's names and fields, and
 * lineage through data jobs and process instances (item 3): what DataHub's ingestion and SDK write, read
 * back as DataHub's UI and SDK read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());
const { call, gqlOk } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });

const STAMP = { time: 1_764_000_000_000, actor: 'urn:li:corpuser:ingestion' };

async function ingest(...proposals: Record<string, unknown>[]): Promise<void> {
  const res = await call('POST', '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, res.text).toBe(200);
}

describe('GraphQL types of the model kinds', () => {
  it('containers, domains, sub-types, platform instances and browse paths of an asset', async () => {
    const u = unique();
    const db = `urn:li:container:db${u}`;
    const schema = `urn:li:container:schema${u}`;
    const domain = `urn:li:domain:finance${u}`;
    const instance = `urn:li:dataPlatformInstance:(urn:li:dataPlatform:sqlite,inst${u})`;
    const ds = datasetUrn(`main.orders${u}`, 'sqlite');
    await ingest(
      mcp(db, 'containerProperties', { name: `db${u}`, qualifiedName: `/tmp/db${u}.sqlite` }),
      mcp(db, 'subTypes', { typeNames: ['Database'] }),
      mcp(db, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:sqlite', instance }),
      mcp(db, 'browsePaths', { paths: ['/sqlite/prod'] }),
      mcp(schema, 'containerProperties', { name: 'main' }),
      mcp(schema, 'subTypes', { typeNames: ['Schema'] }),
      mcp(schema, 'container', { container: db }),
      mcp(domain, 'domainProperties', { name: 'Finance', description: 'Money' }),
      mcp(instance, 'dataPlatformInstanceProperties', { name: 'Instance one' }),
      mcp(ds, 'container', { container: schema }),
      mcp(ds, 'subTypes', { typeNames: ['Table'] }),
      mcp(ds, 'domains', { domains: [domain] }),
      mcp(ds, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:sqlite', instance }),
      mcp(ds, 'browsePathsV2', {
        path: [
          { id: db, urn: db },
          { id: schema, urn: schema },
        ],
      }),
    );
    const data = await gqlOk(
      `query ($ds: String!, $db: String!, $domain: String!) {
        dataset(urn: $ds) {
          subTypes { typeNames }
          container { urn properties { name } }
          parentContainers { count containers { urn subTypes { typeNames } } }
          domain { domain { urn id properties { name description } } }
          dataPlatformInstance { urn instanceId platform { urn } properties { name } }
          browsePathV2 { path { name entity { urn } } }
        }
        container(urn: $db) {
          urn type platform { urn } properties { name qualifiedName } subTypes { typeNames } browsePaths { path }
        }
        domain(urn: $domain) { urn type properties { name } }
      }`,
      { ds, db, domain },
    );
    expect(data.dataset).toEqual({
      subTypes: { typeNames: ['Table'] },
      container: { urn: schema, properties: { name: 'main' } },
      parentContainers: {
        count: 2,
        containers: [
          { urn: schema, subTypes: { typeNames: ['Schema'] } },
          { urn: db, subTypes: { typeNames: ['Database'] } },
        ],
      },
      domain: {
        domain: { urn: domain, id: `finance${u}`, properties: { name: 'Finance', description: 'Money' } },
      },
      dataPlatformInstance: {
        urn: instance,
        instanceId: `inst${u}`,
        platform: { urn: 'urn:li:dataPlatform:sqlite' },
        properties: { name: 'Instance one' },
      },
      browsePathV2: {
        path: [
          { name: `db${u}`, entity: { urn: db } },
          { name: 'main', entity: { urn: schema } },
        ],
      },
    });
    expect(data.container).toEqual({
      urn: db,
      type: 'CONTAINER',
      platform: { urn: 'urn:li:dataPlatform:sqlite' },
      properties: { name: `db${u}`, qualifiedName: `/tmp/db${u}.sqlite` },
      subTypes: { typeNames: ['Database'] },
      browsePaths: [{ path: ['sqlite', 'prod'] }],
    });
    expect(data.domain).toEqual({ urn: domain, type: 'DOMAIN', properties: { name: 'Finance' } });
  });

  it('flows, jobs with inputs and outputs, runs, queries and glossary nodes; lineage dataset -> job -> dataset', async () => {
    const u = unique();
    const flow = `urn:li:dataFlow:(airflow,etl${u},prod)`;
    const job = `urn:li:dataJob:(${flow},load)`;
    const src = datasetUrn(`raw${u}`);
    const dst = datasetUrn(`clean${u}`);
    const run = `urn:li:dataProcessInstance:run${u}`;
    const model = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,model${u},PROD)`;
    const query = `urn:li:query:q${u}`;
    const parent = `urn:li:glossaryNode:parent${u}`;
    const child = `urn:li:glossaryNode:child${u}`;
    await ingest(
      mcp(flow, 'dataFlowInfo', { name: `ETL ${u}`, project: 'warehouse' }),
      mcp(job, 'dataJobInfo', { name: 'Load', type: { string: 'COMMAND' } }),
      mcp(job, 'dataJobInputOutput', { inputDatasets: [src], outputDatasets: [dst] }),
      mcp(src, 'status', { removed: false }),
      mcp(dst, 'status', { removed: false }),
      mcp(run, 'dataProcessInstanceProperties', { name: `run ${u}`, created: STAMP }),
      mcp(run, 'dataProcessInstanceRelationships', { parentTemplate: job, upstreamInstances: [] }),
      mcp(run, 'dataProcessInstanceInput', { inputs: [], inputEdges: [{ destinationUrn: dst }] }),
      mcp(run, 'dataProcessInstanceOutput', { outputs: [], outputEdges: [{ destinationUrn: model }] }),
      mcp(model, 'status', { removed: false }),
      mcp(query, 'queryProperties', {
        statement: { value: 'SELECT * FROM raw', language: 'SQL' },
        source: 'SYSTEM',
        created: STAMP,
        lastModified: STAMP,
      }),
      mcp(query, 'querySubjects', { subjects: [{ entity: src }] }),
      mcp(parent, 'glossaryNodeInfo', { definition: 'Parent', name: 'Parent' }),
      mcp(child, 'glossaryNodeInfo', { definition: 'Child', name: 'Child', parentNode: parent }),
    );
    const data = await gqlOk(
      `query ($job: String!, $run: String!, $child: String!) {
        dataJob(urn: $job) {
          type jobId platform { urn }
          dataFlow { urn orchestrator flowId cluster properties { name project } }
          properties { name }
          inputOutput { inputDatasets { urn } outputDatasets { urn } }
        }
        dataProcessInstance(urn: $run) { name created { time } parentTemplate { urn } }
        glossaryNode(urn: $child) { properties { name description } parentNodes { count nodes { urn } } }
        entity(urn: "${query}") { ... on QueryEntity { properties { statement { value language } source } subjects { dataset { urn } } } }
      }`,
      { job, run, child },
    );
    expect(data.dataJob).toEqual({
      type: 'DATA_JOB',
      jobId: 'load',
      platform: { urn: 'urn:li:dataPlatform:airflow' },
      dataFlow: {
        urn: flow,
        orchestrator: 'airflow',
        flowId: `etl${u}`,
        cluster: 'prod',
        properties: { name: `ETL ${u}`, project: 'warehouse' },
      },
      properties: { name: 'Load' },
      inputOutput: { inputDatasets: [{ urn: src }], outputDatasets: [{ urn: dst }] },
    });
    expect(data.dataProcessInstance).toEqual({
      name: `run ${u}`,
      created: { time: STAMP.time },
      parentTemplate: { urn: job },
    });
    expect(data.glossaryNode).toEqual({
      properties: { name: 'Child', description: 'Child' },
      parentNodes: { count: 1, nodes: [{ urn: parent }] },
    });
    expect(data.entity).toEqual({
      properties: { statement: { value: 'SELECT * FROM raw', language: 'SQL' }, source: 'SYSTEM' },
      subjects: [{ dataset: { urn: src } }],
    });

    // Lineage through the job (Consumes / Produces) and on through the run (its input and output edges);
    // searchAcrossLineage answers from the search index, so it waits for the sync.
    expect(await rt.services.search.waitForIndex()).toBe(true);
    const downstream = await gqlOk(
      `query ($urn: String!) {
        searchAcrossLineage(input: {urn: $urn, direction: DOWNSTREAM, query: "*", count: 20}) {
          searchResults { degree entity { urn type } }
        }
      }`,
      { urn: src },
    );
    const reached = Object.fromEntries(
      downstream.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r.degree]),
    );
    expect(reached).toMatchObject({ [job]: 1, [dst]: 2, [run]: 3, [model]: 4 });
    const upstream = await gqlOk(
      `query ($urn: String!) { dataset(urn: $urn) { lineage(input: {direction: UPSTREAM, count: 10}) { relationships { type entity { urn } } } } }`,
      { urn: dst },
    );
    expect(upstream.dataset.lineage.relationships).toEqual([{ type: 'Produces', entity: { urn: job } }]);
  });

  it('column-level lineage: a walk from a field follows fine-grained lineage, which its aspect owns', async () => {
    const u = unique();
    const a = datasetUrn(`cll_a${u}`);
    const b = datasetUrn(`cll_b${u}`);
    const c = datasetUrn(`cll_c${u}`);
    const f = (ds: string, col: string) => `urn:li:schemaField:(${ds},${col})`;
    const fine = (down: string, ups: string[]) => ({
      upstreamType: 'FIELD_SET',
      upstreams: ups,
      downstreamType: 'FIELD',
      downstreams: [down],
    });
    await ingest(
      mcp(a, 'status', { removed: false }),
      mcp(b, 'upstreamLineage', {
        upstreams: [{ dataset: a, type: 'TRANSFORMED' }],
        fineGrainedLineages: [
          fine(f(b, 'id'), [f(a, 'id')]),
          fine(f(b, 'name'), [f(a, 'first'), f(a, 'last')]),
        ],
      }),
      mcp(c, 'upstreamLineage', {
        upstreams: [{ dataset: b, type: 'TRANSFORMED' }],
        fineGrainedLineages: [fine(f(c, 'id'), [f(b, 'id')])],
      }),
    );
    // Rest.li getLineage (the GraphQL lineage field serves the same walk, on entities that exist).
    const walk = async (urn: string, direction: string) => {
      const res = await call('POST', '/relationships?action=getLineage', {
        urn,
        direction,
        maxHops: 3,
        count: 50,
      });
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries(res.body.value.relationships.map((r: any) => [r.entity, r.degree]));
    };
    expect(await walk(f(c, 'id'), 'UPSTREAM')).toEqual({ [f(b, 'id')]: 1, [f(a, 'id')]: 2 });
    expect(await walk(f(a, 'first'), 'DOWNSTREAM')).toEqual({ [f(b, 'name')]: 1 });
    // Dataset lineage is unchanged: datasets only.
    expect(await walk(c, 'UPSTREAM')).toEqual({ [b]: 1, [a]: 2 });

    // Rewriting the aspect replaces the field edges it owns; a hard delete removes them.
    await ingest(
      mcp(b, 'upstreamLineage', {
        upstreams: [{ dataset: a, type: 'TRANSFORMED' }],
        fineGrainedLineages: [fine(f(b, 'id'), [f(a, 'id')])],
      }),
    );
    expect(await walk(f(a, 'first'), 'DOWNSTREAM')).toEqual({});
    expect(await walk(f(c, 'id'), 'UPSTREAM')).toEqual({ [f(b, 'id')]: 1, [f(a, 'id')]: 2 });
    expect((await call('POST', '/entities?action=delete', { urn: b })).status).toBe(200);
    expect(await walk(f(c, 'id'), 'UPSTREAM')).toEqual({ [f(b, 'id')]: 1 });
  });
});
