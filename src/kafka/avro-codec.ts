import avro from 'avsc';
import { FrameError, readFrame, writeFrame } from './confluent-frame.js';

/** Where the codec finds a writer's schema by its id, and registers the schemas it writes with. */
export interface SchemaSource {
  schemaById(id: number): Promise<string | undefined>;
  register(subject: string, schema: string): Promise<number>;
}

/**
 * Avro records in Confluent's framing: each decoded with the schema of the id in its frame (its writer's),
 * read once from the registry and kept.
 */
export class AvroCodec {
  private readonly types = new Map<number, Promise<avro.Type>>();
  private readonly writers = new Map<string, Promise<{ id: number; type: avro.Type }>>();
  /** Each writer's schema as JSON, once per schema object (the text is the registry's key). */
  private readonly texts = new WeakMap<object, string>();
  /** Each decoded type's schema as a record carries it (made once per schema id, not per record). */
  private readonly exported = new WeakMap<avro.Type, unknown>();

  constructor(private readonly schemas: SchemaSource) {}

  /** The record and its writer's schema (as JSON), or a FrameError when it cannot be read. */
  async decode(
    value: Buffer | null | undefined,
  ): Promise<{ schemaId: number; schema: unknown; value: unknown }> {
    const { schemaId, payload } = readFrame(value);
    const type = await this.typeOf(schemaId);
    try {
      return { schemaId, schema: this.exportOf(type), value: type.fromBuffer(payload) };
    } catch (err) {
      throw new FrameError(
        `the record does not decode with its schema ${schemaId}: ${(err as Error).message}`,
      );
    }
  }

  /** Registers `schema` under `subject` (once per process) and frames `value` with its id. */
  async encode(subject: string, schema: object, value: unknown): Promise<Buffer> {
    const { id, type } = await this.writer(subject, schema);
    return writeFrame(id, type.toBuffer(value));
  }

  /** The id `schema` has under `subject` and its Avro type, registered once per process. */
  writer(subject: string, schema: object): Promise<{ id: number; type: avro.Type }> {
    let text = this.texts.get(schema);
    if (text === undefined) this.texts.set(schema, (text = JSON.stringify(schema)));
    const key = `${subject}\n${text}`;
    let found = this.writers.get(key);
    if (!found) {
      found = this.schemas
        .register(subject, text)
        .then((id) => ({ id, type: avro.Type.forSchema(schema as avro.Schema) }));
      found.catch(() => this.writers.delete(key));
      this.writers.set(key, found);
    }
    return found;
  }

  private exportOf(type: avro.Type): unknown {
    let schema = this.exported.get(type);
    if (schema === undefined) this.exported.set(type, (schema = type.schema({ exportAttrs: true })));
    return schema;
  }

  private typeOf(id: number): Promise<avro.Type> {
    let type = this.types.get(id);
    if (!type) {
      type = this.schemas.schemaById(id).then((text) => {
        if (text === undefined) throw new FrameError(`no schema has the id ${id} in the registry`);
        return avro.Type.forSchema(JSON.parse(text) as avro.Schema);
      });
      type.catch(() => this.types.delete(id));
      this.types.set(id, type);
    }
    return type;
  }
}
