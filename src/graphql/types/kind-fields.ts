import type { AspectField } from './aspect-fields.js';
import { auditStamp, AuditStamp, requiredStamp, STAMPS } from './audit-stamp.js';
import {
  customProperties,
  CustomPropertiesEntry,
  GlobalTags,
  globalTags,
  GlossaryTerms,
  glossaryTerms,
  make,
  obj,
  str,
} from './common.js';
import { fieldDataType, SchemaFieldDataType } from './dataset.js';
import { fields, opt, req, TableObjectType } from './field-table.js';
import { VERSION_SET_FIELDS } from './versions.js';
import { VIEW_FIELDS } from './views.js';

/*
 * The fields of kinds whose object type is derived from the registry (`kind-types.ts`): each kind's own
 * fields beyond what every asset has, one entry a field. A record type that mirrors its aspect's record
 * is read as stored (`read: (_, v) => v`), so such a field costs its table line and nothing else.
 */

@TableObjectType()
export class OwnershipTypeInfo extends fields({
  name: req(String),
  description: opt(String),
  ...STAMPS,
}) {}

/** A business attribute: a reusable definition of a column (its name, type, labels). */
@TableObjectType()
export class BusinessAttributeInfo extends fields({
  name: req(String),
  description: opt(String),
  tags: opt(GlobalTags),
  glossaryTerms: opt(GlossaryTerms),
  type: opt(SchemaFieldDataType),
  customProperties: opt([CustomPropertiesEntry]),
  ...{ created: req(AuditStamp), lastModified: req(AuditStamp) },
  deleted: opt(AuditStamp),
}) {}

/** Per registry kind, its fields: they show one of its aspects (null when the entity lacks it). */
export const KIND_FIELDS: Readonly<Record<string, Readonly<Record<string, AspectField>>>> = {
  dataHubView: VIEW_FIELDS,
  versionSet: VERSION_SET_FIELDS,
  ownershipType: {
    info: { type: OwnershipTypeInfo, aspect: 'ownershipTypeInfo', read: (_, v) => v },
  },
  businessAttribute: {
    properties: {
      type: BusinessAttributeInfo,
      aspect: 'businessAttributeInfo',
      read: (ctx, v, urn) =>
        make(BusinessAttributeInfo, {
          name: str(v.name) ?? '',
          description: str(v.description),
          tags: globalTags(ctx, obj(v.globalTags), urn),
          glossaryTerms: glossaryTerms(ctx, obj(v.glossaryTerms), urn),
          type: obj(v.type) ? fieldDataType(v) : undefined,
          customProperties: customProperties(v.customProperties, urn),
          created: requiredStamp(v.created),
          lastModified: requiredStamp(v.lastModified),
          deleted: auditStamp(v.deleted),
        }),
    },
  },
};
