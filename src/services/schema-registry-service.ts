import { createHash } from 'node:crypto';
import avro from 'avsc';
import { BadRequestError, NotFoundError, ValidationError } from '../errors/index.js';
import type { RegisteredSchemaRow, SchemaRegistryStore, SubjectVersionRow } from '../store/index.js';

/**
 * Confluent's error codes for what the registry refuses (its clients show them; the transport sends them
 * as `error_code`): subject, version or schema not found; an invalid schema or version.
 */
export const REGISTRY_CODES = {
  subjectNotFound: 40401,
  versionNotFound: 40402,
  schemaNotFound: 40403,
  invalidSchema: 42201,
  invalidVersion: 42202,
} as const;

/** A refusal of the registry, with Confluent's code. */
export interface RegistryRefusal {
  readonly registryCode: number;
}

class RegistryNotFound extends NotFoundError implements RegistryRefusal {
  constructor(
    readonly registryCode: number,
    message: string,
  ) {
    super(message);
  }
}

class RegistryInvalid extends ValidationError implements RegistryRefusal {
  constructor(
    readonly registryCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a client posts to register or look up a schema (Confluent's `RegisterSchemaRequest`). */
export interface SchemaRequest {
  readonly schema?: unknown;
  readonly schemaType?: unknown;
  readonly references?: unknown;
}

/** The longest subject name taken (Confluent's names are topic names plus `-key`/`-value`). */
const MAX_SUBJECT = 512;

/**
 * The schema registry that DataHub's Kafka clients call (Confluent's API, at `/schema-registry/api/`):
 * Avro schemas, kept by subject and by id in the store, so that a record is always decoded with the schema
 * its writer registered. Unlike DataHub's own registry (fixed ids per topic, whatever is posted), it keeps
 * what is registered: the same schema (its JSON, whitespace aside) always has the same id, in any subject.
 * No compatibility rules are enforced (the configuration says `NONE`). Public, as in DataHub.
 */
export class SchemaRegistryService {
  constructor(private readonly store: SchemaRegistryStore) {}

  /** Registers a schema under a subject: its id (the same for the same schema). */
  async register(subject: string, body: SchemaRequest): Promise<{ id: number }> {
    const schema = parse(checkSubject(subject), body);
    const { id } = await this.store.register(subject, schema);
    return { id };
  }

  /** The subject's version holding this schema (Confluent's `POST /subjects/{subject}`). */
  async lookup(subject: string, body: SchemaRequest): Promise<SubjectVersionRow> {
    const schema = parse(checkSubject(subject), body);
    const found = await this.store.lookup(subject, schema.hash);
    if (found) return found;
    if ((await this.store.versions(subject)).length === 0) throw subjectNotFound(subject);
    throw new RegistryNotFound(REGISTRY_CODES.schemaNotFound, 'Schema not found');
  }

  async schemaById(id: string): Promise<RegisteredSchemaRow> {
    const n = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const found = Number.isSafeInteger(n) ? await this.store.schemaById(n) : undefined;
    if (!found) throw new RegistryNotFound(REGISTRY_CODES.schemaNotFound, `Schema ${id} not found`);
    return found;
  }

  /** Subjects associated with a resource (Confluent's associations): none are kept. */
  async associations(): Promise<never[]> {
    return [];
  }

  async subjects(): Promise<string[]> {
    return this.store.subjects();
  }

  async versions(subject: string): Promise<number[]> {
    const versions = await this.store.versions(checkSubject(subject));
    if (versions.length === 0) throw subjectNotFound(subject);
    return versions;
  }

  /** A version of a subject: a positive number, `latest` or `-1` (Confluent's two names of the last). */
  async version(subject: string, version: string): Promise<SubjectVersionRow> {
    checkSubject(subject);
    let wanted: number | 'latest';
    if (version === 'latest' || version === '-1') wanted = 'latest';
    else if (/^\d{1,9}$/.test(version) && Number(version) > 0) wanted = Number(version);
    else
      throw new RegistryInvalid(
        REGISTRY_CODES.invalidVersion,
        `The specified version '${version}' is not a valid version id. Allowed values are between [1, 2^31-1] and the string "latest"`,
      );
    const found = await this.store.version(subject, wanted);
    if (found) return found;
    if ((await this.store.versions(subject)).length === 0) throw subjectNotFound(subject);
    throw new RegistryNotFound(REGISTRY_CODES.versionNotFound, `Version ${version} not found.`);
  }
}

const subjectNotFound = (subject: string): Error =>
  new RegistryNotFound(REGISTRY_CODES.subjectNotFound, `Subject '${subject}' not found.`);

function checkSubject(subject: string): string {
  if (subject.length === 0 || subject.length > MAX_SUBJECT || /\p{Cc}/u.test(subject))
    throw new BadRequestError(`a subject is 1 to ${MAX_SUBJECT} characters, without control characters`);
  return subject;
}

/** The posted schema, checked: Avro only, no references; its key is the hash of its JSON, re-serialized. */
function parse(subject: string, body: SchemaRequest): { hash: string; schemaType: string; schema: string } {
  const invalid = (why: string): Error =>
    new RegistryInvalid(REGISTRY_CODES.invalidSchema, `Invalid schema for subject ${subject}: ${why}`);
  if (body === null || typeof body !== 'object') throw invalid('the body is not a JSON object');
  const type = body.schemaType ?? 'AVRO';
  if (type !== 'AVRO') throw invalid(`schemaType ${JSON.stringify(type)} is not supported (only AVRO)`);
  if (Array.isArray(body.references) && body.references.length > 0)
    throw invalid('schema references are not supported');
  if (typeof body.schema !== 'string') throw invalid('`schema` must be a string holding the Avro schema');
  let json: unknown;
  try {
    json = JSON.parse(body.schema);
  } catch (err) {
    throw invalid(`not JSON (${(err as Error).message})`);
  }
  try {
    avro.Type.forSchema(json as avro.Schema);
  } catch (err) {
    throw invalid((err as Error).message);
  }
  const normalized = JSON.stringify(json);
  const hash = createHash('sha256').update(`AVRO\n${normalized}`).digest('hex');
  return { hash, schemaType: 'AVRO', schema: body.schema };
}
