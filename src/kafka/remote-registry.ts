import type { SchemaSource } from './avro-codec.js';

/**
 * A Confluent-compatible schema registry elsewhere (KAFKA_SCHEMAREGISTRY_URL), for deployments whose
 * clients register their schemas there rather than with neohub.
 */
export function remoteRegistry(url: string): SchemaSource {
  const base = url.replace(/\/+$/, '');
  const call = async (path: string, init?: RequestInit): Promise<Response> =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        Accept: 'application/vnd.schemaregistry.v1+json',
        'Content-Type': 'application/vnd.schemaregistry.v1+json',
      },
    });
  return {
    async schemaById(id) {
      const res = await call(`/schemas/ids/${id}`);
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`the schema registry at ${base} answered ${res.status} for schema ${id}`);
      return ((await res.json()) as { schema: string }).schema;
    },
    async register(subject, schema) {
      const res = await call(`/subjects/${encodeURIComponent(subject)}/versions`, {
        method: 'POST',
        body: JSON.stringify({ schema }),
      });
      if (!res.ok)
        throw new Error(
          `the schema registry at ${base} refused ${subject} (${res.status}): ${await res.text()}`,
        );
      return ((await res.json()) as { id: number }).id;
    },
  };
}
