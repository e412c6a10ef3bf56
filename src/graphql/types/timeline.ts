import { Int } from 'type-graphql';
import { AuditStamp } from './audit-stamp.js';
import { stringEnum } from './enums.js';
import { fields, opt, req, TableInputType, TableObjectType } from './field-table.js';
import { Long } from './scalars.js';

// DataHub's timeline in GraphQL (`getTimeline`): an entity's change transactions, as its History tab
// reads them.

export const ChangeCategoryType = stringEnum('ChangeCategoryType', [
  'DOCUMENTATION',
  'GLOSSARY_TERM',
  'OWNERSHIP',
  'TECHNICAL_SCHEMA',
  'TAG',
  'PARENT',
  'RELATED_ENTITIES',
  'DOMAIN',
  'STRUCTURED_PROPERTY',
  'APPLICATION',
  'ASSET_MEMBERSHIP',
  'VERSIONING',
] as const);
export type ChangeCategoryType = (typeof ChangeCategoryType)[keyof typeof ChangeCategoryType];

export const ChangeOperationType = stringEnum('ChangeOperationType', ['ADD', 'MODIFY', 'REMOVE'] as const);

@TableInputType()
export class GetTimelineInput extends fields({
  urn: req(String),
  changeCategories: opt([ChangeCategoryType]),
  includeVersionSet: opt(Boolean),
}) {}

@TableObjectType()
export class TimelineParameterEntry extends fields({ key: opt(String), value: opt(String) }) {}

@TableObjectType()
export class ChangeEvent extends fields({
  urn: req(String),
  category: opt(ChangeCategoryType),
  operation: opt(ChangeOperationType),
  modifier: opt(String),
  parameters: opt([TimelineParameterEntry]),
  auditStamp: opt(AuditStamp),
  description: opt(String),
}) {}

@TableObjectType()
export class ChangeTransaction extends fields({
  timestampMillis: req(Long),
  lastSemanticVersion: req(String),
  versionStamp: req(String),
  changeType: req(ChangeOperationType),
  actor: opt(String),
  changes: opt([ChangeEvent]),
}) {}

@TableObjectType()
export class GetTimelineResult extends fields({
  changeTransactions: req([ChangeTransaction]),
  skippedVersionCount: opt(Int),
}) {}
