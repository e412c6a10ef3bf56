import { RawJson } from '../json/index.js';
import { withoutDefaulted, type Defaulted } from './defaulted.js';
import type { Registry } from './registry.js';
import { resolve, type Schema } from './schema.js';

/**
 * Aspect values as DataHub's service writes them: a field the model types `double` or `float` is a JSON
 * number with a fraction (`30.0`), which Python's `json` reads as a float, where `JSON.stringify` writes
 * `30`, an int to every Python client. One writer, driven by the model: the shape of an aspect's record
 * says where its doubles are; everything else is written as `JSON.stringify` writes it.
 */

/** Where a schema's doubles are (a record or union with none in reach has no fields or members here). */
type Shape =
  | { readonly kind: 'double' }
  | { readonly kind: 'array'; readonly items: Shape }
  | { readonly kind: 'map'; readonly values: Shape }
  | { readonly kind: 'keyed'; readonly at: Map<string, Shape> };

const DOUBLE: Shape = { kind: 'double' };

/** The shapes of the records met so far, one per record (a recursive record reuses its own). */
function shapeOf(schema: Schema, records: Map<string, Shape>): Shape | undefined {
  const s = resolve(schema);
  switch (s.kind) {
    case 'double':
    case 'float':
      return DOUBLE;
    case 'array': {
      const items = shapeOf(s.items, records);
      return items && { kind: 'array', items };
    }
    case 'map': {
      const values = shapeOf(s.values, records);
      return values && { kind: 'map', values };
    }
    case 'union': {
      const at = new Map<string, Shape>();
      s.members.forEach((m, i) => {
        const member = shapeOf(m, records);
        if (member) at.set(s.keys[i] as string, member);
      });
      return at.size ? { kind: 'keyed', at } : undefined;
    }
    case 'record': {
      const known = records.get(s.name);
      if (known) return known;
      const at = new Map<string, Shape>();
      const shape: Shape = { kind: 'keyed', at };
      records.set(s.name, shape);
      for (const f of s.fields) {
        const field = shapeOf(f.schema, records);
        if (field) at.set(f.name, field);
      }
      return shape;
    }
    default:
      return undefined;
  }
}

/** Whether a double is in reach of a shape (a recursive record's shape is filled after it is met). */
function reaches(shape: Shape, seen = new Set<Shape>()): boolean {
  if (shape.kind === 'double') return true;
  if (seen.has(shape)) return false;
  seen.add(shape);
  if (shape.kind === 'array') return reaches(shape.items, seen);
  if (shape.kind === 'map') return reaches(shape.values, seen);
  return [...shape.at.values()].some((s) => reaches(s, seen));
}

function write(v: unknown, shape: Shape | undefined): string | undefined {
  if (shape === undefined || v === null || typeof v !== 'object') {
    // A whole number in a double's place gets its fraction; 1e21 and beyond are written with an exponent.
    if (shape?.kind === 'double' && typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 1e21)
      return `${JSON.stringify(v)}.0`;
    return JSON.stringify(v);
  }
  if (Array.isArray(v))
    return `[${v.map((x) => (shape.kind === 'array' ? write(x, shape.items) : JSON.stringify(x)) ?? 'null').join(',')}]`;
  const parts: string[] = [];
  for (const [k, x] of Object.entries(v)) {
    const inner = shape.kind === 'map' ? shape.values : shape.kind === 'keyed' ? shape.at.get(k) : undefined;
    const text = write(x, inner);
    if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

const made = new WeakMap<Registry, Map<string, Shape | null>>();

function aspectShape(registry: Registry, aspectName: string): Shape | undefined {
  let shapes = made.get(registry);
  if (!shapes) made.set(registry, (shapes = new Map()));
  let shape = shapes.get(aspectName);
  if (shape === undefined) {
    const spec = registry.findAspect(aspectName);
    const found = spec && shapeOf(spec.schema, new Map());
    shape = found && reaches(found) ? found : null;
    shapes.set(aspectName, shape);
  }
  return shape ?? undefined;
}

/**
 * An aspect's value for an answer, as DataHub's service answers it: without the fields validation filled
 * with defaults (`defaulted`), and, when its model has doubles, as text with the doubles as DataHub
 * writes them (a `RawJson`, which the HTTP layer's serializer writes as it is).
 */
export function wireValue(
  registry: Registry,
  aspectName: string,
  value: unknown,
  defaulted?: Defaulted,
): unknown {
  const shape = aspectShape(registry, aspectName);
  const sent = withoutDefaulted(value, defaulted);
  return shape ? new RawJson(write(sent, shape) ?? 'null') : sent;
}

/** An aspect's value as JSON text (Rest.li's serialized aspects), as `wireValue` writes it. */
export function wireText(
  registry: Registry,
  aspectName: string,
  text: string,
  defaulted?: Defaulted,
): string {
  const shape = aspectShape(registry, aspectName);
  if (!shape && !defaulted) return text;
  const sent = withoutDefaulted(JSON.parse(text) as unknown, defaulted);
  return shape ? (write(sent, shape) ?? 'null') : JSON.stringify(sent);
}
