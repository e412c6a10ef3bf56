import type { SchemaSource } from '../../../src/kafka/index.js';
import { request } from '../http.js';

/** neohub's schema registry over HTTP, as a Kafka client reaches it (`url()`: the running neohub's). */
export const httpRegistry = (url: () => string): SchemaSource => ({
  async schemaById(schemaId) {
    const res = await request('GET', `${url()}/schema-registry/api/schemas/ids/${schemaId}`);
    return res.status === 200 ? (res.body.schema as string) : undefined;
  },
  async register(subject, schema) {
    const res = await request('POST', `${url()}/schema-registry/api/subjects/${subject}/versions`, {
      body: { schema },
    });
    return res.body.id as number;
  },
});
