import type { GraphQLContext } from '../context.js';
import { aspectFields } from './aspect-fields.js';
import { SchemaFieldRef } from './assertion-info.js';
import { list, make, str, type Json } from './common.js';
import { Dataset } from './dataset.js';
import { fields, opt, optional, TableObjectType } from './field-table.js';
import { DataJob } from './pipelines.js';

// Column-level lineage as DataHub's GraphQL shows it: each entry of an aspect's `fineGrainedLineages`
// with its schema-field ends as `{urn, path}`, where `urn` is the dataset's (the field URN's first key
// part) and `path` the field's, as the web app's lineage page draws them. Ends that are not schema
// fields (a whole dataset) are left out, as DataHub leaves them.

@TableObjectType()
export class FineGrainedLineage extends fields({
  ...optional(() => [SchemaFieldRef], 'upstreams', 'downstreams'),
  query: opt(String),
  transformOperation: opt(String),
}) {}

/** A schema field URN's dataset and path; undefined for any other URN. */
function fieldRef(ctx: GraphQLContext, urn: string): SchemaFieldRef | undefined {
  if (!urn.startsWith('urn:li:schemaField:')) return undefined;
  try {
    const { parsed } = ctx.services.registry.parseEntityUrn(urn);
    const [parent, path] = parsed.parts as string[];
    if (parent !== undefined && path !== undefined) return make(SchemaFieldRef, { urn: parent, path });
  } catch {
    // Not a URN the registry reads: left out, as an end that is no schema field.
  }
  return undefined;
}

const refs = (ctx: GraphQLContext, v: unknown): SchemaFieldRef[] =>
  (Array.isArray(v) ? v : [])
    .filter((u): u is string => typeof u === 'string')
    .map((u) => fieldRef(ctx, u))
    .filter((r): r is SchemaFieldRef => r !== undefined);

/** An aspect's `fineGrainedLineages` (upstreamLineage of datasets, dataJobInputOutput of jobs). */
const fineGrainedLineages = (ctx: GraphQLContext, v: Json): FineGrainedLineage[] =>
  list(v.fineGrainedLineages).map((f) =>
    make(FineGrainedLineage, {
      upstreams: f.upstreams === undefined ? undefined : refs(ctx, f.upstreams),
      downstreams: f.downstreams === undefined ? undefined : refs(ctx, f.downstreams),
      query: str(f.query),
      transformOperation: str(f.transformOperation),
    }),
  );

const DESCRIPTION = 'Column-level lineage: which columns feed which, from datasets';
aspectFields(Dataset, {
  fineGrainedLineages: {
    type: () => [FineGrainedLineage],
    aspect: 'upstreamLineage',
    read: fineGrainedLineages,
    description: DESCRIPTION,
  },
});
aspectFields(DataJob, {
  fineGrainedLineages: {
    type: () => [FineGrainedLineage],
    aspect: 'dataJobInputOutput',
    read: fineGrainedLineages,
    description: DESCRIPTION,
  },
});
