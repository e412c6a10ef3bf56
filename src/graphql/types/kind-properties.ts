import type { GraphQLContext } from '../context.js';
import type { AspectField } from './aspect-fields.js';
import { customProperties, CustomPropertiesEntry, make, str, type Json } from './common.js';
import { fields, opt, optional, req, required, TableObjectType, type FieldsOf } from './field-table.js';

/** What many kinds' properties share: DataHub's `description`, `externalUrl` and `customProperties`. */
export const DESCRIBED = {
  ...optional(String, 'description', 'externalUrl'),
  customProperties: opt([CustomPropertiesEntry]),
};

/** The values of the DESCRIBED fields in an aspect value. */
export const described = (v: Json, urn: string): FieldsOf<typeof DESCRIBED> => ({
  description: str(v.description),
  externalUrl: str(v.externalUrl),
  customProperties: customProperties(v.customProperties, urn),
});

/**
 * The properties most kinds' `<kind>Properties` aspects share (DataHub's `name` and the DESCRIBED
 * fields); each kind's properties type adds its own fields.
 */
const NAMED = { name: req(String), ...DESCRIBED };
export type NamedProperties = FieldsOf<typeof NAMED>;

/** The shared properties of an aspect value; `name` falls back to `fallbackName`. */
export function namedProperties<T extends NamedProperties>(
  cls: new () => T,
  v: Json,
  urn: string,
  fallbackName: string,
  extra: Partial<T> = {},
): T {
  return make(cls, { name: str(v.name) ?? fallbackName, ...described(v, urn), ...extra } as Partial<T>);
}

/**
 * The field of a kind's properties (its `aspect`): the NAMED fields, `name` falling back to what
 * `fallbackName` gives, and those `own` reads.
 */
export const namedField = <T extends NamedProperties>(
  cls: new () => T,
  aspect: string,
  fallbackName: (ctx: GraphQLContext, urn: string) => string,
  own: (v: Json) => Partial<T> = () => ({}),
): AspectField => ({
  type: cls,
  aspect,
  read: (ctx, v, urn) => namedProperties(cls, v, urn, fallbackName(ctx, urn), own(v)),
});

@TableObjectType()
export class ContainerProperties extends fields({ ...NAMED, ...optional(String, 'qualifiedName', 'env') }) {}
@TableObjectType()
export class DomainProperties extends fields(NAMED) {}
@TableObjectType()
export class DataProductProperties extends fields(NAMED) {}
@TableObjectType()
export class GlossaryNodeProperties extends fields(NAMED) {}
@TableObjectType()
export class DataPlatformInstanceProperties extends fields(NAMED) {}
@TableObjectType()
export class DataFlowProperties extends fields({ ...NAMED, ...optional(String, 'project', 'env') }) {}
@TableObjectType()
export class DataJobProperties extends fields({ ...NAMED, env: opt(String) }) {}
@TableObjectType()
export class DataProcessInstanceProperties extends fields(NAMED) {}
@TableObjectType()
export class MLModelDeploymentProperties extends fields({ ...NAMED, status: opt(String) }) {}
@TableObjectType()
export class NotebookInfo extends fields({ title: opt(String), ...DESCRIBED }) {}
@TableObjectType()
export class QueryStatement extends fields(required(String, 'value', 'language')) {}
