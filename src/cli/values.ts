import type { DatasetEntry, RawAssignment } from './dataset-file.js';
import { type PrimitiveValue, toNumber } from './property-file.js';
import type { FileProblem, RawScalar } from './yaml-source.js';

/** One entry of a structuredProperties aspect. */
export interface Assignment {
  propertyUrn: string;
  values: PrimitiveValue[];
}

/** What typing a value needs from a property's stored definition. */
export interface KnownDefinition {
  readonly valueType: string;
  readonly cardinality: string;
  readonly entityTypes: readonly string[];
  readonly allowedValues: readonly PrimitiveValue[];
}

/** Reads the parts of a stored propertyDefinition aspect that typing uses; undefined if it is not one. */
export function knownDefinition(value: unknown): KnownDefinition | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.valueType !== 'string') return undefined;
  const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
  return {
    valueType: v.valueType,
    cardinality: typeof v.cardinality === 'string' ? v.cardinality : 'SINGLE',
    entityTypes: list(v.entityTypes).filter((t): t is string => typeof t === 'string'),
    allowedValues: list(v.allowedValues)
      .map((a) => (a && typeof a === 'object' ? (a as { value?: unknown }).value : undefined))
      .filter((a): a is PrimitiveValue => !!a && typeof a === 'object'),
  };
}

/** Every property URN a dataset file refers to, each once, in order of first use. */
export function referencedProperties(datasets: readonly DatasetEntry[]): string[] {
  const all = datasets.flatMap((d) => [
    ...(d.structuredProperties ?? []),
    ...d.fields.flatMap((f) => f.structuredProperties ?? []),
  ]);
  return [...new Set(all.map((a) => a.propertyUrn))];
}

const isNumberType = (valueType: string): boolean =>
  valueType === 'urn:li:dataType:number' || valueType.endsWith('.number');

/** Whether a definition's entity types name this kind of entity (`urn:li:entityType:datahub.dataset`). */
const appliesTo = (def: KnownDefinition, entityType: string): boolean =>
  def.entityTypes.some((t) => t.endsWith(`.${entityType}`) || t.endsWith(`:${entityType}`));

const same = (a: PrimitiveValue, b: PrimitiveValue): boolean =>
  'double' in a ? 'double' in b && a.double === b.double : 'string' in b && a.string === b.string;

const show = (v: PrimitiveValue): string => ('double' in v ? String(v.double) : JSON.stringify(v.string));

/**
 * Types the values written in a file by their properties' definitions: numbers (or numeric strings) for a
 * number property, the text as written for any other; and checks what the definition allows (known property,
 * entity type, cardinality, allowed values). `definitions` maps a URN to undefined for a property that does not
 * exist. Every problem names the line of the offending value.
 */
export function typeAssignments(
  raw: readonly RawAssignment[],
  definitions: ReadonlyMap<string, KnownDefinition | undefined>,
  entityType: string,
  file: string,
): { properties: Assignment[]; problems: FileProblem[] } {
  const properties: Assignment[] = [];
  const problems: FileProblem[] = [];
  const fail = (pos: RawAssignment['pos'], message: string) => problems.push({ file, pos, message });
  for (const a of raw) {
    const def = definitions.get(a.propertyUrn);
    if (!def) {
      fail(a.pos, `unknown structured property ${a.propertyUrn}`);
      continue;
    }
    if (!appliesTo(def, entityType)) {
      fail(
        a.pos,
        `${a.propertyUrn} does not apply to ${entityType} (entity types: ${def.entityTypes.join(', ')})`,
      );
      continue;
    }
    if (def.cardinality !== 'MULTIPLE' && a.values.length > 1) {
      fail(a.pos, `${a.propertyUrn} takes a single value (cardinality SINGLE), not ${a.values.length}`);
      continue;
    }
    const values: PrimitiveValue[] = [];
    for (const raw of a.values) {
      const value = typeValue(raw, def, a.propertyUrn);
      if (typeof value === 'string') fail(raw.pos, value);
      else values.push(value);
    }
    if (values.length === a.values.length) properties.push({ propertyUrn: a.propertyUrn, values });
  }
  return { properties, problems };
}

/** A value typed by its definition, or a sentence saying why it does not fit. */
function typeValue(raw: RawScalar, def: KnownDefinition, urn: string): PrimitiveValue | string {
  let value: PrimitiveValue;
  if (isNumberType(def.valueType)) {
    const n = typeof raw.value === 'boolean' ? undefined : toNumber(raw.value);
    if (n === undefined) return `"${raw.text}" is not a number (${urn} is number-typed)`;
    value = { double: n };
  } else value = { string: raw.text };
  const allowed = def.allowedValues;
  if (allowed.length > 0 && !allowed.some((v) => same(v, value)))
    return `${show(value)} is not an allowed value of ${urn} (allowed: ${allowed.map(show).join(', ')})`;
  return value;
}
