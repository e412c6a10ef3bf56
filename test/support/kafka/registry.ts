import type { SchemaSource } from '../../../src/kafka/index.js';

/**
 * neohub's schema registry over HTTP, as a Kafka client reaches it (`url()`: the running neohub's). Plain
 * `fetch`, no test framework: the bench's `kafka` phase uses it too.
 */
export const httpRegistry = (url: () => string): SchemaSource => ({
  async schemaById(schemaId) {
    const res = await fetch(`${url()}/schema-registry/api/schemas/ids/${schemaId}`);
    const body = (await res.json()) as { schema?: string };
    return res.status === 200 ? body.schema : undefined;
  },
  async register(subject, schema) {
    const res = await fetch(`${url()}/schema-registry/api/subjects/${subject}/versions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.schemaregistry.v1+json' },
      body: JSON.stringify({ schema }),
    });
    const body = (await res.json()) as { id?: number };
    if (res.status !== 200 || typeof body.id !== 'number')
      throw new Error(`registering ${subject} answered ${res.status}: ${JSON.stringify(body)}`);
    return body.id;
  },
});
