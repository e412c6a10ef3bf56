import {
  AssertionStdAggregation,
  AssertionStdOperator,
  AssertionStdParameterType,
  DatasetAssertionScope,
} from './assertion-info.js';
import { AssertionResultErrorType, AssertionResultSeverity, AssertionResultType } from './assertion-runs.js';
import { fields, opt, optional, req, TableInputType } from './field-table.js';
import { Long } from './scalars.js';

// What DataHub's GraphQL takes to record assertions that run elsewhere (upsertCustomAssertion,
// reportAssertionResult).

@TableInputType()
export class PlatformInput extends fields(optional(String, 'urn', 'name')) {}

@TableInputType()
export class StringMapEntryInput extends fields({ key: req(String), value: opt(String) }) {}

@TableInputType()
export class AssertionStdParameterInput extends fields({
  value: req(String),
  type: req(AssertionStdParameterType),
}) {}

@TableInputType()
export class AssertionStdParametersInput extends fields({
  value: opt(AssertionStdParameterInput),
  maxValue: opt(AssertionStdParameterInput),
  minValue: opt(AssertionStdParameterInput),
}) {}

@TableInputType()
export class UpsertCustomAssertionInput extends fields({
  entityUrn: req(String),
  type: req(String),
  description: req(String),
  fieldPath: opt(String),
  fieldPaths: opt([String]),
  platform: req(PlatformInput),
  ...optional(String, 'externalUrl', 'logic'),
  scope: opt(DatasetAssertionScope),
  aggregation: opt(AssertionStdAggregation),
  operator: opt(AssertionStdOperator),
  parameters: opt(AssertionStdParametersInput),
  nativeType: opt(String),
  nativeParameters: opt([StringMapEntryInput]),
}) {}

@TableInputType()
export class AssertionResultErrorInput extends fields({
  type: req(AssertionResultErrorType),
  message: req(String),
}) {}

@TableInputType()
export class AssertionResultInput extends fields({
  timestampMillis: opt(Long),
  type: req(AssertionResultType),
  properties: opt([StringMapEntryInput]),
  externalUrl: opt(String),
  error: opt(AssertionResultErrorInput),
  severity: opt(AssertionResultSeverity),
}) {}
