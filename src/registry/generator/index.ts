// The registry generator: DataHub's Avro schemas (one file per aspect, as the pinned acryl-datahub wheel
// ships them under datahub/metadata/schemas) to neohub's model, without documentation text. Pure: the
// caller reads the files (scripts/generate-registry.mjs, the drift test). It throws on anything it does
// not know, so that moving the pin cannot silently lose information.
import { createHash } from 'node:crypto';
import type { DataHubModel, ModelAspect, ModelEntity, NamedType } from '../model-types.js';
import { clean, fullName, isObject, namedTypes } from './avro.js';
import type { Avro, AvroObject } from './avro.js';
import { flattenAnnotations } from './annotations.js';
import { TypeTable } from './types.js';

export { isTimeField } from './types.js';

interface AspectAnnotation {
  readonly name: string;
  readonly type?: string;
  readonly keyForEntity?: string;
  readonly entityCategory?: string;
  readonly entityAspects?: readonly string[];
}
const ASPECT_KEYS = new Set([
  'name',
  'type',
  'keyForEntity',
  'entityCategory',
  'entityAspects',
  'entityDoc',
  'schemaVersion',
  'EntityUrns',
  'aspectJson',
]);

const sorted = <T>(m: ReadonlyMap<string, T>): Record<string, T> =>
  Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The model from the schema files (file name -> parsed JSON). `pin` names the package and version the
 * files came from; the digest covers every file, so that the committed model says what it was made of.
 */
export function generateModel(
  files: ReadonlyMap<string, unknown>,
  pin: { readonly package: string; readonly version: string },
): DataHubModel {
  const table = new TypeTable();
  const aspects = new Map<string, ModelAspect>();
  const entities = new Map<string, ModelEntity>();
  const recordToAspect = new Map<string, string>();
  const hash = createHash('sha256');
  const names = [...files.keys()].sort();

  for (const file of names) {
    const root = files.get(file) as Avro;
    hash.update(`${file}\n${JSON.stringify(root)}\n`);
    if (!isObject(root) || root['Aspect'] === undefined) continue;
    const ann = root['Aspect'] as AspectAnnotation;
    for (const k of Object.keys(ann))
      if (!ASPECT_KEYS.has(k))
        throw new Error(`${file}: unknown Aspect property "${k}" (teach the generator)`);
    if (aspects.has(ann.name)) throw new Error(`${file}: aspect ${ann.name} declared twice`);
    if (ann.type !== undefined && ann.type !== 'timeseries')
      throw new Error(`${file}: unknown aspect type ${ann.type}`);
    const fileNames = namedTypes(root);
    table.names = fileNames;
    const record = table.convert(root, '') as string;
    recordToAspect.set(record, ann.name);
    aspects.set(ann.name, {
      record,
      ...(ann.type === 'timeseries' ? { timeseries: true as const } : {}),
      ...flattenAnnotations(root as AvroObject, fileNames, ann.name),
    });
    if (ann.keyForEntity !== undefined) {
      if (entities.has(ann.keyForEntity)) throw new Error(`${file}: two keys for ${ann.keyForEntity}`);
      entities.set(ann.keyForEntity, {
        key: ann.name,
        keyFields: ((root as AvroObject)['fields'] as readonly AvroObject[]).map((f) => f['name'] as string),
        category: ann.entityCategory ?? '_unset_',
        aspects: [...(ann.entityAspects ?? [])],
      });
    }
  }
  for (const [kind, e] of entities)
    for (const a of e.aspects) if (!aspects.has(a)) throw new Error(`${kind}: aspect ${a} has no schema`);

  const withSnapshots = snapshots(files, entities, recordToAspect);
  return {
    model: { package: pin.package, version: pin.version, schemasSha256: hash.digest('hex') },
    entities: sorted(withSnapshots),
    aspects: sorted(aspects),
    types: sorted(table.types as ReadonlyMap<string, NamedType>),
  };
}

/** The legacy snapshot record of each kind that has one, from MetadataChangeEvent's proposed snapshot. */
function snapshots(
  files: ReadonlyMap<string, unknown>,
  entities: ReadonlyMap<string, ModelEntity>,
  recordToAspect: ReadonlyMap<string, string>,
): Map<string, ModelEntity> {
  const out = new Map(entities);
  const mce = files.get('MetadataChangeEvent.avsc') as AvroObject | undefined;
  if (!mce) return out;
  const keyOwner = new Map([...entities].map(([kind, e]) => [e.key, kind]));
  const names = namedTypes(mce);
  const field = (mce['fields'] as readonly AvroObject[]).find((f) => f['name'] === 'proposedSnapshot');
  for (const member of (field?.type ?? []) as readonly Avro[]) {
    const snap = typeof member === 'string' ? names.get(member) : (member as AvroObject);
    if (!snap) continue;
    const fqn = fullName(snap, 'com.linkedin.pegasus2avro.metadata.snapshot');
    const aspectsField = (snap['fields'] as readonly AvroObject[]).find((f) => f['name'] === 'aspects');
    const union = ((aspectsField?.type as AvroObject | undefined)?.['items'] ?? []) as readonly Avro[];
    for (const m of union) {
      const def = typeof m === 'string' ? names.get(m) : (m as AvroObject);
      if (!def) continue;
      const aspect = recordToAspect.get(clean(fullName(def, '')));
      const kind = aspect === undefined ? undefined : keyOwner.get(aspect);
      const e = kind === undefined ? undefined : out.get(kind);
      if (kind !== undefined && e) out.set(kind, { ...e, snapshot: clean(fqn) });
    }
  }
  return out;
}
