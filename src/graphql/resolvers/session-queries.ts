import { Ctx, Query, Resolver } from 'type-graphql';
import { asSystem, currentCaller, SYSTEM_CALLER } from '../../auth/index.js';
import type { GraphQLContext } from '../context.js';
import { obj, str } from '../types/json.js';
import { AppConfig, appConfig } from '../types/app-config.js';
import { AuthenticatedUser, GlobalViewsSettings, platformPrivileges } from '../types/session.js';
import { CorpUser } from '../types/people.js';

/** DataHub's one global settings entity. */
const GLOBAL_SETTINGS = 'urn:li:globalSettings:0';

/** The caller and its app settings: what DataHub's web app and its MCP server ask first. */
@Resolver()
export class SessionQueries {
  /** The caller: its user (the token's actor) and what its role lets it do. */
  @Query(() => AuthenticatedUser, { nullable: true })
  me(@Ctx() ctx: GraphQLContext): AuthenticatedUser {
    const caller = currentCaller() ?? SYSTEM_CALLER;
    return { corpUser: new CorpUser(ctx, caller.actor), platformPrivileges: platformPrivileges(caller.role) };
  }

  /** What neohub does, as DataHub's web app and scripts read it first (`datahub search diagnose`). */
  @Query(() => AppConfig, { nullable: true })
  appConfig(@Ctx() ctx: GraphQLContext): AppConfig {
    return appConfig({ version: ctx.services.config.reportedVersion, auth: ctx.services.config.auth });
  }

  /**
   * The organisation's default View, for every caller (DataHub's web app and MCP server read it before
   * each search). Only that URN is read of the global settings, which are otherwise an Admin's.
   */
  @Query(() => GlobalViewsSettings, { nullable: true })
  async globalViewsSettings(@Ctx() ctx: GraphQLContext): Promise<GlobalViewsSettings> {
    const view = await asSystem(() => ctx.services.reads.entity(GLOBAL_SETTINGS, ['globalSettingsInfo']));
    const info = view.aspects.globalSettingsInfo?.value;
    return { defaultView: str(obj(obj(info)?.views)?.defaultView) };
  }
}
