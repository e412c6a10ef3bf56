import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, isObjectType, type GraphQLNamedType } from 'graphql';
import type { Plugin } from 'vite';
import { PROPERTY_FIELDS, RELATIONSHIP_SECTIONS, SECTION_FIELDS } from './src/entity/section-fields';

const ID = 'virtual:entity-fields';

/**
 * `virtual:entity-fields`: which of the entity page's sections each entity type has, and the type each
 * answers (`{ Dataset: { ownership: 'Ownership', ... } }`), with the fields of each properties type the
 * page reads, derived at build time from neohub's committed GraphQL schema (graph-schema/datahub.graphql),
 * so a kind's page follows the registry: a new kind or field costs no entry here. The sections asked
 * through `relationships` (RELATIONSHIP_SECTIONS) go to the kinds the registry's model lets be the
 * relationship's end (`dataProductProperties` names the kinds a data product holds).
 */
export function entityFields(): Plugin {
  const schemaFile = path.resolve(import.meta.dirname, '..', 'graph-schema', 'datahub.graphql');
  const modelFile = path.resolve(
    import.meta.dirname,
    '..',
    'src',
    'registry',
    'generated',
    'datahub-model.json',
  );
  return {
    name: 'neohub-entity-fields',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      this.addWatchFile(schemaFile);
      this.addWatchFile(modelFile);
      const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
      const ends = relationshipEnds(JSON.parse(readFileSync(modelFile, 'utf8')) as Model);
      const types: Record<string, Record<string, string>> = {};
      const props: Record<string, string[]> = {};
      const propsOf = (t: GraphQLNamedType) => {
        if (!isObjectType(t) || props[t.name]) return;
        props[t.name] = PROPERTY_FIELDS.filter((f) => t.getFields()[f]);
      };
      for (const t of Object.values(schema.getTypeMap())) {
        if (!isObjectType(t) || !t.getInterfaces().some((i) => i.name === 'Entity')) continue;
        const have: Record<string, string> = {};
        for (const f of SECTION_FIELDS) {
          const field = t.getFields()[f];
          if (!field) continue;
          const named = getNamedType(field.type);
          have[f] = named.name;
          if (f === 'properties' || f === 'editableProperties' || f === 'info') propsOf(named);
        }
        const relationships = t.getFields().relationships;
        for (const [f, r] of Object.entries(RELATIONSHIP_SECTIONS))
          if (relationships && ends.get(r.relationship)?.has(t.name.toLowerCase()))
            have[f] = getNamedType(relationships.type).name;
        types[t.name] = have;
      }
      return `export default ${JSON.stringify({ types, props })};`;
    },
  };
}

/** What the plugin reads of the registry's generated model: each aspect's relationships. */
interface Model {
  aspects: Record<string, { relationships?: { name: string; entityTypes?: string[] }[] }>;
}

/**
 * The kinds each relationship may end at, as lower-case names: a kind's GraphQL type is its name
 * capitalized (`dataJob`, DataJob; `mlModel`, MLModel), so the two meet lower-cased.
 */
function relationshipEnds(model: Model): Map<string, Set<string>> {
  const ends = new Map<string, Set<string>>();
  for (const aspect of Object.values(model.aspects))
    for (const r of aspect.relationships ?? []) {
      const kinds = ends.get(r.name) ?? new Set<string>();
      for (const k of r.entityTypes ?? []) kinds.add(k.toLowerCase());
      ends.set(r.name, kinds);
    }
  return ends;
}
