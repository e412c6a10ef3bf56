// Writes the generated schemas (run after `npm run build`): graph-schema/datahub.graphql for
// /api/graphql, graph-schema/explorer.generated.graphql, the schema @neo4j/graphql generates for
// /api/graph from graph-schema/explorer.graphql. (The OpenAPI document is not committed: over DataHub's
// whole model it is about 11 MB; it is generated and checked in CI instead, docs/decisions/0022.)
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
