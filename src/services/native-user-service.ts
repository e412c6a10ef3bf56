import {
  asSystem,
  checkPassword,
  decryptDataHubSecret,
  encryptDataHubSecret,
  hashPassword,
  letterToken,
  MAX_PASSWORD,
  requirePrivilege,
  roleOf,
  sha256Base64,
  SYSTEM_ACTOR,
  type AuthService,
  type Caller,
  type Credentials,
  type LoginSource,
} from '../auth/index.js';
import { BadRequestError, ConflictError, ForbiddenError, UnauthenticatedError } from '../errors/index.js';
import type { IngestService } from './ingest-service.js';
import type { AspectJson, Proposal } from './proposal.js';
import type { ReadService } from './read-service.js';

/** Why a user may not sign in, as DataHub names it (`LoginDenialReason`). */
export type LoginDenialReason =
  'HARD_DELETED' | 'SOFT_DELETED' | 'SUSPENDED' | 'INVALID_CREDENTIALS' | 'NOT_PROVISIONED';

/** DataHub's `/auth/verifyNativeUserCredentials` answer. */
export interface VerifyResult {
  readonly doesPasswordMatch: boolean;
  readonly loginDenialReason?: LoginDenialReason;
}

export interface SignUp {
  readonly userUrn: string;
  readonly fullName: string;
  readonly email: string;
  readonly title?: string | undefined;
  readonly password: string;
  readonly inviteToken: string;
}

export interface NativeUserOptions {
  /** The key of stored secrets (invite and reset tokens, DataHub's password salts). */
  readonly secretKey: string;
  readonly sessionMs: number;
  readonly resetMs: number;
  readonly now?: () => number;
}

/** A session: its token (the cookie's or the bearer's value) and when it expires (epoch millis). */
export interface Session {
  readonly token: string;
  readonly expiresAt: number;
  readonly actor: string;
}

export const ROOT_USER = 'urn:li:corpuser:datahub';
const USER = /^urn:li:corpuser:(.+)$/;
/** User URNs no one may sign up as (DataHub's reserved actors). */
const RESERVED = new Set([SYSTEM_ACTOR, 'urn:li:corpuser:UNKNOWN', ROOT_USER]);
const MIN_PASSWORD = 8;
const USER_ASPECTS = ['corpUserKey', 'corpUserInfo', 'corpUserStatus', 'status', 'corpUserCredentials'];

/**
 * Native users as DataHub's service keeps them: sign-up with an invite token, credentials in
 * `corpUserCredentials` (scrypt; DataHub's own hashes checked and replaced on sign-in), password reset
 * tokens, invite tokens per role, the root user, and sessions (access tokens of type SESSION). The
 * credentials are read and written as the system: only this service ever sees them unredacted.
 * Decision 0047.
 */
export class NativeUserService {
  private readonly now: () => number;

  constructor(
    private readonly ingest: IngestService,
    private readonly reads: ReadService,
    private readonly auth: AuthService,
    private readonly opts: NativeUserOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  // ---- DataHub's auth servlet (`/auth/*`): its frontend calls it as the system; here, any Admin ----

  /**
   * Refuses what DataHub's auth servlet refuses beyond the route's Admin: a session (401). The servlet is
   * its frontend's, which calls it as the system; an Admin may do what it does anyway (make users, tokens
   * for others), so an Admin's access token may call it too.
   */
  private requireTrustedCaller(): void {
    const caller = requirePrivilege('admin', 'call the auth endpoints') as Caller;
    if (caller.tokenType === 'SESSION')
      throw new UnauthenticatedError('A session token may not call the auth endpoints.');
  }

  /** A native user (DataHub's `/auth/signUp`): info, status ACTIVE and credentials; the invite must be valid. */
  async signUp(s: SignUp): Promise<void> {
    this.requireTrustedCaller();
    await this.createUser(s);
  }

  /** Whether the password is the user's, and whether the user may sign in (`/auth/verifyNativeUserCredentials`). */
  async verifyCredentials(userUrn: string, password: string): Promise<VerifyResult> {
    this.requireTrustedCaller();
    return this.verify(userUrn, password);
  }

  /** New credentials with a reset token an Admin made (`/auth/resetNativeUserCredentials`). */
  async resetCredentials(userUrn: string, password: string, resetToken: string): Promise<void> {
    this.requireTrustedCaller();
    await this.reset(userUrn, password, resetToken);
  }

  /** A session for a user (`/auth/generateSessionTokenForUser`): 403 with the reason when it may not sign in. */
  async sessionTokenForUser(userId: string): Promise<Session> {
    this.requireTrustedCaller();
    const urn = `urn:li:corpuser:${userId}`;
    const denied = await this.denial(urn);
    if (denied) throw new LoginDeniedError(denied);
    return this.session(urn);
  }

  // ---- The web app's sign-in (DataHub's frontend routes) ----

  /** Signs in with a user name and password: a session, or 401 (the reason is not told). */
  async logIn(username: string, password: string): Promise<Session> {
    if (!username.trim()) throw new BadRequestError('User name must not be empty.');
    const urn = `urn:li:corpuser:${username.trim()}`;
    const v = USER.test(urn) ? await this.verify(urn, password) : { doesPasswordMatch: false };
    if (!v.doesPasswordMatch || v.loginDenialReason) {
      if (USER.test(urn)) await this.auth.recordFailedLogIn(urn, v.loginDenialReason);
      throw new UnauthenticatedError('Invalid Credentials');
    }
    return this.session(urn, 'passwordLogin');
  }

  /** Signs in with an access token of the user's: a session of its actor (the token itself stays out of cookies). */
  async logInWithToken(token: string): Promise<Session> {
    const caller = await this.auth.authenticate(`Bearer ${token}`);
    if (caller.actor === SYSTEM_ACTOR) return this.session(ROOT_USER);
    // A token's actor need not be an entity (tokens are made for any user); a removed or suspended one
    // may not sign in.
    const denied = await this.denial(caller.actor);
    if (denied === 'SOFT_DELETED' || denied === 'SUSPENDED')
      throw new UnauthenticatedError('Invalid Credentials');
    return this.session(caller.actor);
  }

  /** Signs up with an invite (the web app's sign-up): the user, its session, and the invite's role. */
  async signUpAndLogIn(s: Omit<SignUp, 'userUrn'> & { userUrn?: string }): Promise<Session> {
    const email = s.email.trim();
    if (!email) throw new BadRequestError('Email must not be empty.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new BadRequestError('Email must be a valid address.');
    const userUrn = s.userUrn ?? `urn:li:corpuser:${email}`;
    const role = await this.createUser({ ...s, userUrn, email });
    if (role) await asSystem(() => this.auth.assignRole(role, [userUrn]));
    return this.session(userUrn, 'signUpLinkLogin');
  }

  /** New credentials with a reset token, then a session (the web app's reset). */
  async resetAndLogIn(userUrn: string, password: string, resetToken: string): Promise<Session> {
    await this.reset(userUrn, password, resetToken);
    return this.session(userUrn, 'passwordReset');
  }

  /** Ends a session (sign-out). */
  logOut(token: string): Promise<boolean> {
    return this.auth.endSession(token);
  }

  // ---- GraphQL: invite and reset tokens, accepting a role ----

  /**
   * The invite token of a role (no role: an invite with none), DataHub's `getInviteToken` and, with
   * `regenerate`, `createInviteToken`: the existing one unless asked for a new one. Admin only.
   */
  async inviteToken(roleUrn: string | null, regenerate: boolean): Promise<string> {
    requirePrivilege('admin', 'manage invite tokens');
    if (roleUrn !== null && !roleOf(roleUrn)) throw new BadRequestError(`Unknown role ${roleUrn}`);
    const role = roleUrn === null ? null : `urn:li:dataHubRole:${roleOf(roleUrn)}`;
    const existing = await this.invites(role);
    if (!regenerate && existing.length === 1) {
      const token = decryptDataHubSecret(existing[0]?.token ?? '', this.opts.secretKey);
      if (token) return token;
    }
    const token = letterToken();
    const proposals: Proposal[] = existing.map((e) => ({ entityUrn: e.urn, changeType: 'DELETE' as const }));
    proposals.push({
      entityUrn: `urn:li:inviteToken:${sha256Base64(token)}`,
      changeType: 'UPSERT',
      aspectName: 'inviteToken',
      aspect: {
        value: { token: encryptDataHubSecret(token, this.opts.secretKey), ...(role ? { role } : {}) },
      },
    });
    await asSystem(() => this.ingest.ingest(proposals, { actor: SYSTEM_ACTOR }));
    return token;
  }

  /** A password reset token for a native user (DataHub's `createNativeUserResetToken`). Admin only. */
  async createResetToken(userUrn: string): Promise<string> {
    const caller = requirePrivilege('admin', 'create password reset tokens') as Caller;
    const urn = userUrnOf(userUrn);
    const creds = await this.credentials(urn);
    if (!creds) throw new BadRequestError(`${urn} does not exist or is not a native user`);
    const token = letterToken();
    await this.writeCredentials(
      urn,
      {
        ...creds,
        passwordResetToken: encryptDataHubSecret(token, this.opts.secretKey),
        passwordResetTokenExpirationTimeMillis: this.now() + this.opts.resetMs,
      },
      caller.actor,
    );
    return token;
  }

  /** The caller takes the role of an invite token (DataHub's `acceptRole`). */
  async acceptRole(inviteToken: string): Promise<boolean> {
    const caller = requirePrivilege('read', 'accept a role') as Caller;
    const role = await this.inviteRole(inviteToken);
    if (role === undefined) throw new BadRequestError(`Invite token ${inviteToken} is invalid`);
    if (role) await asSystem(() => this.auth.assignRole(role, [caller.actor]));
    return true;
  }

  // ---- Start-up ----

  /**
   * The root user, `urn:li:corpuser:datahub`, as DataHub bootstraps it (a system user named DataHub),
   * with the Admin role and credentials from `password`: set when the user has none, or when `enforce`
   * (a configured password) and it does not match them.
   */
  async ensureRootUser(password: string, enforce: boolean): Promise<void> {
    await asSystem(async () => {
      const view = await this.reads.entity(ROOT_USER, ['corpUserInfo', 'corpUserCredentials']);
      const proposals: Proposal[] = [];
      if (!view.aspects.corpUserInfo)
        proposals.push(
          upsert(ROOT_USER, 'corpUserInfo', {
            active: true,
            displayName: 'DataHub',
            title: 'DataHub',
            system: true,
          }),
        );
      const creds = view.aspects.corpUserCredentials?.value as Credentials | undefined;
      const stale =
        !creds || (enforce && (await checkPassword(creds, password, this.opts.secretKey)) === 'mismatch');
      if (stale)
        proposals.push(upsert(ROOT_USER, 'corpUserCredentials', { ...(await hashPassword(password)) }));
      if (proposals.length) await this.ingest.ingest(proposals, { actor: SYSTEM_ACTOR });
      if ((await this.auth.roleOf(ROOT_USER)) !== 'Admin')
        await this.auth.assignRole('urn:li:dataHubRole:Admin', [ROOT_USER]);
    });
  }

  // ---- What the above share ----

  /** Creates the user; the invite's role (null: none), which sign-up itself does not give (DataHub's rule). */
  private async createUser(s: SignUp): Promise<string | null> {
    const urn = userUrnOf(s.userUrn);
    if (RESERVED.has(urn)) throw new BadRequestError(`${urn} is reserved`);
    if (!s.fullName.trim()) throw new BadRequestError('Full name must not be empty.');
    checkNewPassword(s.password);
    const role = await this.inviteRole(s.inviteToken);
    if (role === undefined) throw new BadRequestError('Invalid invite token');
    const exists = await asSystem(() => this.reads.exists(urn));
    if (exists) throw new ConflictError('This user already exists! Cannot create a new user.');
    const now = this.now();
    await asSystem(async () =>
      this.ingest.ingest(
        [
          upsert(urn, 'corpUserInfo', {
            active: true,
            fullName: s.fullName,
            displayName: s.fullName,
            email: s.email,
            ...(s.title ? { title: s.title } : {}),
          }),
          upsert(urn, 'corpUserStatus', {
            status: 'ACTIVE',
            lastModified: { actor: SYSTEM_ACTOR, time: now },
          }),
          upsert(urn, 'corpUserCredentials', { ...(await hashPassword(s.password)) }),
        ],
        { actor: SYSTEM_ACTOR, now },
      ),
    );
    return role;
  }

  private async verify(userUrn: string, password: string): Promise<VerifyResult> {
    const urn = userUrnOf(userUrn);
    const { creds, denied } = await this.account(urn);
    const result = creds ? await checkPassword(creds, password, this.opts.secretKey) : 'mismatch';
    if (result !== 'match' && result !== 'rehash')
      return { doesPasswordMatch: false, loginDenialReason: 'INVALID_CREDENTIALS' };
    if (result === 'rehash' && creds)
      await this.writeCredentials(urn, { ...creds, ...(await hashPassword(password)) }, SYSTEM_ACTOR);
    return denied ? { doesPasswordMatch: true, loginDenialReason: denied } : { doesPasswordMatch: true };
  }

  private async reset(userUrn: string, password: string, resetToken: string): Promise<void> {
    const urn = userUrnOf(userUrn);
    checkNewPassword(password);
    const creds = await this.credentials(urn);
    if (!creds) throw new BadRequestError('User does not exist!');
    const stored = creds.passwordResetToken;
    const expires = creds.passwordResetTokenExpirationTimeMillis;
    if (typeof stored !== 'string' || typeof expires !== 'number')
      throw new BadRequestError('User has not generated a password reset token!');
    if (decryptDataHubSecret(stored, this.opts.secretKey) !== resetToken)
      throw new BadRequestError(
        'Invalid reset token. Please ask your administrator to send you an updated link!',
      );
    if (this.now() > expires)
      throw new BadRequestError('Reset token has expired! Please ask your administrator to create a new one');
    // The token is used up (DataHub keeps it until it expires).
    const { passwordResetToken: _t, passwordResetTokenExpirationTimeMillis: _e, ...rest } = creds;
    await this.writeCredentials(urn, { ...rest, ...(await hashPassword(password)) }, SYSTEM_ACTOR);
  }

  /** Why a user may not sign in, in DataHub's order; undefined when it may. */
  private async denial(userUrn: string): Promise<LoginDenialReason | undefined> {
    return (await this.account(userUrn)).denied;
  }

  /**
   * A user's credentials (when it has a native password) and why it may not sign in, in DataHub's order
   * (undefined when it may), from one read.
   */
  private async account(
    userUrn: string,
  ): Promise<{ creds?: Credentials & AspectJson; denied?: LoginDenialReason }> {
    const a = (await asSystem(() => this.reads.entity(userUrnOf(userUrn), USER_ASPECTS))).aspects;
    const c = a.corpUserCredentials?.value;
    const creds =
      typeof c?.salt === 'string' && typeof c.hashedPassword === 'string'
        ? (c as Credentials & AspectJson)
        : undefined;
    const denied: LoginDenialReason | undefined = !Object.keys(a).length
      ? 'HARD_DELETED'
      : a.status?.value.removed === true
        ? 'SOFT_DELETED'
        : a.corpUserStatus?.value.status === 'SUSPENDED'
          ? 'SUSPENDED'
          : !a.corpUserInfo && !a.corpUserStatus
            ? 'NOT_PROVISIONED'
            : undefined;
    return { ...(creds ? { creds } : {}), ...(denied ? { denied } : {}) };
  }

  private async session(actor: string, source?: LoginSource): Promise<Session> {
    const s = await this.auth.createSession(actor, this.opts.sessionMs, source);
    return { ...s, actor };
  }

  private async credentials(urn: string): Promise<(Credentials & AspectJson) | undefined> {
    return (await this.account(urn)).creds;
  }

  private writeCredentials(urn: string, creds: AspectJson, actor: string): Promise<unknown> {
    return asSystem(() => this.ingest.ingest([upsert(urn, 'corpUserCredentials', creds)], { actor }));
  }

  /** The invite tokens of a role (null: those with none), as stored. */
  private async invites(role: string | null): Promise<{ urn: string; token: string }[]> {
    return asSystem(async () => {
      const { urns } = await this.reads.listUrns('inviteToken', 0, 1000);
      const views = await this.reads.entities(urns, ['inviteToken']);
      return views.flatMap((v) => {
        const value = v.aspects.inviteToken?.value;
        if (!value || (value.role ?? null) !== role) return [];
        return [{ urn: v.urn, token: String(value.token) }];
      });
    });
  }

  /** An invite token's role: null for an invite with none, undefined when the token is not an invite. */
  private async inviteRole(token: string): Promise<string | null | undefined> {
    if (!/^[a-z]{32}$/.test(token)) return undefined;
    const view = await asSystem(() =>
      this.reads.entity(`urn:li:inviteToken:${sha256Base64(token)}`, ['inviteToken']),
    );
    const value = view.aspects.inviteToken?.value;
    if (!value) return undefined;
    return typeof value.role === 'string' ? value.role : null;
  }
}

/** A 403 with DataHub's `loginDenialReason`. */
export class LoginDeniedError extends ForbiddenError {
  constructor(readonly loginDenialReason: LoginDenialReason) {
    super(`The user may not sign in: ${loginDenialReason}`);
  }
}

const upsert = (urn: string, aspectName: string, value: AspectJson): Proposal => ({
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value },
});

function userUrnOf(urn: string): string {
  if (!USER.test(urn)) throw new BadRequestError(`Not a corpuser URN: ${urn}`);
  return urn;
}

function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD)
    throw new BadRequestError(`A password needs at least ${MIN_PASSWORD} characters.`);
  if (password.length > MAX_PASSWORD)
    throw new BadRequestError(`A password has at most ${MAX_PASSWORD} characters.`);
}
