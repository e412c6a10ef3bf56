import type { AspectSpec, EntitySpec, Registry } from '../../src/registry/index.js';
import { schema as s } from '../../src/registry/index.js';

/** Keys every JavaScript object inherits, or that reach its prototype: they must stay plain data. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

/**
 * A URN of an entity kind, its key parts filled with `tag`: a URN-typed part with a URN of the kind it
 * names (a dataJob's flow is a dataFlow URN), or a platform URN when it names none.
 */
export function sampleUrn(registry: Registry, entity: EntitySpec, tag: string, depth = 0): string {
  const key = registry.keyAspectOf(entity).schema;
  const parts = entity.keyFields.map((f, i) => {
    const field = key.fields.find((x) => x.name === f);
    const kind = field ? s.resolve(field.schema) : undefined;
    if (kind?.kind === 'urn') {
      const target = kind.entityTypes?.[0] ? registry.entityOfUrnType(kind.entityTypes[0]) : undefined;
      return target && depth < 3
        ? sampleUrn(registry, target, `${tag}p${i}`, depth + 1)
        : `urn:li:dataPlatform:${tag}p${i}`;
    }
    if (kind?.kind === 'enum') return kind.symbols.includes('PROD') ? 'PROD' : (kind.symbols[0] as string);
    return `${tag}${i}`;
  });
  return parts.length === 1
    ? `urn:li:${entity.name}:${parts[0]}`
    : `urn:li:${entity.name}:(${parts.join(',')})`;
}

/**
 * A valid value of a schema, smallest but for its maps: every map holds one entry per prototype key
 * (with a value of the map's type), and every array that can reach a map holds one element.
 */
export function sampleValue(registry: Registry, schema: s.Schema, tag: string, depth = 0): unknown {
  const r = s.resolve(schema);
  switch (r.kind) {
    case 'string':
    case 'bytes':
      return `${tag} value`;
    case 'int':
      return 1;
    case 'long':
      return r.time ? 1704110400000 : 1;
    case 'float':
    case 'double':
      return 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'urn': {
      const kind = r.entityTypes?.[0] ? registry.entityOfUrnType(r.entityTypes[0]) : undefined;
      return kind ? sampleUrn(registry, kind, tag) : `urn:li:corpuser:${tag}`;
    }
    case 'enum':
      return r.symbols[0];
    case 'array':
      return depth < 6 && holdsMap(r.items) ? [sampleValue(registry, r.items, tag, depth + 1)] : [];
    case 'map':
      return Object.fromEntries(
        PROTOTYPE_KEYS.map((k) => [k, sampleValue(registry, r.values, tag, depth + 1)]),
      );
    case 'union': {
      const i = Math.max(
        0,
        r.members.findIndex((m) => s.resolve(m).kind !== 'null'),
      );
      return { [r.keys[i] as string]: sampleValue(registry, r.members[i] as s.Schema, tag, depth + 1) };
    }
    case 'record': {
      const out: Record<string, unknown> = {};
      for (const f of r.fields)
        if (!f.optional || (depth < 6 && holdsMap(f.schema)))
          out[f.name] = sampleValue(registry, f.schema, tag, depth + 1);
      return out;
    }
  }
}

/**
 * A valid value of an aspect: `sampleValue` of its schema, with each URN where the aspect's relationship
 * annotations name the kinds (`urnKinds`) one of the first of those kinds.
 */
export function sampleAspect(registry: Registry, aspect: AspectSpec, tag: string): unknown {
  const value = sampleValue(registry, aspect.schema, tag);
  for (const rule of aspect.urnKinds ?? []) {
    const kind = registry.entityOfUrnType(rule.entityTypes[0] as string);
    if (kind)
      replaceUrns(
        value,
        rule.path.split('/').filter(Boolean),
        rule.entityTypes,
        sampleUrn(registry, kind, tag),
      );
  }
  return value;
}

/** Replaces the URNs at a path that are of none of `kinds` with `urn`, in place. */
function replaceUrns(value: unknown, path: readonly string[], kinds: readonly string[], urn: string): void {
  if (value === null || typeof value !== 'object') return;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const inner = head === '*' ? rest : path;
    value.forEach((v, i) => {
      if (!inner.length && typeof v === 'string' && !kinds.includes(v.split(':')[2] ?? '')) value[i] = urn;
      else replaceUrns(v, inner, kinds, urn);
    });
    return;
  }
  if (head === undefined) return;
  const obj = value as Record<string, unknown>;
  for (const key of head === '*' ? Object.keys(obj) : Object.hasOwn(obj, head) ? [head] : []) {
    const v = obj[key];
    if (!rest.length && typeof v === 'string') {
      // Defined, not assigned: a map's keys include `__proto__`.
      if (!kinds.includes(v.split(':')[2] ?? ''))
        Object.defineProperty(obj, key, { value: urn, enumerable: true, writable: true, configurable: true });
    } else replaceUrns(v, rest, kinds, urn);
  }
}

/** Whether a value of the schema can hold a map (so a sample should include that part). */
export function holdsMap(schema: s.Schema, seen = new Set<string>()): boolean {
  const r = s.resolve(schema);
  switch (r.kind) {
    case 'map':
      return true;
    case 'array':
      return holdsMap(r.items, seen);
    case 'union':
      return r.members.some((m) => holdsMap(m, seen));
    case 'record':
      if (seen.has(r.name)) return false;
      seen.add(r.name);
      return r.fields.some((f) => holdsMap(f.schema, seen));
    default:
      return false;
  }
}

/** Every aspect with a map somewhere in its schema, with an entity kind that carries it. */
export function aspectsWithMaps(registry: Registry): { aspect: AspectSpec; entity: EntitySpec }[] {
  return registry
    .allAspects()
    .filter((a) => holdsMap(a.schema))
    .flatMap((aspect) => {
      const entity = registry.allEntities().find((e) => e.aspects.includes(aspect.name));
      return entity ? [{ aspect, entity }] : [];
    });
}
