import { resolveSchema, simpleName, type RecordSchema, type Schema } from '../../../src/registry/index.js';

/** A JSON Schema (OpenAPI 3.1 dialect) as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Text with parentheses balanced up to three levels deep (a tuple of URNs whose parts are tuples). */
const BALANCED = '(?:[^()]|\\((?:[^()]|\\((?:[^()]|\\([^()]*\\))*\\))*\\))';
/**
 * What URN-typed fields accept: `urn:li:<entityType>:<id>`, the id a tuple `(<part>,...)` or plain text, its
 * parentheses balanced (the server also refuses empty tuple parts).
 */
export const URN_PATTERN = `^urn:li:[A-Za-z][A-Za-z0-9_]*:(?:\\(${BALANCED}*\\)|[^()]${BALANCED}*)$`;

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });

/**
 * Translates the registry's aspect schemas into JSON Schema components, as Rest.li JSON writes them:
 * records and enums become components named by their simple name (`DatasetProperties`, `FabricType`; the
 * full name when two records share one), unions are objects with exactly one key, the member's FQN (or
 * primitive name), optional fields are `oneOf [T, null]` and not required, fields with a default are
 * not required, records admit no other fields (the server refuses unknown fields).
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = new Map<string, string>();

  /** The component name of a record or enum (registering it, and what it uses, on first sight). */
  nameOf(fqn: string): string {
    const known = this.names.get(fqn);
    if (known) return known;
    const simple = simpleName(fqn);
    const name = [...this.names.values()].includes(simple) ? fqn : simple;
    this.names.set(fqn, name);
    return name;
  }

  /** The component of a record, returning its name. */
  record(schema: RecordSchema): string {
    const seen = this.names.has(schema.name);
    const name = this.nameOf(schema.name);
    if (seen) return name;
    this.schemas[name] = {}; // reserved first: records may refer to themselves
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const field of schema.fields) {
      let s = this.of(field.schema);
      if (field.default !== undefined) s = { ...s, default: field.default };
      else if (field.optional) s = nullable(s);
      else required.push(field.name);
      if (field.doc) s = { ...s, description: field.doc };
      properties[field.name] = s;
    }
    this.schemas[name] = {
      type: 'object',
      ...(schema.doc ? { description: schema.doc } : {}),
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties: false,
    };
    return name;
  }

  /** The JSON Schema of a value of `schema`: inline for primitives, arrays, maps and unions, else a $ref. */
  of(schema: Schema): JsonSchema {
    const s = resolveSchema(schema);
    switch (s.kind) {
      case 'string':
        return { type: 'string' };
      case 'bytes':
        return { type: 'string', description: 'bytes, as a string of code points 0-255' };
      case 'boolean':
        return { type: 'boolean' };
      case 'int':
        return { type: 'integer', format: 'int32', minimum: -2147483648, maximum: 2147483647 };
      case 'long':
        return { type: 'integer', format: 'int64' };
      case 'float':
        return { type: 'number', format: 'float' };
      case 'double':
        return { type: 'number', format: 'double' };
      case 'null':
        return { type: 'null' };
      case 'urn':
        return {
          type: 'string',
          pattern: URN_PATTERN,
          ...(s.entityTypes?.length ? { description: `URN of ${s.entityTypes.join(' or ')}` } : {}),
        };
      case 'enum': {
        const seen = this.names.has(s.name);
        const name = this.nameOf(s.name);
        if (!seen) this.schemas[name] = { type: 'string', enum: [...s.symbols] };
        return ref(name);
      }
      case 'array':
        return { type: 'array', items: this.of(s.items) };
      case 'map':
        return { type: 'object', additionalProperties: this.of(s.values) };
      case 'union':
        return {
          type: 'object',
          oneOf: s.members.map((m, i) => {
            const key = s.keys[i] as string;
            return {
              type: 'object',
              properties: { [key]: this.of(m) },
              required: [key],
              additionalProperties: false,
            };
          }),
        };
      case 'record':
        return ref(this.record(s));
    }
  }
}
