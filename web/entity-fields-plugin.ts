import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, isObjectType, type GraphQLNamedType } from 'graphql';
import type { Plugin } from 'vite';
import { PROPERTY_FIELDS, SECTION_FIELDS } from './src/entity/section-fields';

const ID = 'virtual:entity-fields';

/**
 * `virtual:entity-fields`: which of the entity page's sections each entity type has, and the type each
 * answers (`{ Dataset: { ownership: 'Ownership', ... } }`), with the fields of each properties type the
 * page reads, derived at build time from neohub's committed GraphQL schema (graph-schema/datahub.graphql),
 * so a kind's page follows the registry: a new kind or field costs no entry here.
 */
export function entityFields(): Plugin {
  const schemaFile = path.resolve(import.meta.dirname, '..', 'graph-schema', 'datahub.graphql');
  return {
    name: 'neohub-entity-fields',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      this.addWatchFile(schemaFile);
      const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
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
        types[t.name] = have;
      }
      return `export default ${JSON.stringify({ types, props })};`;
    },
  };
}
