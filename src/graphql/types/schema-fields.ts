import { Field, ObjectType } from 'type-graphql';
import { schemaFieldPath } from '../../services/index.js';
import { aspectFields, type AspectField } from './aspect-fields.js';
import { list, make, num, obj, str } from './common.js';
import { Entity } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { fields, opt, req, TableObjectType } from './field-table.js';
import { KIND_INTERFACES, keyOf, kindBase } from './kind-types.js';
import { Long } from './scalars.js';
import { stringMap, StringMapEntry } from './string-map.js';

/** Who or what wrote a piece of metadata, and when. */
@TableObjectType()
export class MetadataAttribution extends fields({
  time: req(Long),
  actor: req(Entity),
  source: opt(Entity),
  sourceDetail: opt([StringMapEntry]),
}) {}

@TableObjectType()
export class DocumentationAssociation extends fields({
  documentation: req(String),
  attribution: opt(MetadataAttribution),
}) {}

/** Documentation from several sources (the `documentation` aspect). */
@TableObjectType()
export class Documentation extends fields({ documentations: req([DocumentationAssociation]) }) {}

/** The `documentation` field of the kinds that have the aspect. */
export const documentation: AspectField = {
  type: Documentation,
  aspect: 'documentation',
  read: (ctx, v) =>
    make(Documentation, {
      documentations: list(v.documentations).map((d) => {
        const a = obj(d.attribution);
        const actor = a ? ctx.entity(str(a.actor) ?? '') : undefined;
        return make(DocumentationAssociation, {
          documentation: str(d.documentation) ?? '',
          attribution:
            a && actor
              ? make(MetadataAttribution, {
                  time: num(a.time) ?? 0,
                  actor,
                  source: ctx.entity(str(a.source) ?? ''),
                  sourceDetail: stringMap(a.sourceDetail),
                })
              : undefined,
        });
      }),
    }),
};

@TableObjectType()
export class BusinessAttributeAssociation extends fields({
  businessAttribute: req(() => entityClass(EntityType.BUSINESS_ATTRIBUTE)),
  associatedUrn: req(String),
}) {}

/** The business attribute of a schema field (its `businessAttributes` aspect). */
@TableObjectType()
export class BusinessAttributes extends fields({ businessAttribute: opt(BusinessAttributeAssociation) }) {}

/** A field of a dataset's schema as an entity of its own: `urn:li:schemaField:(<dataset>,<path>)`. */
@ObjectType({ implements: KIND_INTERFACES, description: "A field of a dataset's schema, as an entity" })
export class SchemaFieldEntity extends kindBase('schemaField') {
  @Field(() => String) fieldPath(): string {
    return schemaFieldPath(keyOf(this.ctx, this.urn).fieldPath ?? '');
  }
  /** The dataset (or other entity) whose schema has the field. */
  @Field(() => Entity) parent(): Entity | undefined {
    return this.ctx.entity(keyOf(this.ctx, this.urn).parent ?? '');
  }
}
aspectFields(SchemaFieldEntity, {
  documentation,
  businessAttributes: {
    type: BusinessAttributes,
    aspect: 'businessAttributes',
    read: (ctx, v, urn) => {
      const attribute = str(obj(v.businessAttribute)?.businessAttributeUrn);
      const entity = attribute ? ctx.entity(attribute) : undefined;
      return make(BusinessAttributes, {
        businessAttribute:
          entity && make(BusinessAttributeAssociation, { businessAttribute: entity, associatedUrn: urn }),
      });
    },
  },
});
