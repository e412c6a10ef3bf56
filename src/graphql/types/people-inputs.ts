import { Int } from 'type-graphql';
import { EntityType } from './entity-type.js';
import { entityClass } from './entity-classes.js';
import { fields, opt, optional, req, TableInputType, TableObjectType } from './field-table.js';
import * as check from './input-checks.js';
import { PAGE } from './search-results.js';

// The inputs and pages of DataHub's user and group management.

const notNegative = () => opt(Int, { checks: [check.nonNegative] });
const LIST = { start: notNegative(), count: notNegative(), query: opt(String) };
const MEMBERS = { groupUrn: req(String), userUrns: req([String], { checks: [check.notEmpty] }) };

@TableInputType()
export class ListUsersInput extends fields(LIST) {}

@TableInputType()
export class ListGroupsInput extends fields(LIST) {}

@TableObjectType()
export class ListUsersResult extends fields({
  ...PAGE,
  users: req(() => [entityClass(EntityType.CORP_USER)]),
}) {}

@TableObjectType()
export class ListGroupsResult extends fields({
  ...PAGE,
  groups: req(() => [entityClass(EntityType.CORP_GROUP)]),
}) {}

@TableInputType()
export class AddGroupMembersInput extends fields(MEMBERS) {}

@TableInputType()
export class RemoveGroupMembersInput extends fields(MEMBERS) {}

@TableInputType()
export class CorpUserUpdateInput extends fields({
  ...optional(String, 'displayName', 'title', 'aboutMe'),
  ...optional([String], 'teams', 'skills'),
  ...optional(String, 'pictureLink', 'slack', 'phone', 'email'),
  platformUrns: opt([String]),
  personaUrn: opt(String),
}) {}

@TableInputType()
export class CorpGroupUpdateInput extends fields(
  optional(String, 'description', 'slack', 'email', 'pictureLink'),
) {}
