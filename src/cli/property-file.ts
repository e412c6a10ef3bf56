import { ENTITY_TYPE_PREFIX, entityTypeUrn, PROPERTY_URN_PREFIX, propertyUrn } from './urns.js';
import { entriesParser, type Field, type Position, type YamlSource } from './yaml-source.js';

const DATA_TYPE_PREFIX = 'urn:li:dataType:datahub.';

export type ValueKind = 'number' | 'string';
export type PrimitiveValue = { double: number } | { string: string };

/** The propertyDefinition aspect as the versioned entity API takes it. */
export interface PropertyDefinition {
  qualifiedName: string;
  displayName?: string;
  valueType: string;
  cardinality: 'SINGLE' | 'MULTIPLE';
  entityTypes: string[];
  description?: string;
  allowedValues?: { value: PrimitiveValue; description?: string }[];
  version?: string;
}

/** One property of a definition file: its URN, where its entry starts, and the aspect to write. */
export interface PropertyEntry {
  readonly urn: string;
  readonly pos: Position;
  readonly definition: PropertyDefinition;
}

const KEYS = [
  'id',
  'urn',
  'qualified_name',
  'type',
  'cardinality',
  'version',
  'display_name',
  'entity_types',
  'description',
  'allowed_values',
] as const;

/** `number` or `string` from a short name or a data-type URN; undefined for anything else. */
export function valueKind(type: string): ValueKind | undefined {
  const short = type.startsWith(DATA_TYPE_PREFIX) ? type.slice(DATA_TYPE_PREFIX.length) : type.toLowerCase();
  return short === 'number' || short === 'string' ? short : undefined;
}

/** True for a yyyyMMddhhmmss string naming a real instant. */
export function isVersion(v: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
}

/** A number from a YAML number or a numeric string; undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Parses and validates a property definition file (a YAML list of properties, or one mapping). Pure: returns
 * every property it could read and every problem found; a caller writes nothing unless `problems` is empty.
 */
export const parsePropertyFile = entriesParser('properties', 'property', KEYS, readProperty, 'defined');

function readProperty(src: YamlSource, f: Map<string, Field>, pos: Position): PropertyEntry | undefined {
  const id = src.string(f.get('id'), 'id');
  const urnField = src.string(f.get('urn'), 'urn');
  const qn = src.string(f.get('qualified_name'), 'qualified_name');
  let urn: string | undefined;
  if (id?.text.startsWith('urn:')) src.fail(id.pos, 'id must be a plain name; give a URN as urn');
  if (urnField) {
    if (!urnField.text.startsWith(PROPERTY_URN_PREFIX) || urnField.text.length === PROPERTY_URN_PREFIX.length)
      src.fail(urnField.pos, `urn must be a ${PROPERTY_URN_PREFIX}<id> URN`);
    else if (!qn && !f.has('qualified_name'))
      src.fail(urnField.pos, 'qualified_name is required when urn is given');
    else if (id && urnField.text !== propertyUrn(id.text))
      src.fail(urnField.pos, `urn ${urnField.text} does not match id "${id.text}"`);
    urn = urnField.text;
  } else if (id) urn = propertyUrn(id.text);
  else if (!f.has('id') && !f.has('urn')) src.fail(pos, 'property needs an id or a urn');

  const typeField = src.string(f.get('type'), 'type');
  const kind = typeField && valueKind(typeField.text);
  if (!f.has('type')) src.fail(pos, 'property needs a type (number or string)');
  else if (typeField && !kind)
    src.fail(
      typeField.pos,
      `type must be number or string (or ${DATA_TYPE_PREFIX}<type>), not "${typeField.text}"`,
    );

  const card = src.string(f.get('cardinality'), 'cardinality');
  const cardinality = card ? card.text.toUpperCase() : 'SINGLE';
  if (card && cardinality !== 'SINGLE' && cardinality !== 'MULTIPLE')
    src.fail(card.pos, `cardinality must be SINGLE or MULTIPLE, not "${card.text}"`);

  const version = src.string(f.get('version'), 'version');
  if (version && !isVersion(version.text))
    src.fail(
      version.pos,
      `version must have the form yyyyMMddhhmmss (e.g. 20240614080000), not "${version.text}"`,
    );

  const entityTypes: string[] = [];
  for (const item of src.list(f.get('entity_types'), 'entity_types') ?? []) {
    const s = src.string({ keyPos: src.pos(item) ?? pos, node: item }, 'an entity type');
    const t = s && entityTypeUrn(s.text);
    if (s && !t) src.fail(s.pos, `"${s.text}" is not an entity type name or ${ENTITY_TYPE_PREFIX} URN`);
    if (t && !entityTypes.includes(t)) entityTypes.push(t);
  }

  const allowedValues = readAllowedValues(src, f.get('allowed_values'), kind);
  const displayName = src.string(f.get('display_name'), 'display_name');
  const description = src.string(f.get('description'), 'description');
  if (!urn || !kind) return undefined;
  const definition: PropertyDefinition = {
    qualifiedName: qn?.text ?? id?.text ?? urn.slice(PROPERTY_URN_PREFIX.length),
    ...(displayName ? { displayName: displayName.text } : {}),
    valueType: `${DATA_TYPE_PREFIX}${kind}`,
    cardinality: cardinality as PropertyDefinition['cardinality'],
    entityTypes,
    ...(description ? { description: description.text } : {}),
    ...(allowedValues ? { allowedValues } : {}),
    ...(version ? { version: version.text } : {}),
  };
  return { urn, pos, definition };
}

function readAllowedValues(
  src: YamlSource,
  field: Field | undefined,
  kind: ValueKind | undefined,
): PropertyDefinition['allowedValues'] {
  const items = src.list(field, 'allowed_values');
  if (!items) return undefined;
  const out: NonNullable<PropertyDefinition['allowedValues']> = [];
  for (const item of items) {
    const f = src.mapping(item, 'allowed value', ['value', 'description']);
    if (!f) continue;
    const v = f.get('value');
    if (!v) {
      src.fail(item, 'allowed value needs a value');
      continue;
    }
    const raw = src.scalar(v, 'value');
    const description = src.string(f.get('description'), 'description');
    if (!raw || !kind) continue;
    let value: PrimitiveValue | undefined;
    if (kind === 'number') {
      const n = typeof raw.value === 'boolean' ? undefined : toNumber(raw.value);
      if (n === undefined)
        src.fail(raw.pos, `allowed value "${raw.text}" is not a number (the type is number)`);
      else value = { double: n };
    } else if (raw.value === null || raw.text === '') {
      src.fail(raw.pos, `allowed value "${raw.text}" is not a string (the type is string)`);
    } else value = { string: raw.text };
    if (value) out.push({ value, ...(description ? { description: description.text } : {}) });
  }
  return out;
}
