import { Field, ObjectType } from 'type-graphql';
import { AccessLevelSchema, ChartTypeSchema } from '../../registry/index.js';
import { BrowsableEntity } from './asset.js';
import {
  AuditStamp,
  auditStamp,
  customProperties,
  CustomPropertiesEntry,
  make,
  num,
  obj,
  requiredStamp,
  str,
  type Json,
} from './common.js';
import { kindBase } from './kind-types.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { stringEnum } from './enums.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';

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

/** What DataHub's ChartProperties and DashboardProperties share (not a type of the schema). */
@ObjectType()
abstract class BiProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) externalUrl?: string;
  @Field(() => AccessLevel, { nullable: true }) access?: AccessLevel;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
  @Field(() => Long, { nullable: true }) lastRefreshed?: number;
  @Field(() => AuditStamp) created!: AuditStamp;
  @Field(() => AuditStamp) lastModified!: AuditStamp;
  @Field(() => AuditStamp, { nullable: true }) deleted?: AuditStamp;
}

@ObjectType()
export class ChartProperties extends BiProperties {
  @Field(() => ChartType, { nullable: true }) type?: ChartType;
  /** neohub: the chart's URL in its tool (chartInfo.chartUrl). */
  @Field(() => String, { nullable: true }) chartUrl?: string;
}

@ObjectType()
export class DashboardProperties extends BiProperties {
  /** neohub: the dashboard's URL in its tool (dashboardInfo.dashboardUrl). */
  @Field(() => String, { nullable: true }) dashboardUrl?: string;
}

@ObjectType()
export class ChartEditableProperties {
  @Field(() => String, { nullable: true }) description?: string;
}

@ObjectType()
export class DashboardEditableProperties {
  @Field(() => String, { nullable: true }) description?: string;
}

/** The fields of chartInfo and dashboardInfo that the two property types share. */
const biProperties = (v: Json, urn: string): Partial<BiProperties> => {
  const stamps = obj(v.lastModified);
  return {
    name: str(v.title) ?? toolAndId(urn)[1],
    description: str(v.description),
    externalUrl: str(v.externalUrl),
    access: str(v.access),
    customProperties: customProperties(v.customProperties, urn),
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
