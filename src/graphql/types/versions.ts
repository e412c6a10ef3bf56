import type { GraphQLContext } from '../context.js';
import { showWhereAspect, type AspectField } from './aspect-fields.js';
import { Entity } from './entity.js';
import { list, make, obj, str, type Json } from './common.js';
import type { EntityClass } from './entity-classes.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { fields, opt, req, TableObjectType } from './field-table.js';
import { VersionTag } from './ml.js';
import { ResolvedAuditStamp, resolvedStamp } from './structured-properties.js';

// Versions of an asset (DataHub's version sets): `versionProperties` on the kinds that have the aspect,
// and a version set's latest version.

@TableObjectType()
export class VersionProperties extends fields({
  versionSet: req(() => entityClass(EntityType.VERSION_SET)),
  version: req(VersionTag),
  aliases: req([VersionTag]),
  comment: opt(String),
  isLatest: req(Boolean),
  created: opt(ResolvedAuditStamp),
  createdInSource: opt(ResolvedAuditStamp),
}) {}

const tag = (v: unknown) => make(VersionTag, { versionTag: str(obj(v)?.versionTag) });

/**
 * An asset's version: its set, tag and aliases as stored; whether it is the latest as the version set
 * says (its `versionSetProperties.latest`), or as stored when the set does not say.
 */
async function versionProperties(
  ctx: GraphQLContext,
  v: Json,
  urn: string,
): Promise<VersionProperties | undefined> {
  const set = str(v.versionSet);
  if (!set) return undefined;
  const latest = str((await ctx.entities.load(set)).aspects.versionSetProperties?.value.latest);
  return make(VersionProperties, {
    versionSet: ctx.entity(set) as VersionProperties['versionSet'],
    version: tag(v.version),
    aliases: list(v.aliases).map(tag),
    comment: str(v.comment),
    isLatest: latest !== undefined ? latest === urn : v.isLatest === true,
    created: resolvedStamp(ctx, v.metadataCreatedTimestamp),
    createdInSource: resolvedStamp(ctx, v.sourceCreatedTimestamp),
  });
}

/** `versionProperties` on every kind whose registry entity has the aspect. */
export function showVersionProperties(classes: Partial<Record<EntityType, EntityClass>>): void {
  showWhereAspect(classes, 'versionProperties', {
    versionProperties: { type: VersionProperties, aspect: 'versionProperties', read: versionProperties },
  });
}

/** A version set's own fields: its latest version. */
export const VERSION_SET_FIELDS: Readonly<Record<string, AspectField>> = {
  latestVersion: {
    type: Entity,
    aspect: 'versionSetProperties',
    read: (ctx: GraphQLContext, v: Json) => {
      const latest = str(v.latest);
      return latest ? ctx.entity(latest) : undefined;
    },
  },
};
