import { Mutation, Query, Resolver } from 'type-graphql';
import { make } from '../types/json.js';
import {
  AcceptRoleInput,
  CreateInviteTokenInput,
  CreateNativeUserResetTokenInput,
  GetInviteTokenInput,
  InviteToken,
  ResetToken,
} from '../types/native-users.js';
import { declareRootFields, rootField } from './root-fields.js';

/**
 * DataHub's invite and reset tokens and `acceptRole`: thin adapters over the native-user service, which
 * decides who may (tokens: Admin; accepting a role: anyone signed in, with a valid invite).
 */
@Resolver()
export class NativeUserResolvers {}

declareRootFields(NativeUserResolvers, Query, {
  /** The invite token of a role, made when there is none. */
  getInviteToken: rootField(GetInviteTokenInput, InviteToken, async (input, ctx) =>
    make(InviteToken, {
      inviteToken: await ctx.services.nativeUsers.inviteToken(input.roleUrn ?? null, false),
    }),
  ),
});

declareRootFields(NativeUserResolvers, Mutation, {
  /** A new invite token of a role, replacing the role's previous ones. */
  createInviteToken: rootField(CreateInviteTokenInput, InviteToken, async (input, ctx) =>
    make(InviteToken, {
      inviteToken: await ctx.services.nativeUsers.inviteToken(input.roleUrn ?? null, true),
    }),
  ),
  /** A password reset token for a native user, valid for PASSWORD_RESET_TOKEN_EXPIRATION_MS. */
  createNativeUserResetToken: rootField(CreateNativeUserResetTokenInput, ResetToken, async (input, ctx) =>
    make(ResetToken, { resetToken: await ctx.services.nativeUsers.createResetToken(input.userUrn) }),
  ),
  /** The caller takes the role of an invite token. */
  acceptRole: rootField(AcceptRoleInput, Boolean, (input, ctx) =>
    ctx.services.nativeUsers.acceptRole(input.inviteToken),
  ),
});
