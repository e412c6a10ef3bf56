import type { FastifyInstance, FastifyReply } from 'fastify';
import { logFailure, wireStatus } from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';
import type { RegistryRefusal, SchemaRequest, Services } from '../../src/services/index.js';

/** Where DataHub's service serves its schema registry (the Kafka sink's default registry URL). */
export const SCHEMA_REGISTRY_PATH = '/schema-registry/api';

/**
 * The largest registration taken: DataHub's MetadataChangeEvent schema, the largest its clients register,
 * is 440 KB of text (more once escaped in the request's JSON).
 */
export const SCHEMA_BODY_LIMIT = 4 * 1024 * 1024;

/** Confluent's media type, which its clients send and accept. */
const MEDIA = 'application/vnd.schemaregistry.v1+json';

type Params = { subject: string; version: string; id: string; namespace: string; name: string };

/** A subject's version as Confluent's API answers it (`schemaType` only when not Avro, as Confluent). */
const versionBody = (v: {
  subject: string;
  version: number;
  id: number;
  schemaType: string;
  schema: string;
}): Record<string, unknown> => ({
  subject: v.subject,
  version: v.version,
  id: v.id,
  ...(v.schemaType === 'AVRO' ? {} : { schemaType: v.schemaType }),
  schema: v.schema,
});

/**
 * Confluent's schema registry API, the calls DataHub's Kafka clients make (confluent-kafka's
 * SchemaRegistryClient, under the Avro serializer and deserializer): `GET /` (readiness), `GET /config`,
 * `GET /schemas/types`, `GET /associations/resources/{namespace}/{name}` (none), `POST /subjects/{subject}/versions` (register: `{id}`), `POST /subjects/{subject}`
 * (look up), `GET /schemas/ids/{id}`, `GET /subjects`, `GET /subjects/{subject}/versions` and
 * `.../versions/{version}` (`latest` too). Answers in Confluent's media type; errors as
 * `{error_code, message}`. Registered under `/schema-registry/api` (and the `/gms` prefixes).
 */
export function schemaRegistryRoutes(app: FastifyInstance, s: Services): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Type', MEDIA);
    return payload;
  });
  const p = (path: string): string => `${SCHEMA_REGISTRY_PATH}${path}`;
  app.get(p('/'), async () => ({}));
  app.get(p('/config'), async () => ({ compatibilityLevel: 'NONE' }));
  app.get(p('/schemas/types'), async () => ['AVRO']);
  app.get<{ Params: Params }>(p('/schemas/ids/:id'), async (req) => {
    const found = await s.schemaRegistry.schemaById(req.params.id);
    return found.schemaType === 'AVRO'
      ? { schema: found.schema }
      : { schemaType: found.schemaType, schema: found.schema };
  });
  app.get(p('/subjects'), async () => s.schemaRegistry.subjects());
  // Subjects associated with a topic (the client's default subject naming asks first): neohub keeps no
  // associations, so the client names the subject after the topic (`<topic>-value`), as without them.
  app.get<{ Params: Params }>(p('/associations/resources/:namespace/:name'), async () =>
    s.schemaRegistry.associations(),
  );
  app.post<{ Params: Params }>(p('/subjects/:subject'), { bodyLimit: SCHEMA_BODY_LIMIT }, async (req) =>
    versionBody(await s.schemaRegistry.lookup(req.params.subject, (req.body ?? {}) as SchemaRequest)),
  );
  app.get<{ Params: Params }>(p('/subjects/:subject/versions'), async (req) =>
    s.schemaRegistry.versions(req.params.subject),
  );
  app.post<{ Params: Params }>(
    p('/subjects/:subject/versions'),
    { bodyLimit: SCHEMA_BODY_LIMIT },
    async (req) => s.schemaRegistry.register(req.params.subject, (req.body ?? {}) as SchemaRequest),
  );
  app.get<{ Params: Params }>(p('/subjects/:subject/versions/:version'), async (req) =>
    versionBody(await s.schemaRegistry.version(req.params.subject, req.params.version)),
  );
}

/**
 * Confluent's error body: `{error_code, message}`, the code the service gave (40401 subject, 40402
 * version, 40403 schema not found; 42201 invalid schema, 42202 invalid version), else the HTTP status
 * with two zeros (Confluent's generic codes, e.g. 40000, 41300, 50000; details of a 500 in the log only).
 */
export function sendSchemaRegistryError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  const { status, message, known } = wireStatus(err);
  logFailure(log, err, status);
  const code = (err as Partial<RegistryRefusal> | null)?.registryCode;
  const errorCode = typeof code === 'number' ? code : status * 100;
  return reply
    .status(status)
    .header('Content-Type', MEDIA)
    .send({ error_code: errorCode, message: known ? message : 'Internal Server Error' });
}
