import { Field, Int, ObjectType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { make, str, type Json } from './common.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import {
  ContainerProperties,
  DataPlatformInstanceProperties,
  DataProductProperties,
  DomainProperties,
  GlossaryNodeProperties,
  namedField,
} from './kind-properties.js';
import { aspectFields, named } from './aspect-fields.js';
import { parentChain } from './asset-context.js';
import { KIND_INTERFACES, keyOf, kindBase } from './kind-types.js';
import { DataPlatform, idOf } from './people.js';
import { fields, req, TableObjectType } from './field-table.js';

/** The platform of an asset: its dataPlatformInstance's platform (DataHub's `platform` field). */
function platformOf(ctx: GraphQLContext, v: Json | undefined): DataPlatform {
  return new DataPlatform(ctx, str(v?.platform) ?? 'urn:li:dataPlatform:unknown');
}

/** The id in a URN, the name of what has no name of its own. */
const byId = (_: GraphQLContext, urn: string): string => idOf(urn);

@ObjectType({
  implements: KIND_INTERFACES,
  description: 'A container: a database, schema, folder, project...',
})
export class Container extends kindBase('container') {
  @Field(() => DataPlatform)
  async platform(): Promise<DataPlatform> {
    return platformOf(this.ctx, await this.aspect('dataPlatformInstance'));
  }
}
aspectFields(Container, {
  properties: namedField(ContainerProperties, 'containerProperties', byId, (v) => ({
    qualifiedName: str(v.qualifiedName),
    env: str(v.env),
  })),
});

@ObjectType({ implements: KIND_INTERFACES, description: 'A domain: a business area that owns assets' })
export class Domain extends kindBase('domain') {
  @Field(() => String) id(): string {
    return keyOf(this.ctx, this.urn).id ?? idOf(this.urn);
  }
}
aspectFields(Domain, {
  properties: namedField(DomainProperties, 'domainProperties', byId),
  parentDomain: {
    type: Domain,
    aspect: 'domainProperties',
    read: named('parentDomain'),
  },
});

@ObjectType({ implements: KIND_INTERFACES, description: 'A data product: assets published together' })
export class DataProduct extends kindBase('dataProduct') {}
aspectFields(DataProduct, { properties: namedField(DataProductProperties, 'dataProductProperties', byId) });

@TableObjectType()
export class ParentNodesResult extends fields({
  count: req(Int),
  nodes: req(() => [entityClass(EntityType.GLOSSARY_NODE)]),
}) {}

@ObjectType({ implements: KIND_INTERFACES, description: 'A glossary node: a folder of glossary terms' })
export class GlossaryNode extends kindBase('glossaryNode') {
  @Field(() => ParentNodesResult, { nullable: true })
  async parentNodes(): Promise<ParentNodesResult> {
    const first = str((await this.aspect('glossaryNodeInfo'))?.parentNode);
    const nodes = await parentChain(this.ctx, first, 'glossaryNodeInfo', 'parentNode', new Set([this.urn]));
    return make(ParentNodesResult, { count: nodes.length, nodes });
  }
}
aspectFields(GlossaryNode, {
  properties: namedField(GlossaryNodeProperties, 'glossaryNodeInfo', byId, (v) => ({
    description: str(v.definition),
  })),
});

@ObjectType({
  implements: KIND_INTERFACES,
  description: 'An instance of a data platform (an account, a cluster...)',
})
export class DataPlatformInstance extends kindBase('dataPlatformInstance') {
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, keyOf(this.ctx, this.urn).platform ?? 'urn:li:dataPlatform:unknown');
  }
  @Field(() => String) instanceId(): string {
    return keyOf(this.ctx, this.urn).instance ?? '';
  }
}
aspectFields(DataPlatformInstance, {
  properties: namedField(
    DataPlatformInstanceProperties,
    'dataPlatformInstanceProperties',
    (ctx, urn) => keyOf(ctx, urn).instance ?? '',
  ),
});

/** Registered with the other classes by `index.ts`; `entityClass` reads them lazily. */
export const CONTAINER_CLASSES = {
  [EntityType.CONTAINER]: Container,
  [EntityType.DOMAIN]: Domain,
  [EntityType.DATA_PRODUCT]: DataProduct,
  [EntityType.GLOSSARY_NODE]: GlossaryNode,
  [EntityType.DATA_PLATFORM_INSTANCE]: DataPlatformInstance,
};
