import type { AspectField } from './aspect-fields.js';
import { STAMPS } from './audit-stamp.js';
import { fields, opt, req, TableObjectType } from './field-table.js';

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

/** Per registry kind, its fields: they show one of its aspects (null when the entity lacks it). */
export const KIND_FIELDS: Readonly<Record<string, Readonly<Record<string, AspectField>>>> = {
  ownershipType: {
    info: { type: OwnershipTypeInfo, aspect: 'ownershipTypeInfo', read: (_, v) => v },
  },
};
