import type { Executor } from './executor.js';

/** A schema as the registry keeps it: a global id for each distinct text, whatever the subjects. */
export interface RegisteredSchemaRow {
  readonly id: number;
  readonly schemaType: string;
  readonly schema: string;
}

/** One version of a subject: the schema it names. */
export interface SubjectVersionRow extends RegisteredSchemaRow {
  readonly subject: string;
  readonly version: number;
}

const VERSION_FIELDS =
  'v.subject AS subject, v.version AS version, s.id AS id, s.schemaType AS schemaType, s.schema AS schema';

/**
 * The schema registry's rows (Confluent's API, served by neohub for DataHub's Kafka clients):
 * `(:RegistrySchema {id, hash, schemaType, schema})`, one per distinct schema (its `hash` is the service's
 * key of the normalized text), and `(:RegistrySubjectVersion {subject, version, schemaId})`, the versions of
 * each subject. Registrations are serialized on the `schema-registry` counter, which also hands out the ids.
 */
export class SchemaRegistryStore {
  constructor(private readonly exec: Executor) {}

  /**
   * Registers a schema under a subject: the same schema (by `hash`) keeps its id, and a subject that
   * already has it keeps its version. Returns the id and the subject's version.
   */
  async register(
    subject: string,
    schema: { hash: string; schemaType: string; schema: string },
  ): Promise<{ id: number; version: number }> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ id: number; version: number }>(
        `MERGE (c:Counter {name: 'schema-registry'}) ON CREATE SET c.value = 0
         SET c.at = timestamp()
         WITH c
         OPTIONAL MATCH (old:RegistrySchema {hash: $s.hash})
         WITH c, old
         CALL (c, old) {
           WITH c, old WHERE old IS NULL
           SET c.value = c.value + 1
           CREATE (n:RegistrySchema {id: c.value, hash: $s.hash, schemaType: $s.schemaType, schema: $s.schema})
           RETURN n AS s
           UNION
           WITH old WHERE old IS NOT NULL
           RETURN old AS s
         }
         OPTIONAL MATCH (had:RegistrySubjectVersion {subject: $subject, schemaId: s.id})
         OPTIONAL MATCH (last:RegistrySubjectVersion {subject: $subject})
         WITH s, had, max(last.version) AS top
         CALL (s, had, top) {
           WITH s, had, top WHERE had IS NULL
           CREATE (v:RegistrySubjectVersion {subject: $subject, version: coalesce(top, 0) + 1, schemaId: s.id})
           RETURN v
           UNION
           WITH had WHERE had IS NOT NULL
           RETURN had AS v
         }
         RETURN s.id AS id, v.version AS version`,
        { subject, s: schema },
      );
      const row = res.records[0];
      if (!row) throw new Error('the schema registry wrote no row');
      return { id: row.get('id'), version: row.get('version') };
    });
  }

  async schemaById(id: number): Promise<RegisteredSchemaRow | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<RegisteredSchemaRow>(
        'MATCH (s:RegistrySchema {id: $id}) RETURN s.id AS id, s.schemaType AS schemaType, s.schema AS schema',
        { id },
      );
      return res.records[0]?.toObject();
    });
  }

  /** The subject's version holding the schema of `hash`, if it has one. */
  async lookup(subject: string, hash: string): Promise<SubjectVersionRow | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<SubjectVersionRow>(
        `MATCH (s:RegistrySchema {hash: $hash})
         MATCH (v:RegistrySubjectVersion {subject: $subject, schemaId: s.id})
         RETURN ${VERSION_FIELDS}`,
        { subject, hash },
      );
      return res.records[0]?.toObject();
    });
  }

  /** A version of a subject (`latest`: its highest). */
  async version(subject: string, version: number | 'latest'): Promise<SubjectVersionRow | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<SubjectVersionRow>(
        `MATCH (v:RegistrySubjectVersion {subject: $subject})
         WHERE $version IS NULL OR v.version = $version
         WITH v ORDER BY v.version DESC LIMIT 1
         MATCH (s:RegistrySchema {id: v.schemaId})
         RETURN ${VERSION_FIELDS}`,
        { subject, version: version === 'latest' ? null : version },
      );
      return res.records[0]?.toObject();
    });
  }

  /** The subject's versions, oldest first (none: the subject is unknown). */
  async versions(subject: string): Promise<number[]> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ version: number }>(
        'MATCH (v:RegistrySubjectVersion {subject: $subject}) RETURN v.version AS version ORDER BY version',
        { subject },
      );
      return res.records.map((r) => r.get('version'));
    });
  }

  async subjects(): Promise<string[]> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ subject: string }>(
        'MATCH (v:RegistrySubjectVersion) RETURN DISTINCT v.subject AS subject ORDER BY subject',
      );
      return res.records.map((r) => r.get('subject'));
    });
  }
}
