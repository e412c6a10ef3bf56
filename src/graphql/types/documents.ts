import { Field, Int, ObjectType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { aspectFields } from './aspect-fields.js';
import {
  customProperties,
  CustomPropertiesEntry,
  list,
  make,
  obj,
  str,
  strings,
  type Json,
} from './common.js';
import { Entity } from './entity.js';
import type { EntityClass } from './entity-classes.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import type { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, req, TableInputType, TableObjectType } from './field-table.js';
import { KIND_INTERFACES, kindBase } from './kind-types.js';
import { DataPlatform } from './people.js';
import { ResolvedAuditStamp, resolvedStamp } from './structured-properties.js';

// DataHub's context documents (the `document` kind): knowledge written in the catalog or linked from
// elsewhere, related to assets.

export const DocumentSourceType = stringEnum('DocumentSourceType', ['NATIVE', 'EXTERNAL'] as const);
export const DocumentState = stringEnum('DocumentState', ['PUBLISHED', 'UNPUBLISHED'] as const);

@TableObjectType()
export class DocumentSource extends fields({
  sourceType: req(DocumentSourceType),
  ...optional(String, 'externalUrl', 'externalId'),
}) {}

@TableObjectType()
export class DocumentStatus extends fields({ state: req(DocumentState) }) {}

@TableObjectType()
export class DocumentContent extends fields({ text: req(String), semanticText: opt(String) }) {}

@TableObjectType()
export class DocumentRelatedAsset extends fields({ asset: req(Entity) }) {}

@TableObjectType()
export class DocumentRelatedDocument extends fields({ document: req(() => Document) }) {}

@TableObjectType()
export class DocumentParentDocument extends fields({ document: req(() => Document) }) {}

@TableObjectType()
export class DocumentInfo extends fields({
  title: opt(String),
  source: opt(DocumentSource),
  status: opt(DocumentStatus),
  contents: req(DocumentContent),
  ...{ created: req(ResolvedAuditStamp), lastModified: req(ResolvedAuditStamp) },
  relatedAssets: opt([DocumentRelatedAsset]),
  relatedDocuments: opt([DocumentRelatedDocument]),
  parentDocument: opt(DocumentParentDocument),
  customProperties: opt([CustomPropertiesEntry]),
}) {}

@TableObjectType()
export class DocumentSettings extends fields({ showInGlobalContext: req(Boolean) }) {}

/** A stored stamp as DataHub's non-null ResolvedAuditStamp (time 0 when the aspect has none). */
const stamp = (ctx: GraphQLContext, v: unknown): ResolvedAuditStamp =>
  resolvedStamp(ctx, v) ?? make(ResolvedAuditStamp, { time: 0 });

/** The documentInfo aspect as DataHub's DocumentInfo: the URNs it names shown as their entities. */
function documentInfo(ctx: GraphQLContext, v: Json, urn: string): DocumentInfo {
  const source = obj(v.source);
  const status = obj(v.status);
  const parent = str(obj(v.parentDocument)?.document);
  const documents = (urns: (string | undefined)[]) => urns.map((u) => (u ? new Document(ctx, u) : undefined));
  return make(DocumentInfo, {
    title: str(v.title),
    source: source && make(DocumentSource, source as Partial<DocumentSource>),
    status: status && make(DocumentStatus, status as Partial<DocumentStatus>),
    contents: make(DocumentContent, { text: str(obj(v.contents)?.text) ?? '' }),
    created: stamp(ctx, v.created),
    lastModified: stamp(ctx, v.lastModified),
    relatedAssets: Array.isArray(v.relatedAssets)
      ? list(v.relatedAssets).flatMap((a) => {
          const asset = ctx.entity(str(a.asset) ?? '');
          return asset ? [make(DocumentRelatedAsset, { asset })] : [];
        })
      : undefined,
    relatedDocuments: Array.isArray(v.relatedDocuments)
      ? documents(list(v.relatedDocuments).map((d) => str(d.document)))
          .filter((d) => d !== undefined)
          .map((document) => make(DocumentRelatedDocument, { document }))
      : undefined,
    parentDocument: parent
      ? make(DocumentParentDocument, { document: new Document(ctx, parent) })
      : undefined,
    customProperties: customProperties(v.customProperties, urn),
  });
}

/** A document: its info, settings and platform (DataHub's own when it names none). */
@ObjectType({ implements: KIND_INTERFACES, description: 'A document: knowledge about the data' })
export class Document extends kindBase('document') {
  /** The first of its sub-types. */
  @Field(() => String, { nullable: true })
  async subType(): Promise<string | undefined> {
    return strings((await this.aspect('subTypes'))?.typeNames)[0];
  }
  @Field(() => DataPlatform)
  async platform(): Promise<DataPlatform> {
    const p = str((await this.aspect('dataPlatformInstance'))?.platform);
    return new DataPlatform(this.ctx, p ?? 'urn:li:dataPlatform:datahub');
  }
  @Field(() => Boolean, { name: 'exists', nullable: true }) documentExists(): Promise<boolean> {
    return this.exists();
  }
}
aspectFields(Document, {
  info: { type: DocumentInfo, aspect: 'documentInfo', read: documentInfo },
  settings: { type: DocumentSettings, aspect: 'documentSettings', read: (_, v) => v },
});

@TableObjectType()
export class RelatedDocumentsResult extends fields({
  ...{ start: req(Int), count: req(Int), total: req(Int) },
  documents: req([Document]),
}) {}

/** The kinds whose documents DataHub lists: those a document's `relatedAssets` may name. */
const WITH_DOCUMENTS: readonly EntityType[] = [
  'DATASET',
  'CHART',
  'DASHBOARD',
  'DATA_FLOW',
  'DATA_JOB',
  'CONTAINER',
  'DOMAIN',
  'DATA_PRODUCT',
  'GLOSSARY_TERM',
  'GLOSSARY_NODE',
  'MLMODEL',
  'MLMODEL_GROUP',
  'MLFEATURE',
  'MLFEATURE_TABLE',
  'MLPRIMARY_KEY',
  'APPLICATION',
] as EntityType[];

/** The filters of a related-documents request, as search conditions. */
function documentFilters(entity: string, a: RelatedDocumentsInput) {
  const out = [
    { field: 'relatedAssets', values: [entity] },
    ...(a.parentDocuments?.length ? [{ field: 'parentDocument', values: [...a.parentDocuments] }] : []),
    ...(a.types?.length ? [{ field: 'typeNames', values: [...a.types] }] : []),
    ...(a.domains?.length ? [{ field: 'domains', values: [...a.domains] }] : []),
    ...(a.sourceType ? [{ field: 'sourceType', values: [a.sourceType] }] : []),
  ].map((c) => ({ ...c, condition: 'EQUAL', negated: false }));
  // Only the documents that have no parent.
  return a.rootOnly
    ? [...out, { field: 'parentDocument', values: [], condition: 'EXISTS', negated: true }]
    : out;
}

@TableInputType()
export class RelatedDocumentsInput extends fields({
  ...optional(Int, 'start', 'count'),
  ...optional([String], 'parentDocuments', 'types', 'domains'),
  rootOnly: opt(Boolean),
  sourceType: opt(DocumentSourceType),
}) {}

/** Declares `relatedDocuments` on the kinds of WITH_DOCUMENTS: the documents that name the entity. */
export function showRelatedDocuments(classes: Partial<Record<EntityType, EntityClass>>): void {
  for (const type of WITH_DOCUMENTS) {
    const cls = classes[type];
    if (!cls) continue;
    entityArgFields(cls, {
      relatedDocuments: argField({
        type: RelatedDocumentsResult,
        args: { input: req(() => RelatedDocumentsInput) },
        resolve: async (entity, ctx, { input }) => {
          const start = input.start ?? 0;
          const res = await ctx.services.search.search({
            entities: ['document'],
            input: '*',
            filter: { or: [{ and: documentFilters(entity.urn, input) }] },
            start,
            count: input.count ?? DEFAULT_PAGE.relatedDocuments,
            facets: [],
          });
          const documents = res.hits.map((h) => new Document(ctx, h.urn));
          return make(RelatedDocumentsResult, {
            start,
            count: documents.length,
            total: res.total,
            documents,
          });
        },
      }),
    });
  }
}
