import { Field, ObjectType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { AssetEntity } from './asset.js';
import { customProperties, CustomPropertiesEntry, make, num, obj, str, type Json } from './common.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';

/** `urn:li:chart:(<tool>,<id>)` and `urn:li:dashboard:(<tool>,<id>)`. */
const toolAndId = (urn: string): [string, string] => {
  const m = /^urn:li:[A-Za-z]+:\(([^,]+),(.*)\)$/.exec(urn);
  return [m?.[1] ?? '', m?.[2] ?? urn];
};

@ObjectType()
export class ChartOrDashboardProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) externalUrl?: string;
  @Field(() => String, { nullable: true }) chartUrl?: string;
  @Field(() => String, { nullable: true }) dashboardUrl?: string;
  @Field(() => Long, { nullable: true }) lastModified?: number;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}

const properties = (v: Json, urn: string): ChartOrDashboardProperties =>
  make(ChartOrDashboardProperties, {
    name: str(v.title) ?? toolAndId(urn)[1],
    description: str(v.description),
    externalUrl: str(v.externalUrl),
    chartUrl: str(v.chartUrl),
    dashboardUrl: str(v.dashboardUrl),
    lastModified: num(obj(obj(v.lastModified)?.lastModified)?.time),
    customProperties: customProperties(v.customProperties, urn),
  });

@ObjectType({ implements: Entity, description: 'A chart of a BI tool' })
export class Chart extends AssetEntity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.CHART);
  }
  get typeName(): string {
    return 'Chart';
  }
  @Field(() => String) tool(): string {
    return toolAndId(this.urn)[0];
  }
  @Field(() => String) chartId(): string {
    return toolAndId(this.urn)[1];
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, `urn:li:dataPlatform:${toolAndId(this.urn)[0]}`);
  }
  @Field(() => ChartOrDashboardProperties, { nullable: true })
  async properties(): Promise<ChartOrDashboardProperties | undefined> {
    const v = await this.aspect('chartInfo');
    return v ? properties(v, this.urn) : undefined;
  }
}

@ObjectType({ implements: Entity, description: 'A dashboard of a BI tool' })
export class Dashboard extends AssetEntity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.DASHBOARD);
  }
  get typeName(): string {
    return 'Dashboard';
  }
  @Field(() => String) tool(): string {
    return toolAndId(this.urn)[0];
  }
  @Field(() => String) dashboardId(): string {
    return toolAndId(this.urn)[1];
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, `urn:li:dataPlatform:${toolAndId(this.urn)[0]}`);
  }
  @Field(() => ChartOrDashboardProperties, { nullable: true })
  async properties(): Promise<ChartOrDashboardProperties | undefined> {
    const v = await this.aspect('dashboardInfo');
    return v ? properties(v, this.urn) : undefined;
  }
}
