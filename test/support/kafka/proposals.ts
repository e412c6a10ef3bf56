/** Kafka proposals for the tests: a writer's schema of their own, and a proposal as the sink sends one. */

/** A writer's MetadataChangeProposal schema: the fields DataHub's has, in a smaller record of its own. */
export const mcpSchema = (id: string) => ({
  type: 'record',
  name: 'MetadataChangeProposal',
  namespace: `test.neohub.k${id}`,
  fields: [
    { name: 'entityType', type: 'string' },
    { name: 'entityUrn', type: ['null', 'string'], default: null },
    {
      name: 'changeType',
      type: { type: 'enum', name: 'ChangeType', symbols: ['UPSERT', 'DELETE', 'PATCH'] },
    },
    { name: 'aspectName', type: ['null', 'string'], default: null },
    {
      name: 'aspect',
      type: [
        'null',
        {
          type: 'record',
          name: 'GenericAspect',
          fields: [
            { name: 'value', type: 'bytes' },
            { name: 'contentType', type: 'string' },
          ],
        },
      ],
      default: null,
    },
    {
      name: 'systemMetadata',
      type: [
        'null',
        {
          type: 'record',
          name: 'SystemMetadata',
          fields: [
            { name: 'lastObserved', type: ['long', 'null'], default: 0 },
            { name: 'runId', type: ['string', 'null'], default: 'no-run-id-provided' },
          ],
        },
      ],
      default: null,
    },
  ],
});

/** A dataset proposal as DataHub's sink sends it: the aspect as JSON bytes, the run in system metadata. */
export const proposal = (urn: string, aspectName: string, value: unknown, runId: string) => ({
  entityType: 'dataset',
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: Buffer.from(JSON.stringify(value)), contentType: 'application/json' },
  systemMetadata: { lastObserved: Date.now(), runId },
});

export type KafkaTestProposal = ReturnType<typeof proposal>;
