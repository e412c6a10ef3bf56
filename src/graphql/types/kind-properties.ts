import { Field, ObjectType } from 'type-graphql';
import { customProperties, CustomPropertiesEntry, make, str, type Json } from './common.js';

/**
 * The properties most kinds' `<kind>Properties` aspects share (DataHub's `name`, `description`,
 * `externalUrl`, `customProperties`); each kind's properties type extends it with its own fields.
 * (Unreferenced, so not a type of the schema.)
 */
@ObjectType()
export abstract class NamedProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) externalUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}

/** The shared properties of an aspect value; `name` falls back to `fallbackName`. */
export function namedProperties<T extends NamedProperties>(
  cls: new () => T,
  v: Json,
  urn: string,
  fallbackName: string,
  extra: Partial<T> = {},
): T {
  return make(cls, {
    name: str(v.name) ?? fallbackName,
    description: str(v.description),
    externalUrl: str(v.externalUrl),
    customProperties: customProperties(v.customProperties, urn),
    ...extra,
  } as Partial<T>);
}

@ObjectType()
export class ContainerProperties extends NamedProperties {
  @Field(() => String, { nullable: true }) qualifiedName?: string;
  @Field(() => String, { nullable: true }) env?: string;
}
@ObjectType()
export class DomainProperties extends NamedProperties {}
@ObjectType()
export class DataProductProperties extends NamedProperties {}
@ObjectType()
export class GlossaryNodeProperties extends NamedProperties {}
@ObjectType()
export class DataPlatformInstanceProperties extends NamedProperties {}
@ObjectType()
export class DataFlowProperties extends NamedProperties {
  @Field(() => String, { nullable: true }) project?: string;
  @Field(() => String, { nullable: true }) env?: string;
}
@ObjectType()
export class DataJobProperties extends NamedProperties {
  @Field(() => String, { nullable: true }) env?: string;
}
@ObjectType()
export class DataProcessInstanceProperties extends NamedProperties {}
@ObjectType()
export class MLModelDeploymentProperties extends NamedProperties {
  @Field(() => String, { nullable: true }) status?: string;
}
@ObjectType()
export class AssertionInfo {
  @Field(() => String) type!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) externalUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}
@ObjectType()
export class NotebookInfo {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) externalUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}
@ObjectType()
export class QueryStatement {
  @Field(() => String) value!: string;
  @Field(() => String) language!: string;
}
