import { Field, ObjectType } from 'type-graphql';
import { AuditStamp, auditStamp, make, obj, str } from './common.js';
import { Entity } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { edgeDestinations, entitiesOf } from './asset-context.js';
import {
  DataFlowProperties,
  DataJobProperties,
  DataProcessInstanceProperties,
  namedProperties,
} from './kind-properties.js';
import { KIND_INTERFACES, keyOf, kindBase } from './kind-types.js';
import { DataPlatform } from './people.js';
import { fields, opt, optional, TableObjectType } from './field-table.js';

@ObjectType({
  implements: KIND_INTERFACES,
  description: 'A data flow: a pipeline of jobs (an Airflow DAG...)',
})
export class DataFlow extends kindBase('dataFlow') {
  @Field(() => String) orchestrator(): string {
    return keyOf(this.ctx, this.urn).orchestrator ?? '';
  }
  @Field(() => String) flowId(): string {
    return keyOf(this.ctx, this.urn).flowId ?? '';
  }
  @Field(() => String) cluster(): string {
    return keyOf(this.ctx, this.urn).cluster ?? '';
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, `urn:li:dataPlatform:${this.orchestrator()}`);
  }
  @Field(() => DataFlowProperties, { nullable: true })
  async properties(): Promise<DataFlowProperties | undefined> {
    const v = await this.aspect('dataFlowInfo');
    return v
      ? namedProperties(DataFlowProperties, v, this.urn, this.flowId(), {
          project: str(v.project),
          env: str(v.env),
        })
      : undefined;
  }
}

@TableObjectType()
export class DataJobInputOutput extends fields({
  ...optional(() => [entityClass(EntityType.DATASET)], 'inputDatasets', 'outputDatasets'),
  inputDatajobs: opt(() => [entityClass(EntityType.DATA_JOB)]),
}) {}

@ObjectType({ implements: KIND_INTERFACES, description: 'A data job: a task of a data flow' })
export class DataJob extends kindBase('dataJob') {
  @Field(() => String) jobId(): string {
    return keyOf(this.ctx, this.urn).jobId ?? '';
  }
  @Field(() => DataFlow, { nullable: true }) dataFlow(): Entity | undefined {
    const flow = keyOf(this.ctx, this.urn).flow;
    return flow ? this.ctx.entity(flow) : undefined;
  }
  @Field(() => DataPlatform, { nullable: true }) platform(): DataPlatform | undefined {
    const flow = keyOf(this.ctx, this.urn).flow;
    const orchestrator = flow ? /^urn:li:dataFlow:\(([^,]+),/.exec(flow)?.[1] : undefined;
    return orchestrator ? new DataPlatform(this.ctx, `urn:li:dataPlatform:${orchestrator}`) : undefined;
  }
  @Field(() => DataJobProperties, { nullable: true })
  async properties(): Promise<DataJobProperties | undefined> {
    const v = await this.aspect('dataJobInfo');
    return v ? namedProperties(DataJobProperties, v, this.urn, this.jobId(), { env: str(v.env) }) : undefined;
  }
  /** Inputs and outputs, from both the URN lists and the edges (DataHub writes either). */
  @Field(() => DataJobInputOutput, { nullable: true })
  async inputOutput(): Promise<DataJobInputOutput | undefined> {
    const v = await this.aspect('dataJobInputOutput');
    if (!v) return undefined;
    const both = (urns: unknown, edges: unknown) =>
      entitiesOf(this.ctx, [...new Set([...(Array.isArray(urns) ? urns : []), ...edgeDestinations(edges)])]);
    return make(DataJobInputOutput, {
      inputDatasets: both(v.inputDatasets, v.inputDatasetEdges),
      outputDatasets: both(v.outputDatasets, v.outputDatasetEdges),
      inputDatajobs: both(v.inputDatajobs, v.inputDatajobEdges),
    });
  }
}

@ObjectType({ implements: KIND_INTERFACES, description: 'A run of a data job, a pipeline or a training' })
export class DataProcessInstance extends kindBase('dataProcessInstance') {
  @Field(() => DataProcessInstanceProperties, { nullable: true })
  async properties(): Promise<DataProcessInstanceProperties | undefined> {
    const v = await this.aspect('dataProcessInstanceProperties');
    return v ? namedProperties(DataProcessInstanceProperties, v, this.urn, '') : undefined;
  }
  @Field(() => String, { nullable: true }) async name(): Promise<string | undefined> {
    return (await this.properties())?.name;
  }
  @Field(() => String, { nullable: true }) async externalUrl(): Promise<string | undefined> {
    return (await this.properties())?.externalUrl;
  }
  @Field(() => AuditStamp, { nullable: true }) async created(): Promise<AuditStamp | undefined> {
    return auditStamp(obj((await this.aspect('dataProcessInstanceProperties'))?.created));
  }
  /** The job or flow this run is an instance of (`parentTemplate`). */
  @Field(() => Entity, { nullable: true })
  async parentTemplate(): Promise<Entity | undefined> {
    const t = str((await this.aspect('dataProcessInstanceRelationships'))?.parentTemplate);
    return t ? this.ctx.entity(t) : undefined;
  }
}

export const PIPELINE_CLASSES = {
  [EntityType.DATA_FLOW]: DataFlow,
  [EntityType.DATA_JOB]: DataJob,
  [EntityType.DATA_PROCESS_INSTANCE]: DataProcessInstance,
};
