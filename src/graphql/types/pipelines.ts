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
  namedField,
} from './kind-properties.js';
import { aspectFields, named, stringAt } from './aspect-fields.js';
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
}
aspectFields(DataFlow, {
  properties: namedField(
    DataFlowProperties,
    'dataFlowInfo',
    (ctx, urn) => keyOf(ctx, urn).flowId ?? '',
    (v) => ({ project: str(v.project), env: str(v.env) }),
  ),
});

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
}
aspectFields(DataJob, {
  properties: namedField(
    DataJobProperties,
    'dataJobInfo',
    (ctx, urn) => keyOf(ctx, urn).jobId ?? '',
    (v) => ({ env: str(v.env) }),
  ),
  /** Inputs and outputs, from both the URN lists and the edges (DataHub writes either). */
  inputOutput: {
    type: DataJobInputOutput,
    aspect: 'dataJobInputOutput',
    read: (ctx, v) => {
      const both = (urns: unknown, edges: unknown) =>
        entitiesOf(ctx, [...new Set([...(Array.isArray(urns) ? urns : []), ...edgeDestinations(edges)])]);
      return make(DataJobInputOutput, {
        inputDatasets: both(v.inputDatasets, v.inputDatasetEdges),
        outputDatasets: both(v.outputDatasets, v.outputDatasetEdges),
        inputDatajobs: both(v.inputDatajobs, v.inputDatajobEdges),
      });
    },
  },
});

@ObjectType({ implements: KIND_INTERFACES, description: 'A run of a data job, a pipeline or a training' })
export class DataProcessInstance extends kindBase('dataProcessInstance') {}
/** The run's properties, some of them also on the run itself (and the job or flow it is a run of). */
const RUN = 'dataProcessInstanceProperties';
aspectFields(DataProcessInstance, {
  properties: namedField(DataProcessInstanceProperties, RUN, () => ''),
  name: { type: String, aspect: RUN, read: (_, v) => str(v.name) ?? '' },
  externalUrl: { type: String, aspect: RUN, read: stringAt('externalUrl') },
  created: { type: AuditStamp, aspect: RUN, read: (_, v) => auditStamp(obj(v.created)) },
  /** The job or flow this run is an instance of (`parentTemplate`). */
  parentTemplate: {
    type: Entity,
    aspect: 'dataProcessInstanceRelationships',
    read: named('parentTemplate'),
  },
});

export const PIPELINE_CLASSES = {
  [EntityType.DATA_FLOW]: DataFlow,
  [EntityType.DATA_JOB]: DataJob,
  [EntityType.DATA_PROCESS_INSTANCE]: DataProcessInstance,
};
