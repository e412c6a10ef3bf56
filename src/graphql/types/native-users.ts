import { fields, opt, req, TableInputType, TableObjectType } from './field-table.js';

/** A token that lets someone sign up as a native user (DataHub's `InviteToken`). */
@TableObjectType()
export class InviteToken extends fields({ inviteToken: req(String) }) {}

/** A token that lets a native user set a new password (DataHub's `ResetToken`). */
@TableObjectType()
export class ResetToken extends fields({ resetToken: req(String) }) {}

@TableInputType()
export class GetInviteTokenInput extends fields({
  /** The role a user signing up with the token takes (`urn:li:dataHubRole:Reader`...); none when absent. */
  roleUrn: opt(String),
}) {}

@TableInputType()
export class CreateInviteTokenInput extends fields({ roleUrn: opt(String) }) {}

@TableInputType()
export class CreateNativeUserResetTokenInput extends fields({ userUrn: req(String) }) {}

@TableInputType()
export class AcceptRoleInput extends fields({ inviteToken: req(String) }) {}
