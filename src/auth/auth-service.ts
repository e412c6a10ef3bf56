import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
} from '../errors/index.js';
import type { AuthStore, TokenRow, UsageEventRow, UsageEventStore } from '../store/index.js';
import { SYSTEM_CALLER, requirePrivilege, type Caller } from './caller.js';
import { allows, roleOf, ROLES, type Role } from './roles.js';
import { DURATIONS, newToken, sameId, TOKEN_FORM, tokenId } from './tokens.js';

export interface CreateTokenInput {
  readonly type: string;
  readonly actorUrn: string;
  readonly duration: string;
  readonly name: string;
  readonly description?: string | null | undefined;
}

export interface TokenMetadata extends TokenRow {
  readonly urn: string;
}

const USER = /^urn:li:corpuser:[^\s]+$/;
const withUrn = (t: TokenRow): TokenMetadata => ({ ...t, urn: `urn:li:dataHubAccessToken:${t.id}` });

/** How a user signed in (DataHub's `loginSource` of its LogInEvent). */
export type LoginSource = 'passwordLogin' | 'fallbackLogin' | 'signUpLinkLogin' | 'passwordReset';

/** What a backend usage event of an entity holds besides its type and actor. */
interface EventTarget {
  readonly entityUrn: string;
  readonly entityType: string;
  readonly aspectName: string;
}

/**
 * Who is calling (authentication) and the access tokens and roles behind it. Tokens are opaque and
 * stored only as their hash; every request looks its token up, so a revoked token is refused at once.
 */
export class AuthService {
  private readonly rootId: string;

  constructor(
    private readonly store: AuthStore,
    rootToken: string,
    readonly enabled: boolean,
    /** Live tokens one actor may hold (0: no cap). */
    private readonly maxTokensPerActor = 0,
    private readonly now: () => number = Date.now,
    /**
     * Where token, role and sign-in events are recorded for the audit search (DataHub records them as
     * backend usage events); none: not recorded.
     */
    private readonly events?: UsageEventStore,
  ) {
    this.rootId = tokenId(rootToken);
  }

  /** The caller of an `Authorization` header; throws 401 for anything but a valid, live token. */
  async authenticate(header: string | undefined): Promise<Caller> {
    if (!this.enabled) return SYSTEM_CALLER;
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
    if (!m)
      throw new UnauthenticatedError(
        'Unauthorized to perform this action: expected "Authorization: Bearer <token>".',
      );
    const token = m[1] as string;
    const id = tokenId(token);
    if (sameId(id, this.rootId)) return SYSTEM_CALLER;
    if (!TOKEN_FORM.test(token))
      throw new UnauthenticatedError('Unauthorized to perform this action: invalid token.');
    const row = await this.store.tokenWithRole(id);
    if (!row)
      throw new UnauthenticatedError('Unauthorized to perform this action: unknown or revoked token.');
    if (row.expiresAt !== null && row.expiresAt <= this.now())
      throw new UnauthenticatedError('Unauthorized to perform this action: the token has expired.');
    return {
      actor: row.actorUrn,
      role: roleOf(row.role ?? '') ?? 'Reader',
      tokenId: id,
      ...(row.type === 'SESSION' ? { tokenType: 'SESSION' as const } : {}),
    };
  }

  /**
   * A session for a user who has just proved who they are (a password, an invite, a reset, or an access
   * token of theirs): a token of type SESSION that expires after `durationMs` and is revoked at sign-out.
   * The caller (the native-user service) checks the proof; nothing here does.
   */
  async createSession(
    actorUrn: string,
    durationMs: number,
    source?: LoginSource,
  ): Promise<{ token: string; expiresAt: number }> {
    if (!USER.test(actorUrn)) throw new BadRequestError(`Not a corpuser URN: ${actorUrn}`);
    const token = newToken();
    const createdAt = this.now();
    const row: TokenRow = {
      id: tokenId(token),
      name: 'Session',
      description: null,
      actorUrn,
      ownerUrn: actorUrn,
      createdAt,
      expiresAt: createdAt + durationMs,
      type: 'SESSION',
    };
    await this.store.createToken(row, 0, createdAt);
    await this.recordEvent('LogInEvent', actorUrn, source ? { loginSource: source } : {});
    return { token, expiresAt: row.expiresAt as number };
  }

  /** Ends a session (sign-out): the token is revoked when it is a session; true when it was. */
  async endSession(token: string): Promise<boolean> {
    if (!TOKEN_FORM.test(token)) return false;
    const row = await this.store.token(tokenId(token));
    return row?.type === 'SESSION' ? this.store.deleteToken(row.id) : false;
  }

  /** An actor's role: assigned by an Admin; Reader when none is. */
  async roleOf(actor: string): Promise<Role> {
    return roleOf((await this.store.role(actor)) ?? '') ?? 'Reader';
  }

  /** A personal access token for the caller, or (Admin only) for another user. */
  async createToken(input: CreateTokenInput): Promise<{ accessToken: string; metadata: TokenMetadata }> {
    const caller = requirePrivilege('read', 'generate personal access tokens') as Caller;
    if (input.type !== 'PERSONAL') throw new BadRequestError(`Unsupported token type ${input.type}`);
    if (!USER.test(input.actorUrn))
      throw new BadRequestError(`actorUrn must be a corpuser URN, got "${input.actorUrn}"`);
    if (!Object.hasOwn(DURATIONS, input.duration))
      throw new BadRequestError(`Unknown duration ${input.duration}`);
    if (!input.name.trim()) throw new BadRequestError('A token needs a name');
    if (input.actorUrn !== caller.actor) requirePrivilege('admin', 'generate tokens for other users');
    const accessToken = newToken();
    const createdAt = this.now();
    const ms = DURATIONS[input.duration] as number | null;
    const row: TokenRow = {
      id: tokenId(accessToken),
      name: input.name,
      description: input.description ?? null,
      actorUrn: input.actorUrn,
      ownerUrn: caller.actor,
      createdAt,
      expiresAt: ms === null ? null : createdAt + ms,
      type: 'PERSONAL',
    };
    const { live, created } = await this.store.createToken(row, this.maxTokensPerActor, createdAt);
    if (!created)
      throw new ConflictError(
        `${input.actorUrn} already holds ${live} live access tokens, the most one actor may hold (NEOHUB_MAX_TOKENS_PER_ACTOR is ${this.maxTokensPerActor}): revoke one first.`,
      );
    await this.record('CreateAccessTokenEvent', caller.actor, tokenTarget(row.id));
    return { accessToken, metadata: withUrn(row) };
  }

  /** Tokens, newest first: the caller's own (as owner or actor); anyone's for an Admin. */
  async listTokens(q: {
    start: number;
    count: number;
    filters: readonly { field: string; value: string }[];
  }): Promise<{ start: number; count: number; total: number; tokens: TokenMetadata[] }> {
    const caller = requirePrivilege('read', 'list access tokens') as Caller;
    const filter = (f: string) => q.filters.find((x) => x.field === f)?.value;
    for (const f of q.filters)
      if (f.field !== 'ownerUrn' && f.field !== 'actorUrn')
        throw new BadRequestError(`Tokens can be filtered on ownerUrn and actorUrn, not ${f.field}`);
    let ownerUrn = filter('ownerUrn');
    let actorUrn = filter('actorUrn');
    if (!allows(caller.role, 'admin')) {
      if (ownerUrn !== undefined && ownerUrn !== caller.actor && actorUrn !== caller.actor)
        throw new ForbiddenError(`${caller.actor} is unauthorized to list the tokens of other users.`);
      if (actorUrn !== undefined && actorUrn !== caller.actor && ownerUrn !== caller.actor)
        throw new ForbiddenError(`${caller.actor} is unauthorized to list the tokens of other users.`);
      if (ownerUrn === undefined && actorUrn === undefined) actorUrn = caller.actor;
      if (ownerUrn === undefined && actorUrn !== caller.actor) ownerUrn = caller.actor;
    }
    const page = await this.store.tokens({ ownerUrn, actorUrn, start: q.start, count: q.count });
    return { start: q.start, count: page.tokens.length, total: page.total, tokens: page.tokens.map(withUrn) };
  }

  /** Revokes a token at once: its owner, its actor or an Admin may. */
  async revokeToken(id: string): Promise<boolean> {
    const caller = requirePrivilege('read', 'revoke access tokens') as Caller;
    const row = await this.store.token(id);
    if (!row) throw new NotFoundError(`No access token with id ${id}`);
    if (row.ownerUrn !== caller.actor && row.actorUrn !== caller.actor)
      requirePrivilege('admin', 'revoke the tokens of other users');
    const deleted = await this.store.deleteToken(id);
    if (deleted) await this.record('RevokeAccessTokenEvent', caller.actor, tokenTarget(id));
    return deleted;
  }

  /** The metadata of a token given in full (not the caller's own token only: any the caller may see). */
  async tokenMetadata(token: string): Promise<TokenMetadata> {
    const caller = requirePrivilege('read', 'read access token metadata') as Caller;
    const row = TOKEN_FORM.test(token) ? await this.store.token(tokenId(token)) : undefined;
    if (!row) throw new NotFoundError('No such access token');
    if (row.ownerUrn !== caller.actor && row.actorUrn !== caller.actor)
      requirePrivilege('admin', 'read the tokens of other users');
    return withUrn(row);
  }

  /** Gives actors a role (`urn:li:dataHubRole:<Role>`), or takes it away (null). Admin only. */
  async assignRole(roleUrn: string | null, actors: readonly string[]): Promise<boolean> {
    const caller = requirePrivilege('admin', 'assign roles') as Caller;
    const role = roleUrn === null ? null : roleOf(roleUrn);
    if (roleUrn !== null && !role)
      throw new BadRequestError(
        `Unknown role ${roleUrn}: one of ${ROLES.map((r) => `urn:li:dataHubRole:${r}`).join(', ')}`,
      );
    for (const a of actors)
      if (!USER.test(a)) throw new BadRequestError(`actors must be corpuser URNs, got "${a}"`);
    await this.store.assignRole(actors, role ?? null);
    // DataHub writes a user's role as its `roleMembership` aspect, which its audit calls UpdateUserEvent.
    await this.record(
      'UpdateUserEvent',
      caller.actor,
      ...actors.map((a) => ({ entityUrn: a, entityType: 'corpuser', aspectName: 'roleMembership' })),
    );
    return true;
  }

  /** Records a refused sign-in of a user (DataHub's FailedLogInEvent), with why when it is known. */
  async recordFailedLogIn(userUrn: string, reason?: string): Promise<void> {
    await this.recordEvent('FailedLogInEvent', userUrn, reason ? { loginDenialReason: reason } : {});
  }

  /** Records one backend usage event of no entity (a sign-in), with fields of its own. */
  private async recordEvent(type: string, actorUrn: string, extra: Record<string, string>): Promise<void> {
    await this.events?.record([this.usageEvent(type, actorUrn, undefined, extra)]);
  }

  /** Records backend usage events of entities, one per target, in one write. */
  private async record(type: string, actorUrn: string, ...targets: EventTarget[]): Promise<void> {
    if (targets.length) await this.events?.record(targets.map((t) => this.usageEvent(type, actorUrn, t)));
  }

  /** A backend usage event as DataHub's audit keeps it (`usageSource: backend`). */
  private usageEvent(
    type: string,
    actorUrn: string,
    target?: EventTarget,
    extra: Record<string, string> = {},
  ): UsageEventRow {
    const timestamp = this.now();
    const raw = { type, timestamp, actorUrn, usageSource: 'backend', ...target, ...extra };
    return {
      type,
      timestamp,
      actorUrn,
      backend: true,
      entityUrn: target?.entityUrn ?? null,
      entityType: target?.entityType ?? null,
      aspectName: target?.aspectName ?? null,
      json: JSON.stringify(raw),
    };
  }
}

/** A token as the entity DataHub keeps it as (its key aspect is what its audit names). */
function tokenTarget(id: string): EventTarget {
  return {
    entityUrn: `urn:li:dataHubAccessToken:${id}`,
    entityType: 'dataHubAccessToken',
    aspectName: 'dataHubAccessTokenKey',
  };
}
