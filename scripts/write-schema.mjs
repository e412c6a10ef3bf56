// Writes the generated schemas (run after `npm run build`): graph-schema/datahub.graphql for
// /api/graphql, graph-schema/explorer.generated.graphql, the schema @neo4j/graphql generates for
// /api/graph from graph-schema/explorer.graphql, and graph-schema/openapi.json, the OpenAPI document
// served at /openapi/v3/api-docs.
import { writeFileSync } from 'node:fs';
const { printedSchema } = await import('../dist/src/graphql/schema.js');
writeFileSync(new URL('../graph-schema/datahub.graphql', import.meta.url), await printedSchema());
console.log('graph-schema/datahub.graphql written');
const { printedExplorerSchema } = await import('../dist/src/graph-explorer/index.js');
writeFileSync(
  new URL('../graph-schema/explorer.generated.graphql', import.meta.url),
  await printedExplorerSchema(),
);
console.log('graph-schema/explorer.generated.graphql written');
const { defaultRegistry } = await import('../dist/src/registry/index.js');
const { openApiJson } = await import('../dist/rest-compat/openapi/document/index.js');
writeFileSync(new URL('../graph-schema/openapi.json', import.meta.url), openApiJson(defaultRegistry()));
console.log('graph-schema/openapi.json written');
