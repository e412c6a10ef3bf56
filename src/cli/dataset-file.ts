import { isSeq, type Node } from 'yaml';
import { setOwn } from '../json/index.js';
import { parseUrn } from '../urn/index.js';
import { datasetUrn, PLATFORM_PREFIX, PROPERTY_URN_PREFIX, propertyUrn, schemaFieldUrn } from './urns.js';
import { entriesParser, type Field, type Position, type RawScalar, type YamlSource } from './yaml-source.js';

/** Structured-property values as written in the file, before the property's definition types them. */
export interface RawAssignment {
  readonly propertyUrn: string;
  readonly pos: Position;
  readonly values: readonly RawScalar[];
}

export interface FieldEntry {
  readonly urn: string;
  readonly fieldPath: string;
  readonly pos: Position;
  readonly structuredProperties?: readonly RawAssignment[];
}

export interface DatasetProperties {
  name?: string;
  description?: string;
  customProperties: Record<string, string>;
}

export interface DatasetEntry {
  readonly urn: string;
  readonly pos: Position;
  readonly datasetProperties?: DatasetProperties;
  readonly structuredProperties?: readonly RawAssignment[];
  readonly fields: readonly FieldEntry[];
}

const KEYS = [
  'id',
  'platform',
  'env',
  'urn',
  'name',
  'description',
  'properties',
  'schema',
  'structured_properties',
];
const FIELD_KEYS = ['id', 'type', 'description', 'structured_properties'];

/**
 * Parses and validates a dataset file (a YAML list of datasets, or one mapping). Pure: values stay as written
 * until the properties' definitions are known (see values.ts); a caller writes nothing unless `problems` is empty.
 */
export const parseDatasetFile = entriesParser('datasets', 'dataset', KEYS, readDataset, 'given');

function readDataset(src: YamlSource, f: Map<string, Field>, pos: Position): DatasetEntry | undefined {
  const urn = readDatasetUrn(src, f, pos);
  const name = src.string(f.get('name'), 'name');
  const description = src.string(f.get('description'), 'description');
  const custom = f.has('properties') ? readCustomProperties(src, f.get('properties')!) : undefined;
  const structuredProperties = readAssignments(src, f.get('structured_properties'));
  const fields: FieldEntry[] = [];
  const schema = f.get('schema');
  const schemaMap = schema ? src.mapping(schema.node, 'schema', ['fields']) : undefined;
  const seen = new Map<string, Position>();
  for (const item of src.list(schemaMap?.get('fields'), 'schema.fields') ?? []) {
    const field = readField(src, item, urn ?? '');
    if (!field) continue;
    src.once(seen, field.fieldPath, field.pos, `field "${field.fieldPath}"`);
    fields.push(field);
  }
  if (!urn) return undefined;
  const hasProps = name || description || custom;
  return {
    urn,
    pos,
    ...(hasProps
      ? {
          datasetProperties: {
            ...(name ? { name: name.text } : {}),
            ...(description ? { description: description.text } : {}),
            customProperties: custom ?? {},
          },
        }
      : {}),
    ...(structuredProperties ? { structuredProperties } : {}),
    fields,
  };
}

function readDatasetUrn(src: YamlSource, f: Map<string, Field>, pos: Position): string | undefined {
  const given = src.string(f.get('urn'), 'urn');
  const id = src.string(f.get('id'), 'id');
  const platformField = src.string(f.get('platform'), 'platform');
  const env = src.string(f.get('env'), 'env');
  let platform = platformField?.text;
  if (platform?.startsWith(PLATFORM_PREFIX)) platform = platform.slice(PLATFORM_PREFIX.length);
  if (platformField && (!platform || /[,()]/.test(platform)))
    return src.fail(platformField.pos, `"${platformField.text}" is not a platform name`);
  if (given) {
    const parsed = parseUrn(given.text);
    if (typeof parsed === 'string') return src.fail(given.pos, parsed);
    if (parsed.entityType !== 'dataset' || parsed.parts.length !== 3)
      return src.fail(given.pos, `urn must be a urn:li:dataset:(<platform urn>,<name>,<env>) URN`);
    if (id && platform && given.text !== datasetUrn(platform, id.text, env?.text ?? 'PROD'))
      return src.fail(given.pos, `urn ${given.text} does not match id, platform and env`);
    return given.text;
  }
  if (f.has('urn')) return undefined;
  const missing = ['id', 'platform'].filter((k) => !f.has(k));
  if (missing.length > 0) return src.fail(pos, `dataset needs ${missing.join(' and ')} (or a urn)`);
  if (!id || !platform) return undefined;
  return datasetUrn(platform, id.text, env?.text ?? 'PROD');
}

function readCustomProperties(src: YamlSource, field: Field): Record<string, string> | undefined {
  const pairs = src.pairs(field.node, 'properties');
  if (!pairs) return undefined;
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const v = src.scalar({ keyPos: p.keyPos, node: p.node }, `properties.${p.key}`);
    if (v && v.value === null) src.fail(v.pos, `properties.${p.key} has no value`);
    else if (v) setOwn(out, p.key, v.text);
  }
  return out;
}

function readField(src: YamlSource, node: Node, dataset: string): FieldEntry | undefined {
  const pos = src.pos(node) ?? { line: 1, col: 1 };
  const f = src.mapping(node, 'schema field', FIELD_KEYS);
  if (!f) return undefined;
  const id = src.string(f.get('id'), 'field id');
  if (!f.has('id')) src.fail(pos, 'schema field needs an id');
  src.string(f.get('type'), 'field type');
  src.string(f.get('description'), 'field description');
  const structuredProperties = readAssignments(src, f.get('structured_properties'));
  if (!id) return undefined;
  return {
    urn: schemaFieldUrn(dataset, id.text),
    fieldPath: id.text,
    pos,
    ...(structuredProperties ? { structuredProperties } : {}),
  };
}

/** `structured_properties`: property (qualified name or URN) to one value or a list of values. */
function readAssignments(src: YamlSource, field: Field | undefined): RawAssignment[] | undefined {
  if (!field) return undefined;
  const pairs = src.pairs(field.node, 'structured_properties');
  if (!pairs) return undefined;
  const out: RawAssignment[] = [];
  const seen = new Map<string, Position>();
  for (const p of pairs) {
    if (p.key.startsWith('urn:') && !p.key.startsWith(PROPERTY_URN_PREFIX)) {
      src.fail(p.keyPos, `"${p.key}" is neither a qualified name nor a ${PROPERTY_URN_PREFIX} URN`);
      continue;
    }
    const urn = propertyUrn(p.key);
    const first = seen.get(urn);
    if (first) src.fail(p.keyPos, `${urn} is given twice (first on line ${first.line})`);
    seen.set(urn, p.keyPos);
    const nodes = p.node && isSeq(p.node) ? p.node.items.map((n) => src.resolve(n as Node | null)) : [p.node];
    const values: RawScalar[] = [];
    for (const n of nodes) {
      const v = src.scalar({ keyPos: p.keyPos, node: n }, `value of ${p.key}`);
      if (v && v.value === null) src.fail(v.pos, `${p.key} has an empty value`);
      else if (v) values.push(v);
    }
    if (nodes.length === 0) src.fail(p.keyPos, `${p.key} has no values`);
    else if (values.length === nodes.length) out.push({ propertyUrn: urn, pos: p.keyPos, values });
  }
  return out;
}
