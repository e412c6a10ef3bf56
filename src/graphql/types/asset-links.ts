import type { GraphQLContext } from '../context.js';
import { showWhereAspect } from './aspect-fields.js';
import { list, make, obj, str, type Json } from './common.js';
import { schemaFieldOf, SchemaField } from './dataset.js';
import type { EntityClass } from './entity-classes.js';
import { Entity } from './entity.js';
import type { EntityType } from './entity-type.js';
import { fields, opt, TableObjectType } from './field-table.js';

// What links an asset to others beside lineage: its siblings (a dbt model and its warehouse table), and
// the schema fields a chart or dashboard reads.

@TableObjectType()
export class SiblingProperties extends fields({
  isPrimary: opt(Boolean),
  siblings: opt([Entity], { nullable: 'itemsAndList' }),
}) {}

@TableObjectType()
export class InputField extends fields({ schemaFieldUrn: opt(String), schemaField: opt(SchemaField) }) {}

@TableObjectType()
export class InputFields extends fields({ fields: opt([InputField], { nullable: 'itemsAndList' }) }) {}

const siblings = (ctx: GraphQLContext, v: Json): SiblingProperties =>
  make(SiblingProperties, {
    isPrimary: v.primary === true,
    siblings: (Array.isArray(v.siblings) ? v.siblings : [])
      .filter((u): u is string => typeof u === 'string')
      .map((u) => ctx.entity(u))
      .filter((e): e is Entity => e !== undefined),
  });

/** A field a chart reads: its URN, and the field as stored beside it (of the dataset the URN names). */
const inputFields = (ctx: GraphQLContext, v: Json): InputFields =>
  make(InputFields, {
    fields: list(v.fields).map((f) => {
      const urn = str(f.schemaFieldUrn);
      const parent = urn?.match(/^urn:li:schemaField:\((.*),[^,]*\)$/)?.[1] ?? '';
      const field = obj(f.schemaField);
      return make(InputField, {
        schemaFieldUrn: urn,
        schemaField: field ? schemaFieldOf(ctx, field, parent) : undefined,
      });
    }),
  });

/** `siblings` and `inputFields` on every kind whose registry entity has the aspect. */
export function showAssetLinks(classes: Partial<Record<EntityType, EntityClass>>): void {
  showWhereAspect(classes, 'siblings', {
    siblings: { type: SiblingProperties, aspect: 'siblings', read: siblings },
  });
  showWhereAspect(classes, 'inputFields', {
    inputFields: { type: InputFields, aspect: 'inputFields', read: inputFields },
  });
}
