import { type GmsClient, ServerError } from './client.js';
import { parseDatasetFile, type RawAssignment } from './dataset-file.js';
import { parsePropertyFile } from './property-file.js';
import { datasetKey, propertyUrn, schemaFieldKey } from './urns.js';
import { type KnownDefinition, knownDefinition, referencedProperties, typeAssignments } from './values.js';
import { type FileProblem, formatProblem, inFileOrder, type Position } from './yaml-source.js';

/** Where a command prints: one line per call. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** The aspects to write to one entity, with the place in the file of the entry they come from. */
interface Write {
  readonly entity: string;
  readonly urn: string;
  readonly aspects: Readonly<Record<string, unknown>>;
  readonly pos: Position;
}

function reportProblems(io: Output, file: string, problems: readonly FileProblem[]): number {
  const sorted = inFileOrder(problems);
  for (const p of sorted) io.err(formatProblem(p));
  io.err(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was written`);
  return 1;
}

/**
 * Sends the writes in order, each entity's aspects in one request (a single aspect through its own route);
 * stops at the first the server rejects, naming the line of its entry.
 */
async function send(client: GmsClient, io: Output, file: string, writes: readonly Write[]): Promise<number> {
  for (const w of writes) {
    const names = Object.keys(w.aspects);
    try {
      if (names.length === 1) await client.upsertAspect(w.entity, w.urn, names[0]!, w.aspects[names[0]!]);
      else await client.upsertEntity(w.entity, w.urn, w.aspects);
    } catch (err) {
      const why =
        err instanceof ServerError
          ? `the server rejected ${w.urn} (HTTP ${err.status}): ${err.message}`
          : `${w.urn}: ${(err as Error).message}`;
      io.err(formatProblem({ file, pos: w.pos, message: why }));
      return 1;
    }
    io.out(`Upserted ${w.urn}`);
  }
  return 0;
}

/**
 * An `upsert` command: parses the whole file (`parse` gives the entries under `key`); with any problem,
 * reports them all and writes nothing, else `write` writes the entries.
 */
function upsertCommand<P extends { readonly problems: FileProblem[] }, K extends keyof P>(
  parse: (text: string, file: string) => P,
  key: K,
  write: (client: GmsClient, io: Output, file: string, entries: P[K]) => Promise<number>,
) {
  return async (client: GmsClient, io: Output, file: string, text: string): Promise<number> => {
    const parsed = parse(text, file);
    if (parsed.problems.length > 0) return reportProblems(io, file, parsed.problems);
    return write(client, io, file, parsed[key]);
  };
}

/** `properties upsert`: validates the whole definition file, then writes each propertyDefinition. */
export const upsertProperties = upsertCommand(
  parsePropertyFile,
  'properties',
  (client, io, file, properties) => {
    const writes = properties.map<Write>((p) => ({
      entity: 'structuredProperty',
      urn: p.urn,
      aspects: { propertyDefinition: p.definition },
      pos: p.pos,
    }));
    return send(client, io, file, writes);
  },
);

/**
 * `dataset upsert`: validates the whole file, looks up the definition of every property it uses to type the
 * values, and only then writes: each dataset's aspects, then its fields' structuredProperties.
 */
export const upsertDatasets = upsertCommand(
  parseDatasetFile,
  'datasets',
  async (client, io, file, datasets) => {
    const definitions = new Map<string, KnownDefinition | undefined>();
    for (const urn of referencedProperties(datasets)) {
      try {
        definitions.set(
          urn,
          knownDefinition(await client.getAspect('structuredProperty', urn, 'propertyDefinition')),
        );
      } catch (err) {
        io.err(`cannot look up ${urn}: ${(err as Error).message}`);
        return 1;
      }
    }
    const typingProblems: FileProblem[] = [];
    const writes: Write[] = [];
    const typed = (raw: readonly RawAssignment[], entityType: string) => {
      const r = typeAssignments(raw, definitions, entityType, file);
      typingProblems.push(...r.problems);
      return { properties: r.properties };
    };
    for (const d of datasets) {
      // The key aspect makes sure the entity exists: values may only be set on an existing entity.
      const aspects: Record<string, unknown> = d.datasetProperties
        ? { datasetProperties: d.datasetProperties }
        : { datasetKey: datasetKey(d.urn) };
      if (d.structuredProperties) aspects.structuredProperties = typed(d.structuredProperties, 'dataset');
      writes.push({ entity: 'dataset', urn: d.urn, aspects, pos: d.pos });
      for (const f of d.fields) {
        if (!f.structuredProperties) continue;
        const fieldAspects = {
          schemaFieldKey: schemaFieldKey(d.urn, f.fieldPath),
          structuredProperties: typed(f.structuredProperties, 'schemaField'),
        };
        writes.push({ entity: 'schemaField', urn: f.urn, aspects: fieldAspects, pos: f.pos });
      }
    }
    if (typingProblems.length > 0) return reportProblems(io, file, typingProblems);
    return send(client, io, file, writes);
  },
);

/** `properties get` / `dataset get`: prints the entity as the v3 GET returns it. */
export async function printEntity(
  client: GmsClient,
  io: Output,
  entity: string,
  urn: string,
): Promise<number> {
  const full = entity === 'structuredProperty' ? propertyUrn(urn) : urn;
  try {
    const body = await client.getEntity(entity, full);
    if (body === undefined) {
      io.err(`${full} not found`);
      return 1;
    }
    io.out(JSON.stringify(body, null, 2));
    return 0;
  } catch (err) {
    io.err(`${full}: ${(err as Error).message}`);
    return 1;
  }
}

/**
 * `properties delete`: a soft delete writes the property's `status` (reversible: its values come back
 * with `removed: false`); `--hard` deletes the property, and the server removes its values in a task.
 */
export async function deleteProperty(
  client: GmsClient,
  io: Output,
  urn: string,
  hard: boolean,
): Promise<number> {
  const full = propertyUrn(urn);
  try {
    if (!(await client.getEntity('structuredProperty', full))) {
      io.err(`${full} not found`);
      return 1;
    }
    if (!hard) {
      await client.upsertAspect('structuredProperty', full, 'status', { removed: true });
      io.out(`Soft-deleted ${full}`);
      return 0;
    }
    const tasks = await client.deleteEntity('structuredProperty', full);
    io.out(
      `Deleted ${full}${tasks.length ? `; its values are being removed by task ${tasks.join(', ')}` : ''}`,
    );
    return 0;
  } catch (err) {
    io.err(`${full}: ${(err as Error).message}`);
    return 1;
  }
}
