/**
 * DataHub's MCP server's GraphQL, timed (issue 37): its `GetEntity` on a dataset of 100 columns (with
 * owners, tags, terms, a domain and a container) and its `search` over the catalog, each sent
 * `MCP_BENCH_REPEAT` times (default 200) after 20 of warm-up, one at a time; p50, p95 and max.
 *
 * Against a running neohub (`MCP_BENCH_URL`, default http://127.0.0.1:18090, authentication off, or a
 * token in `MCP_BENCH_TOKEN`), with the documents of the `mcp-server-datahub` package in `.venv` (the
 * test command installs it). Run: `npm run --silent build && node dist/bench/mcp-queries.js`. Prints one
 * JSON object.
 */
import { randomUUID } from 'node:crypto';
import { mcpDocuments, mcpPackageDir } from '../test/support/mcp-operations.js';

const BASE = process.env.MCP_BENCH_URL ?? 'http://127.0.0.1:18090';
const REPEAT = Number(process.env.MCP_BENCH_REPEAT ?? 200);
const HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  ...(process.env.MCP_BENCH_TOKEN ? { authorization: `Bearer ${process.env.MCP_BENCH_TOKEN}` } : {}),
};

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE}${path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 || json.errors)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const proposal = (urn: string, aspectName: string, value: unknown) => ({
  entityType: urn.split(':')[2],
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

/** A dataset of 100 columns with what an entity page shows; its URN. */
async function seed(id: string): Promise<string> {
  const urn = `urn:li:dataset:(urn:li:dataPlatform:postgres,mcpbench_${id}.orders,PROD)`;
  const audit = { time: 1700000000000, actor: 'urn:li:corpuser:mcpbench' };
  const fields = Array.from({ length: 100 }, (_, i) => ({
    fieldPath: `column_${i}`,
    nativeDataType: 'VARCHAR',
    type: { type: { 'com.linkedin.schema.StringType': {} } },
    description: `column ${i} of the orders`,
  }));
  const proposals = [
    proposal(urn, 'datasetProperties', { name: 'orders', description: 'every order' }),
    proposal(urn, 'schemaMetadata', {
      schemaName: 'orders',
      platform: 'urn:li:dataPlatform:postgres',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
      fields,
    }),
    proposal(urn, 'ownership', {
      owners: [{ owner: `urn:li:corpuser:mcpbench_${id}`, type: 'TECHNICAL_OWNER' }],
      lastModified: audit,
    }),
    proposal(urn, 'globalTags', { tags: [{ tag: `urn:li:tag:mcpbench_${id}` }] }),
    proposal(urn, 'glossaryTerms', {
      terms: [{ urn: `urn:li:glossaryTerm:mcpbench_${id}` }],
      auditStamp: audit,
    }),
    proposal(`urn:li:domain:mcpbench_${id}`, 'domainProperties', { name: `Sales ${id}` }),
    proposal(urn, 'domains', { domains: [`urn:li:domain:mcpbench_${id}`] }),
    proposal(`urn:li:container:mcpbench_${id}`, 'containerProperties', { name: `shop ${id}` }),
    proposal(urn, 'container', { container: `urn:li:container:mcpbench_${id}` }),
  ];
  await post('/aspects?action=ingestProposalBatch', { proposals });
  return urn;
}

/** Milliseconds of `REPEAT` requests after a warm-up: p50, p95, max. */
async function timed(body: () => unknown): Promise<{ p50Ms: number; p95Ms: number; maxMs: number }> {
  for (let i = 0; i < 20; i++) await post('/api/graphql', body());
  const ms: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t = performance.now();
    await post('/api/graphql', body());
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0) * 10) / 10;
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

async function main(): Promise<void> {
  const dir = mcpPackageDir(process.cwd());
  if (typeof dir !== 'string') throw new Error(dir.missing);
  const docs = mcpDocuments(dir);
  const entity = docs.get('entity_details.gql') as string;
  const search = docs.get('search.gql') as string;
  const urn = await seed(randomUUID().slice(0, 8));
  const getEntity = await timed(() => ({ query: entity, operationName: 'GetEntity', variables: { urn } }));
  const searchAll = await timed(() => ({
    query: search,
    operationName: 'search',
    variables: { query: '*', count: 10, start: 0, types: [], orFilters: [] },
  }));
  console.log(
    JSON.stringify({ repeat: REPEAT, getEntity100Columns: getEntity, searchMatchAll: searchAll }, null, 2),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
