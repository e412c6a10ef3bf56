import { ValidationError } from '../../errors/index.js';
import type { Registry } from '../../registry/index.js';
import type { Schema } from '../../registry/index.js';

/**
 * A query path as the store walks it: hops, each an aspect read on the entities reached so far and the
 * fields walked in its value (lists flattened); a hop after the first starts from the URNs the one
 * before ended on. `urn` and `entityType` are the entity's own.
 */
export type CompiledPath =
  { readonly kind: 'urn' | 'entityType' } | { readonly kind: 'aspects'; readonly hops: readonly Hop[] };
export interface Hop {
  readonly aspect: string;
  readonly fields: readonly string[];
}

/**
 * Compiles `query` for entities of `types`: its first segment is an aspect of at least one of them,
 * each next segment a field of the record reached (through lists and optionals), and a segment after a
 * URN an aspect of the kinds that URN may name, from where fields go on. Refused, naming the spot: an
 * unknown aspect or field, a step into a primitive, a map or a union; an aspect only kinds that Admins
 * alone see carry (`hidden`), and a secret field (the registry's `secretPaths`), or a value holding one:
 * a test's results are readable by everyone, and would tell what they hold.
 */
export function compilePath(
  registry: Registry,
  types: readonly string[],
  query: string,
  at: string,
): CompiledPath {
  if (query === 'urn' || query === 'entityType') return { kind: query };
  const segments = query.split('.');
  const refuse = (i: number, message: string): never => {
    throw new ValidationError(`Invalid test definition at ${at}: ${message}`, [
      { path: at, message: `${segments.slice(0, i + 1).join('.')}: ${message}` },
    ]);
  };
  const hops: Hop[] = [];
  let kinds: readonly string[] = types;
  let i = 0;
  while (i < segments.length) {
    const aspectName = segments[i] as string;
    const spec = registry.findAspect(aspectName);
    const carriers = kinds.filter((k) => registry.findEntity(k)?.aspects.includes(aspectName));
    if (!spec || spec.timeseries || !carriers.length)
      return refuse(
        i,
        `${aspectName} is not an aspect of ${kinds.length > 5 ? 'any entity kind' : kinds.join(' or ')}`,
      );
    if (carriers.every((k) => registry.findEntity(k)?.hidden))
      return refuse(i, `${aspectName} belongs to ${carriers.join(' or ')}, which only Admins may see`);
    const start = i;
    const fields: string[] = [];
    let schema: Schema = spec.schema;
    i++;
    for (; i < segments.length; i++) {
      schema = unwrap(schema);
      if (schema.kind === 'urn') break;
      const name = segments[i] as string;
      if (schema.kind !== 'record')
        return refuse(i, `${segments[i - 1]} is a ${schema.kind}: no field ${name} in it`);
      const field = schema.fields.find((f) => f.name === name);
      if (!field) return refuse(i, `no field ${name} in ${schema.name}`);
      fields.push(name);
      schema = field.schema;
    }
    const secret = readsSecret(spec.secretPaths ?? [], fields);
    if (secret)
      return refuse(
        start + fields.length,
        `${aspectName}.${secret} is a secret field: a test may not read it`,
      );
    hops.push({ aspect: aspectName, fields });
    if (i < segments.length) {
      // A URN with more to walk: the next segment is an aspect of the kinds it may name.
      const urn = unwrap(schema) as { kind: 'urn'; entityTypes?: readonly string[] };
      // The kinds it may name: from the URN's schema, or the aspect's relationship at that path.
      const edge = spec.relationships?.find(
        (r) =>
          r.path
            .split('/')
            .filter((x) => x !== '*')
            .join('.') === fields.join('.'),
      );
      kinds = urn.entityTypes?.length
        ? urn.entityTypes
        : edge?.entityTypes.length
          ? edge.entityTypes
          : registry.allEntities().map((e) => e.name);
    }
  }
  return { kind: 'aspects', hops };
}

/**
 * The secret (a path of `secretPaths`, dotted) that reading `fields` of the aspect would reach: the
 * field itself, a field inside it, or a value that holds it (the whole aspect included).
 */
function readsSecret(secretPaths: readonly string[], fields: readonly string[]): string | undefined {
  const read = fields.join('.');
  for (const path of secretPaths) {
    const secret = path
      .split('/')
      .filter((x) => x !== '*')
      .join('.');
    if (read === '' || read === secret || secret.startsWith(`${read}.`) || read.startsWith(`${secret}.`))
      return secret;
  }
  return undefined;
}

/** The schema of a value once lists and references are looked through. */
function unwrap(schema: Schema): Schema {
  let s = schema;
  for (;;) {
    if (s.kind === 'array') s = s.items;
    else if (s.kind === 'ref') s = s.get();
    else return s;
  }
}
