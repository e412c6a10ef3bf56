import { Field, ObjectType } from 'type-graphql';
import { AccessLevelSchema, ChartTypeSchema } from '../../registry/index.js';
import { BrowsableEntity } from './asset.js';
import { AuditStamp, auditStamp, make, num, obj, requiredStamp, str, type Json } from './common.js';
import { kindBase, typeNameOf } from './kind-types.js';
import { aspectFields } from './aspect-fields.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { stringEnum } from './enums.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';
import { fields, opt, req, required, TableObjectType, type FieldsOf } from './field-table.js';
import { described, DESCRIBED } from './kind-properties.js';

/** The registry's symbols (DataHub's AccessLevel and ChartType). */
export const AccessLevel = stringEnum('AccessLevel', AccessLevelSchema.symbols) as Record<string, string>;
export type AccessLevel = string;
export const ChartType = stringEnum('ChartType', ChartTypeSchema.symbols) as Record<string, string>;
export type ChartType = string;

/** `urn:li:chart:(<tool>,<id>)` and `urn:li:dashboard:(<tool>,<id>)`. */
const toolAndId = (urn: string): [string, string] => {
  const m = /^urn:li:[A-Za-z]+:\(([^,]+),(.*)\)$/.exec(urn);
  return [m?.[1] ?? '', m?.[2] ?? urn];
};

/** What DataHub's ChartProperties and DashboardProperties share. */
const BI_PROPERTIES = {
  name: req(String),
  ...DESCRIBED,
  access: opt(AccessLevel),
  lastRefreshed: opt(Long),
  ...required(AuditStamp, 'created', 'lastModified'),
  deleted: opt(AuditStamp),
};

@TableObjectType()
export class ChartProperties extends fields({
  ...BI_PROPERTIES,
  type: opt(ChartType),
  /** neohub: the chart's URL in its tool (chartInfo.chartUrl). */
  chartUrl: opt(String),
}) {}

@TableObjectType()
export class DashboardProperties extends fields({
  ...BI_PROPERTIES,
  /** neohub: the dashboard's URL in its tool (dashboardInfo.dashboardUrl). */
  dashboardUrl: opt(String),
}) {}

@TableObjectType()
export class ChartEditableProperties extends fields({ description: opt(String) }) {}

@TableObjectType()
export class DashboardEditableProperties extends fields({ description: opt(String) }) {}

/**
 * What charts and dashboards share: a `(tool, id)` key, the tool's platform, the properties of their
 * `<kind>Info` aspect (BI_PROPERTIES and those `own` reads) and their editable description.
 */
function biBase<P extends FieldsOf<typeof BI_PROPERTIES>>(
  kind: 'chart' | 'dashboard',
  Properties: new () => P,
  own: (v: Json) => Partial<P>,
  Editable: new () => { description?: string },
) {
  abstract class BiAsset extends kindBase(kind) {
    @Field(() => String) tool(): string {
      return toolAndId(this.urn)[0];
    }
    @Field(() => DataPlatform) platform(): DataPlatform {
      return new DataPlatform(this.ctx, `urn:li:dataPlatform:${toolAndId(this.urn)[0]}`);
    }
  }
  ObjectType(`${typeNameOf(kind)}BiBase`)(BiAsset);
  aspectFields(BiAsset, {
    properties: {
      type: Properties,
      aspect: `${kind}Info`,
      read: (_, v, urn) => {
        const stamps = obj(v.lastModified);
        return make(Properties, {
          name: str(v.title) ?? toolAndId(urn)[1],
          ...described(v, urn),
          access: str(v.access),
          lastRefreshed: num(v.lastRefreshed),
          created: requiredStamp(stamps?.created),
          lastModified: requiredStamp(stamps?.lastModified),
          deleted: auditStamp(stamps?.deleted),
          ...own(v),
        } as Partial<P>);
      },
    },
    editableProperties: {
      type: Editable,
      aspect: `editable${typeNameOf(kind)}Properties`,
      read: (_, v) => make(Editable, { description: str(v.description) }),
    },
  });
  return BiAsset;
}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A chart of a BI tool',
})
export class Chart extends biBase(
  'chart',
  ChartProperties,
  (v) => ({ type: str(v.type), chartUrl: str(v.chartUrl) }),
  ChartEditableProperties,
) {
  @Field(() => String) chartId(): string {
    return toolAndId(this.urn)[1];
  }
}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A dashboard of a BI tool',
})
export class Dashboard extends biBase(
  'dashboard',
  DashboardProperties,
  (v) => ({ dashboardUrl: str(v.dashboardUrl) }),
  DashboardEditableProperties,
) {
  @Field(() => String) dashboardId(): string {
    return toolAndId(this.urn)[1];
  }
}
