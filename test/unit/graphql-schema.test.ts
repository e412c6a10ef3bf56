import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../src/graphql/schema.js';

describe('the GraphQL schema', () => {
  it('matches the committed SDL (npm run schema:write refreshes it)', async () => {
    const committed = readFileSync(new URL('../../graph-schema/datahub.graphql', import.meta.url), 'utf8');
    expect(await printedSchema()).toBe(committed);
  });
});
