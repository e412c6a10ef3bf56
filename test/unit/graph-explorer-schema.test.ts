import { readFileSync } from 'node:fs';
import { Kind, parse, type DirectiveNode, type ValueNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { explorerSchema, explorerTypeDefs, printedExplorerSchema } from '../../src/graph-explorer/index.js';
import { defaultRegistry } from '../../src/registry/index.js';

const typeDefs = parse(explorerTypeDefs(defaultRegistry().relationshipTypes));
const strings = (v: ValueNode | undefined): string[] =>
  v?.kind === Kind.STRING ? [v.value] : v?.kind === Kind.LIST ? v.values.flatMap(strings) : [];
/** Every string argument `arg` of every `@name` directive in the type definitions. */
function directiveArgs(name: string, arg: string): Set<string> {
  const found = new Set<string>();
  const visit = (directives: readonly DirectiveNode[] | undefined) => {
    for (const d of directives ?? [])
      if (d.name.value === name)
        for (const a of d.arguments ?? [])
          if (a.name.value === arg) strings(a.value).forEach((s) => found.add(s));
  };
  for (const def of typeDefs.definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    visit(def.directives);
    for (const f of def.fields ?? []) visit(f.directives);
  }
  return found;
}

describe('the graph explorer schema', () => {
  it('matches the committed SDL (npm run schema:write refreshes it)', async () => {
    const committed = readFileSync(
      new URL('../../graph-schema/explorer.generated.graphql', import.meta.url),
      'utf8',
    );
    expect(await printedExplorerSchema()).toBe(committed);
  });

  it('is read-only: queries only, no mutation or subscription root', async () => {
    const schema = await explorerSchema();
    expect(schema.getMutationType()).toBeUndefined();
    expect(schema.getSubscriptionType()).toBeUndefined();
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(
      expect.arrayContaining([
        'datasets',
        'charts',
        'corpUsers',
        'tags',
        'mlModels',
        'entities',
        'anyEntities',
      ]),
    );
  });

  it("uses the registry's labels and relationship types, and covers every relationship type", () => {
    const registry = defaultRegistry();
    const labels = directiveArgs('node', 'labels');
    const types = directiveArgs('relationship', 'type');
    expect([...labels].filter((l) => l !== 'Entity' && !registry.labels.has(l))).toEqual([]);
    expect([...types].filter((t) => !registry.relationshipTypes.has(t))).toEqual([]);
    expect([...registry.relationshipTypes].filter((t) => !types.has(t))).toEqual([]);
  });
});
