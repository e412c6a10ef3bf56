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
import { aspectFields, named, type AspectField } from './aspect-fields.js';
import { Entity } from './entity.js';
import { stringEnum } from './enums.js';
import { parentChain } from './asset-context.js';
import { KIND_INTERFACES, keyOf, kindBase } from './kind-types.js';
import { DataPlatform, GlossaryTerm, idOf } from './people.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';

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

export const IconLibrary = stringEnum('IconLibrary', ['MATERIAL'] as const);

@TableObjectType()
export class IconProperties extends fields({
  iconLibrary: opt(IconLibrary),
  ...optional(String, 'name', 'style'),
}) {}

/** How a domain or a glossary node is shown (its displayProperties aspect, as stored). */
@TableObjectType()
export class DisplayProperties extends fields({ colorHex: opt(String), icon: opt(IconProperties) }) {}

const displayProperties: AspectField = {
  type: DisplayProperties,
  aspect: 'displayProperties',
  read: (_, v) => v,
};

@TableObjectType()
export class ParentDomainsResult extends fields({
  count: req(Int),
  domains: req(() => [Entity]),
}) {}

@ObjectType({ implements: KIND_INTERFACES, description: 'A domain: a business area that owns assets' })
export class Domain extends kindBase('domain') {
  @Field(() => String) id(): string {
    return keyOf(this.ctx, this.urn).id ?? idOf(this.urn);
  }
  /** The domains above this one, nearest first. */
  @Field(() => ParentDomainsResult, { nullable: true })
  async parentDomains(): Promise<ParentDomainsResult> {
    const first = str((await this.aspect('domainProperties'))?.parentDomain);
    const domains = await parentChain(
      this.ctx,
      first,
      'domainProperties',
      'parentDomain',
      new Set([this.urn]),
    );
    return make(ParentDomainsResult, { count: domains.length, domains });
  }
}
aspectFields(Domain, {
  properties: namedField(DomainProperties, 'domainProperties', byId),
  displayProperties,
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

@TableObjectType()
export class GlossaryNodeChildrenCount extends fields(required(Int, 'termsCount', 'nodesCount')) {}

/** The most children of a node counted by kind. */
const MAX_CHILDREN = 10_000;

@ObjectType({ implements: KIND_INTERFACES, description: 'A glossary node: a folder of glossary terms' })
export class GlossaryNode extends kindBase('glossaryNode') {
  /** How many terms and nodes are right under the node. */
  @Field(() => GlossaryNodeChildrenCount, { nullable: true })
  async childrenCount(): Promise<GlossaryNodeChildrenCount> {
    const page = await this.ctx.services.reads.relationships(
      this.urn,
      ['IsPartOf'],
      'INCOMING',
      0,
      MAX_CHILDREN,
    );
    const kinds = page.relationships.map((r) => r.entity.split(':')[2]);
    return make(GlossaryNodeChildrenCount, {
      termsCount: kinds.filter((k) => k === 'glossaryTerm').length,
      nodesCount: kinds.filter((k) => k === 'glossaryNode').length,
    });
  }

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
  displayProperties,
});

// A glossary term's nodes, nearest first (declared here, beside the nodes' own).
aspectFields(GlossaryTerm, {
  parentNodes: {
    type: ParentNodesResult,
    aspect: 'glossaryTermInfo',
    read: async (ctx, v, urn) => {
      const nodes = await parentChain(
        ctx,
        str(v.parentNode),
        'glossaryNodeInfo',
        'parentNode',
        new Set([urn]),
      );
      return make(ParentNodesResult, { count: nodes.length, nodes });
    },
  },
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
