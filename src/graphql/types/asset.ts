import { Field, ObjectType } from 'type-graphql';
import {
  deprecation,
  Deprecation,
  GlobalTags,
  globalTags,
  GlossaryTerms,
  glossaryTerms,
  InstitutionalMemory,
  institutionalMemory,
  Ownership,
  ownership,
  Status,
  status,
} from './common.js';
import { FabricType as FabricTypeSchema } from '../../registry/aspects/common.js';
import { stringEnum } from './enums.js';
import { Entity } from './entity.js';

/** The registry's symbols (DataHub's FabricType). */
export const FabricType = stringEnum('FabricType', FabricTypeSchema.symbols) as Record<string, string>;
export type FabricType = string;

/**
 * The aspects every data asset shares (datasets, charts, dashboards, ML entities): ownership, tags,
 * glossary terms, links, deprecation and status, with DataHub's field names. (Unreferenced, so not
 * a type of the schema: the object types that extend it inherit its fields.)
 */
@ObjectType()
export abstract class AssetEntity extends Entity {
  @Field(() => Ownership, { nullable: true })
  async ownership(): Promise<Ownership | undefined> {
    return ownership(this.ctx, await this.aspect('ownership'), this.urn);
  }
  @Field(() => GlobalTags, { nullable: true })
  async tags(): Promise<GlobalTags | undefined> {
    return globalTags(this.ctx, await this.aspect('globalTags'), this.urn);
  }
  @Field(() => GlobalTags, { nullable: true, deprecationReason: 'Use tags' })
  globalTags(): Promise<GlobalTags | undefined> {
    return this.tags();
  }
  @Field(() => GlossaryTerms, { nullable: true })
  async glossaryTerms(): Promise<GlossaryTerms | undefined> {
    return glossaryTerms(this.ctx, await this.aspect('glossaryTerms'), this.urn);
  }
  @Field(() => InstitutionalMemory, { nullable: true })
  async institutionalMemory(): Promise<InstitutionalMemory | undefined> {
    return institutionalMemory(this.ctx, await this.aspect('institutionalMemory'), this.urn);
  }
  @Field(() => Deprecation, { nullable: true })
  async deprecation(): Promise<Deprecation | undefined> {
    return deprecation(await this.aspect('deprecation'));
  }
  @Field(() => Status, { nullable: true })
  async status(): Promise<Status | undefined> {
    return status(await this.aspect('status'));
  }
}
