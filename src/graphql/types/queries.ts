import { Field, ObjectType } from 'type-graphql';
import { customProperties, CustomPropertiesEntry, list, make, STAMPS, stamps, str } from './common.js';
import { Entity } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import {
  described,
  MLModelDeploymentProperties,
  namedField,
  NotebookInfo,
  QueryStatement,
} from './kind-properties.js';
import { aspectFields } from './aspect-fields.js';
import { KIND_INTERFACES, keyOf, kindBase } from './kind-types.js';
import { DataPlatform, idOf } from './people.js';
import { fields, opt, optional, req, TableObjectType } from './field-table.js';

@TableObjectType()
export class QueryProperties extends fields({
  statement: req(QueryStatement),
  source: req(String),
  ...optional(String, 'name', 'description'),
  ...STAMPS,
  /** The entity the query came from (a dashboard, a job...). */
  origin: opt(Entity),
  customProperties: opt([CustomPropertiesEntry]),
}) {}

@TableObjectType()
export class QuerySubject extends fields({
  dataset: opt(() => entityClass(EntityType.DATASET)),
  schemaField: opt(() => entityClass(EntityType.SCHEMA_FIELD)),
}) {}

@ObjectType({ implements: KIND_INTERFACES, description: 'A query: SQL that reads or writes datasets' })
export class QueryEntity extends kindBase('query') {
  @Field(() => DataPlatform, { nullable: true })
  async platform(): Promise<DataPlatform | undefined> {
    const p = str((await this.aspect('dataPlatformInstance'))?.platform);
    return p ? new DataPlatform(this.ctx, p) : undefined;
  }
}
aspectFields(QueryEntity, {
  properties: {
    type: QueryProperties,
    aspect: 'queryProperties',
    read: (ctx, v, urn) => {
      const statement = v.statement as Record<string, unknown> | undefined;
      return make(QueryProperties, {
        statement: make(QueryStatement, {
          value: str(statement?.value) ?? '',
          language: str(statement?.language) ?? 'SQL',
        }),
        source: str(v.source) ?? 'MANUAL',
        name: str(v.name),
        description: str(v.description),
        ...stamps(v),
        origin: ctx.entity(str(v.origin) ?? ''),
        customProperties: customProperties(v.customProperties, urn),
      });
    },
  },
  /** The datasets and columns the query touches (`querySubjects`). */
  subjects: {
    type: [QuerySubject],
    aspect: 'querySubjects',
    read: (ctx, v) =>
      list(v.subjects).map((s) => {
        const urn = str(s.entity) ?? '';
        const e = ctx.entity(urn);
        return urn.startsWith('urn:li:schemaField:')
          ? make(QuerySubject, { schemaField: e })
          : make(QuerySubject, { dataset: e });
      }),
  },
});

@ObjectType({ implements: KIND_INTERFACES, description: 'A notebook (Jupyter, Hex, Databricks...)' })
export class Notebook extends kindBase('notebook') {
  @Field(() => String) tool(): string {
    return keyOf(this.ctx, this.urn).notebookTool ?? '';
  }
  @Field(() => String) notebookId(): string {
    return keyOf(this.ctx, this.urn).notebookId ?? '';
  }
}
aspectFields(Notebook, {
  info: {
    type: NotebookInfo,
    aspect: 'notebookInfo',
    read: (_, v, urn) => make(NotebookInfo, { title: str(v.title), ...described(v, urn) }),
  },
});

@ObjectType({ implements: KIND_INTERFACES, description: 'A deployment of an ML model (an endpoint)' })
export class MLModelDeployment extends kindBase('mlModelDeployment') {}
aspectFields(MLModelDeployment, {
  properties: namedField(
    MLModelDeploymentProperties,
    'mlModelDeploymentProperties',
    (ctx, urn) => keyOf(ctx, urn).name ?? idOf(urn),
    (v) => ({ status: str(v.status) }),
  ),
});

export const QUERY_CLASSES = {
  [EntityType.QUERY]: QueryEntity,
  [EntityType.NOTEBOOK]: Notebook,
  [EntityType.MLMODEL_DEPLOYMENT]: MLModelDeployment,
};
