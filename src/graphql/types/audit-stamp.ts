import { make, num, obj, str } from './json.js';
import { Long } from './scalars.js';
import { fields, opt, optional, req, TableObjectType } from './field-table.js';

/** DataHub's AuditStamp (a leaf module, so that `entity.ts` can use it without an import cycle). */
@TableObjectType()
export class AuditStamp extends fields({
  time: req(Long),
  actor: opt(String),
}) {}

/** An AuditStamp (or TimeStamp) record of an aspect; undefined when absent. */
export const auditStamp = (v: unknown): AuditStamp | undefined => {
  const o = obj(v);
  return o ? make(AuditStamp, { time: num(o.time) ?? 0, actor: str(o.actor) }) : undefined;
};

/** For DataHub's non-null stamps: the aspect's stamp, or time 0 with no actor when it has none. */
export const requiredStamp = (v: unknown): AuditStamp => auditStamp(v) ?? make(AuditStamp, { time: 0 });

/** When a record was created and last modified, when it says (DataHub's `created` and `lastModified`). */
export const STAMPS = optional(AuditStamp, 'created', 'lastModified');
export const stamps = (v: Record<string, unknown>) => ({
  created: auditStamp(v.created),
  lastModified: auditStamp(v.lastModified),
});
