import { Field, Int, ObjectType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { make, str, type Json } from './common.js';
import type { Entity } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import {
  ContainerProperties,
  DataPlatformInstanceProperties,
  DataProductProperties,
  DomainProperties,
  GlossaryNodeProperties,
  namedProperties,
} from './kind-properties.js';
import { parentChain } from './asset-context.js';
import { KIND_INTERFACES, keyOf, kindBase } from './kind-types.js';
import { DataPlatform, idOf } from './people.js';
import { fields, req, TableObjectType } from './field-table.js';

/** The platform of an asset: its dataPlatformInstance's platform (DataHub's `platform` field). */
function platformOf(ctx: GraphQLContext, v: Json | undefined): DataPlatform {
  return new DataPlatform(ctx, str(v?.platform) ?? 'urn:li:dataPlatform:unknown');
}

@ObjectType({
  implements: KIND_INTERFACES,
  description: 'A container: a database, schema, folder, project...',
})
export class Container extends kindBase('container') {
  @Field(() => ContainerProperties, { nullable: true })
  async properties(): Promise<ContainerProperties | undefined> {
    const v = await this.aspect('containerProperties');
    return v
      ? namedProperties(ContainerProperties, v, this.urn, idOf(this.urn), {
          qualifiedName: str(v.qualifiedName),
          env: str(v.env),
        })
      : undefined;
  }
  @Field(() => DataPlatform)
  async platform(): Promise<DataPlatform> {
    return platformOf(this.ctx, await this.aspect('dataPlatformInstance'));
  }
}

@ObjectType({ implements: KIND_INTERFACES, description: 'A domain: a business area that owns assets' })
export class Domain extends kindBase('domain') {
  @Field(() => String) id(): string {
    return keyOf(this.ctx, this.urn).id ?? idOf(this.urn);
  }
  @Field(() => DomainProperties, { nullable: true })
  async properties(): Promise<DomainProperties | undefined> {
    const v = await this.aspect('domainProperties');
    return v ? namedProperties(DomainProperties, v, this.urn, idOf(this.urn)) : undefined;
  }
  @Field(() => Domain, { nullable: true })
  async parentDomain(): Promise<Entity | undefined> {
    const parent = str((await this.aspect('domainProperties'))?.parentDomain);
    return parent ? this.ctx.entity(parent) : undefined;
  }
}

@ObjectType({ implements: KIND_INTERFACES, description: 'A data product: assets published together' })
export class DataProduct extends kindBase('dataProduct') {
  @Field(() => DataProductProperties, { nullable: true })
  async properties(): Promise<DataProductProperties | undefined> {
    const v = await this.aspect('dataProductProperties');
    return v ? namedProperties(DataProductProperties, v, this.urn, idOf(this.urn)) : undefined;
  }
}

@TableObjectType()
export class ParentNodesResult extends fields({
  count: req(Int),
  nodes: req(() => [entityClass(EntityType.GLOSSARY_NODE)]),
}) {}

@ObjectType({ implements: KIND_INTERFACES, description: 'A glossary node: a folder of glossary terms' })
export class GlossaryNode extends kindBase('glossaryNode') {
  @Field(() => GlossaryNodeProperties, { nullable: true })
  async properties(): Promise<GlossaryNodeProperties | undefined> {
    const v = await this.aspect('glossaryNodeInfo');
    return v
      ? namedProperties(GlossaryNodeProperties, v, this.urn, idOf(this.urn), {
          description: str(v.definition),
        })
      : undefined;
  }
  @Field(() => ParentNodesResult, { nullable: true })
  async parentNodes(): Promise<ParentNodesResult> {
    const first = str((await this.aspect('glossaryNodeInfo'))?.parentNode);
    const nodes = await parentChain(this.ctx, first, 'glossaryNodeInfo', 'parentNode', new Set([this.urn]));
    return make(ParentNodesResult, { count: nodes.length, nodes });
  }
}

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
  @Field(() => DataPlatformInstanceProperties, { nullable: true })
  async properties(): Promise<DataPlatformInstanceProperties | undefined> {
    const v = await this.aspect('dataPlatformInstanceProperties');
    return v ? namedProperties(DataPlatformInstanceProperties, v, this.urn, this.instanceId()) : undefined;
  }
}

/** Registered with the other classes by `index.ts`; `entityClass` reads them lazily. */
export const CONTAINER_CLASSES = {
  [EntityType.CONTAINER]: Container,
  [EntityType.DOMAIN]: Domain,
  [EntityType.DATA_PRODUCT]: DataProduct,
  [EntityType.GLOSSARY_NODE]: GlossaryNode,
  [EntityType.DATA_PLATFORM_INSTANCE]: DataPlatformInstance,
};
