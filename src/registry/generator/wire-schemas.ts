// DataHub's Kafka records' writer schemas (the change log and platform events), as the pinned wheel ships
// them, with Avro's own keys only: no documentation text, no Pegasus annotations. Pure, like the model's
// generator: the caller reads the files.
import { isObject, type Avro } from './avro.js';

/** The schema files of the records neohub writes to Kafka, by the record's name. */
export const WIRE_SCHEMA_FILES = {
  MetadataChangeLog: 'MetadataChangeLog.avsc',
  PlatformEvent: 'PlatformEvent.avsc',
} as const;
export type WireRecord = keyof typeof WIRE_SCHEMA_FILES;

/** The generated file's shape: the pin the schemas came from, and each record's Avro schema. */
export interface WireSchemas {
  readonly model: { readonly package: string; readonly version: string };
  readonly schemas: Readonly<Record<WireRecord, unknown>>;
}

/** What an Avro schema is made of (Avro's specification); every other key is left out. */
const AVRO_KEYS = new Set([
  'type',
  'name',
  'namespace',
  'aliases',
  'fields',
  'symbols',
  'default',
  'items',
  'values',
  'size',
  'order',
  'logicalType',
  'precision',
  'scale',
]);

function structural(t: Avro): Avro {
  if (Array.isArray(t)) return (t as readonly Avro[]).map(structural);
  if (!isObject(t)) return t;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) {
    if (!AVRO_KEYS.has(k)) continue;
    // A field's default is a value, not a schema: kept as it is.
    out[k] =
      k === 'default'
        ? v
        : k === 'fields'
          ? (v as readonly Avro[]).map(structural)
          : typeof v === 'object' && v !== null
            ? structural(v as Avro)
            : v;
  }
  return out as unknown as Avro;
}

/** The wire schemas from the schema files (file name -> parsed JSON); throws when one is missing. */
export function wireSchemas(
  files: ReadonlyMap<string, unknown>,
  pin: { readonly package: string; readonly version: string },
): WireSchemas {
  const schemas = {} as Record<WireRecord, unknown>;
  for (const [record, file] of Object.entries(WIRE_SCHEMA_FILES) as [WireRecord, string][]) {
    const root = files.get(file);
    if (root === undefined) throw new Error(`${file}: not in the wheel (the records on Kafka need it)`);
    schemas[record] = structural(root as Avro);
  }
  return { model: { package: pin.package, version: pin.version }, schemas };
}
