// Writes the printed GraphQL SDL to graph-schema/datahub.graphql (run after `npm run build`).
import { writeFileSync } from 'node:fs';
const { printedSchema } = await import('../dist/src/graphql/schema.js');
writeFileSync(new URL('../graph-schema/datahub.graphql', import.meta.url), await printedSchema());
console.log('graph-schema/datahub.graphql written');
