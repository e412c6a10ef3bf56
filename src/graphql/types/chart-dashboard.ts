import { Field, ObjectType } from 'type-graphql';
import { AccessLevelSchema, ChartTypeSchema } from '../../registry/index.js';
import { BrowsableEntity } from './asset.js';
import { AuditStamp, auditStamp, make, num, obj, requiredStamp, str, type Json } from './common.js';
import { kindBase } from './kind-types.js';
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
export class ChartEditableProperties extends fields({
  description: opt(String),
}) {}

@TableObjectType()
export class DashboardEditableProperties extends fields({
  description: opt(String),
}) {}

/** The fields of chartInfo and dashboardInfo that the two property types share. */
const biProperties = (v: Json, urn: string): FieldsOf<typeof BI_PROPERTIES> => {
  const stamps = obj(v.lastModified);
  return {
    name: str(v.title) ?? toolAndId(urn)[1],
    ...described(v, urn),
    access: str(v.access),
    lastRefreshed: num(v.lastRefreshed),
    created: requiredStamp(stamps?.created),
    lastModified: requiredStamp(stamps?.lastModified),
    deleted: auditStamp(stamps?.deleted),
  };
};

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A chart of a BI tool',
})
export class Chart extends kindBase('chart') {
  @Field(() => String) tool(): string {
    return toolAndId(this.urn)[0];
  }
  @Field(() => String) chartId(): string {
    return toolAndId(this.urn)[1];
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, `urn:li:dataPlatform:${toolAndId(this.urn)[0]}`);
  }
  @Field(() => ChartProperties, { nullable: true })
  async properties(): Promise<ChartProperties | undefined> {
    const v = await this.aspect('chartInfo');
    if (!v) return undefined;
    return make(ChartProperties, {
      ...biProperties(v, this.urn),
      type: str(v.type),
      chartUrl: str(v.chartUrl),
    });
  }
  @Field(() => ChartEditableProperties, { nullable: true })
  async editableProperties(): Promise<ChartEditableProperties | undefined> {
    const v = await this.aspect('editableChartProperties');
    return v ? make(ChartEditableProperties, { description: str(v.description) }) : undefined;
  }
}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A dashboard of a BI tool',
})
export class Dashboard extends kindBase('dashboard') {
  @Field(() => String) tool(): string {
    return toolAndId(this.urn)[0];
  }
  @Field(() => String) dashboardId(): string {
    return toolAndId(this.urn)[1];
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, `urn:li:dataPlatform:${toolAndId(this.urn)[0]}`);
  }
  @Field(() => DashboardProperties, { nullable: true })
  async properties(): Promise<DashboardProperties | undefined> {
    const v = await this.aspect('dashboardInfo');
    if (!v) return undefined;
    return make(DashboardProperties, { ...biProperties(v, this.urn), dashboardUrl: str(v.dashboardUrl) });
  }
  @Field(() => DashboardEditableProperties, { nullable: true })
  async editableProperties(): Promise<DashboardEditableProperties | undefined> {
    const v = await this.aspect('editableDashboardProperties');
    return v ? make(DashboardEditableProperties, { description: str(v.description) }) : undefined;
  }
}
