import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem, encryptDataHubSecret } from '../../src/auth/index.js';
import type { Runtime } from '../../src/runtime.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, request, type Res } from '../support/http.js';
import { mcp, unique } from '../support/runtime.js';

// Sign-in as DataHub's service and frontend do it: the root user, native users with invites and reset
// tokens, DataHub's auth servlet (`/auth/*`) with its bodies and answers, and the web app's session
// cookie, which GraphQL accepts only with its CSRF token.

const ROOT_PASSWORD = `root-${unique()}-pw`;
const SECRET_KEY = `key-${unique()}-0123456789`;
let rt: Runtime;
let t: TestTokens;
beforeAll(async () => {
  const started = await startAuthServer({
    NEOHUB_ROOT_PASSWORD: ROOT_PASSWORD,
    SECRET_SERVICE_ENCRYPTION_KEY: SECRET_KEY,
  });
  rt = started.rt;
  t = await mintTokens(rt, started.root);
});
afterAll(async () => rt?.stop());

const { call, as } = httpClient(() => rt.url);
const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  as(token).call('POST', '/api/graphql', { query, variables });
const servlet = (path: string, body: unknown, token = t.root) =>
  as(token).call('POST', `/auth/${path}`, body);

/** The cookies a sign-in set, by name, and a `Cookie` header carrying them. */
function cookiesOf(res: Res): { jar: Map<string, string>; header: string; raw: string[] } {
  const raw = res.headers.getSetCookie();
  const jar = new Map(raw.map((c) => c.split(';')[0]?.split('=') as [string, string]));
  return { jar, raw, header: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** A GraphQL call as the web app makes it: the session cookie and (unless told otherwise) the CSRF header. */
const withCookie = (
  cookies: ReturnType<typeof cookiesOf>,
  query: string,
  csrf: string | null | undefined = cookies.jar.get('neohub_csrf'),
) =>
  request('POST', `${rt.url}/api/graphql`, {
    body: { query },
    headers: { Cookie: cookies.header, ...(csrf === null ? {} : { 'X-CSRF-Token': csrf ?? '' }) },
  });

const ME = '{ me { corpUser { urn } platformPrivileges { manageTokens } } }';

async function inviteToken(role: string | null): Promise<string> {
  const res = await gql(
    t.admin,
    'mutation($r: String) { createInviteToken(input: {roleUrn: $r}) { inviteToken } }',
    {
      r: role,
    },
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data.createInviteToken.inviteToken;
}

async function signUp(name: string, password: string, invite: string): Promise<Res> {
  return servlet('signUp', {
    fullName: `Full ${name}`,
    userUrn: `urn:li:corpuser:${name}`,
    email: `${name}@example.com`,
    title: 'Data Scientist',
    password,
    inviteToken: invite,
  });
}

describe('the root user', () => {
  it('exists after the first start, a system user with the Admin role, and signs in with the root password', async () => {
    const user = await as(t.root).call('GET', '/openapi/v3/entity/corpuser/urn%3Ali%3Acorpuser%3Adatahub');
    expect(user.status).toBe(200);
    expect(user.body.corpUserInfo.value).toMatchObject({
      displayName: 'DataHub',
      system: true,
      active: true,
    });
    // Admins read credentials as DataHub's service stores them (others read them redacted): a scrypt hash.
    expect(user.body.corpUserCredentials.value.hashedPassword).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
    const login = await call('POST', '/logIn', { username: 'datahub', password: ROOT_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.actor).toBe('urn:li:corpuser:datahub');
    const me = await withCookie(cookiesOf(login), ME);
    expect(me.body.data.me).toEqual({
      corpUser: { urn: 'urn:li:corpuser:datahub' },
      platformPrivileges: { manageTokens: true },
    });
  });
});

describe('the web app session', () => {
  it('is three cookies: the session HttpOnly, all SameSite=Strict and expiring; GraphQL takes it only with the CSRF token', async () => {
    const login = await call('POST', '/logIn', { username: 'datahub', password: ROOT_PASSWORD });
    const cookies = cookiesOf(login);
    const session = cookies.raw.find((c) => c.startsWith('neohub_session='));
    expect(session).toMatch(/; HttpOnly; Path=\/; Max-Age=86\d{3}; SameSite=Strict$/);
    expect(cookies.raw.find((c) => c.startsWith('neohub_csrf='))).not.toMatch(/HttpOnly/);
    expect(cookies.jar.get('actor')).toBe(encodeURIComponent('urn:li:corpuser:datahub'));
    expect((await withCookie(cookies, ME)).status).toBe(200);
    // Another site's page can send the cookie but neither read nor set the CSRF cookie.
    for (const csrf of [null, '', 'x'.repeat(43), `${cookies.jar.get('neohub_csrf')}x`]) {
      const res = await withCookie(cookies, ME, csrf);
      expect(res.status, String(csrf)).toBe(403);
      expect(JSON.stringify(res.body)).toMatch(/X-CSRF-Token|x-csrf-token/i);
    }
    // The cookie authenticates GraphQL only: not Rest.li or OpenAPI.
    const restli = await request('GET', `${rt.url}/entities/urn%3Ali%3Acorpuser%3Adatahub`, {
      headers: { Cookie: cookies.header, 'X-CSRF-Token': cookies.jar.get('neohub_csrf') as string },
    });
    expect(restli.status).toBe(401);
    // Sign-out revokes the session and clears the cookies.
    const out = await request('POST', `${rt.url}/logOut`, { headers: { Cookie: cookies.header } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().every((c) => /Max-Age=0/.test(c))).toBe(true);
    expect((await withCookie(cookies, ME)).status).toBe(401);
  });

  it('signs in with a pasted access token as a session of its actor; wrong passwords are 401, then 429', async () => {
    const login = await call('POST', '/logIn', { token: t.editor });
    expect(login.status).toBe(200);
    expect(login.body.actor).toBe(t.actors.editor);
    const cookies = cookiesOf(login);
    expect(cookies.jar.get('neohub_session')).not.toBe(t.editor);
    expect((await withCookie(cookies, ME)).body.data.me.corpUser.urn).toBe(t.actors.editor);
    expect((await call('POST', '/logIn', { token: t.revoked })).status).toBe(401);
    expect((await call('POST', '/logIn', { username: '', password: 'x' })).body.message).toMatch(
      /User name must not be empty/,
    );
    const name = `nobody_${unique()}`;
    const tries: number[] = [];
    for (let i = 0; i < 11; i++)
      tries.push((await call('POST', '/logIn', { username: name, password: `wrong-${i}` })).status);
    expect(tries.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(tries[10]).toBe(429);
  });

  it('expires', async () => {
    const session = await asSystem(() => rt.services.auth.createSession(t.actors.reader, 1));
    await new Promise((r) => setTimeout(r, 10));
    expect((await gql(session.token, ME)).status).toBe(401);
  });
});

describe("DataHub's auth servlet", () => {
  it('signs up with an invite, verifies credentials, makes a session token, and the invite gives its role through acceptRole', async () => {
    const invite = await inviteToken('urn:li:dataHubRole:Editor');
    expect(invite).toMatch(/^[a-z]{32}$/);
    // The existing invite of a role until a new one is made.
    const again = await gql(
      t.admin,
      '{ getInviteToken(input: {roleUrn: "urn:li:dataHubRole:Editor"}) { inviteToken } }',
    );
    expect(again.body.data.getInviteToken.inviteToken).toBe(invite);
    const name = `native_${unique()}`;
    const created = await signUp(name, 'correct horse battery', invite);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ isNativeUserCreated: true });
    expect((await signUp(name, 'correct horse battery', invite)).status).toBe(409);
    const userUrn = `urn:li:corpuser:${name}`;
    expect(
      (await servlet('verifyNativeUserCredentials', { userUrn, password: 'correct horse battery' })).body,
    ).toEqual({
      doesPasswordMatch: true,
    });
    expect((await servlet('verifyNativeUserCredentials', { userUrn, password: 'wrong' })).body).toEqual({
      doesPasswordMatch: false,
      loginDenialReason: 'INVALID_CREDENTIALS',
    });
    const session = await servlet('generateSessionTokenForUser', { userId: name });
    expect(session.status).toBe(200);
    const token = session.body.accessToken as string;
    // Signed up, a Reader until it accepts the invite's role (as DataHub's web app does after sign-up).
    const tag = 'mutation { createTag(input: {name: "t_%"}) }'.replace('%', unique());
    expect((await gql(token, tag)).body.errors[0].extensions.code).toBe(403);
    expect(
      (await gql(token, `mutation { acceptRole(input: {inviteToken: "${invite}"}) }`)).body.data,
    ).toEqual({
      acceptRole: true,
    });
    expect((await gql(token, tag)).body.errors).toBeUndefined();
    expect(
      (await gql(token, 'mutation { acceptRole(input: {inviteToken: "abc"}) }')).body.errors[0].message,
    ).toMatch(/invalid/);
    // The session is not listed among access tokens.
    const listed = await gql(token, `{ listAccessTokens(input: {start: 0, count: 10}) { total } }`);
    expect(listed.body.data.listAccessTokens.total).toBe(0);
  });

  it('refuses bad bodies (400), bad invites (400), callers below Admin (403) and sessions (401)', async () => {
    expect((await servlet('signUp', { userUrn: 'urn:li:corpuser:x' })).status).toBe(400);
    expect((await servlet('verifyNativeUserCredentials', 'not json')).status).toBe(400);
    expect((await servlet('generateSessionTokenForUser', { userId: 7 })).status).toBe(400);
    expect((await signUp(`n_${unique()}`, 'long enough pw', 'a'.repeat(32))).status).toBe(400);
    expect((await signUp(`n_${unique()}`, 'short', await inviteToken(null))).status).toBe(400);
    expect((await signUp('__datahub_system', 'long enough pw', await inviteToken(null))).status).toBe(400);
    const session = await asSystem(() => rt.services.auth.createSession('urn:li:corpuser:datahub', 60_000));
    const asked = async (token: string) =>
      (await servlet('generateSessionTokenForUser', { userId: 'datahub' }, token)).status;
    expect([
      await asked(t.admin),
      await asked(t.editor),
      await asked(t.reader),
      await asked(session.token),
    ]).toEqual([200, 403, 403, 401]);
    expect((await call('POST', '/auth/generateSessionTokenForUser', { userId: 'datahub' })).status).toBe(401);
  });

  it("denies sessions with DataHub's reasons: a suspended, a soft-deleted and an unknown user", async () => {
    const name = `suspended_${unique()}`;
    expect((await signUp(name, 'long enough pw', await inviteToken(null))).status).toBe(200);
    const urn = `urn:li:corpuser:${name}`;
    await as(t.root).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'corpUserStatus', {
        status: 'SUSPENDED',
        lastModified: { actor: t.actors.admin, time: 1 },
      }),
    });
    const denied = await servlet('generateSessionTokenForUser', { userId: name });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ loginDenialReason: 'SUSPENDED' });
    expect(
      (await servlet('verifyNativeUserCredentials', { userUrn: urn, password: 'long enough pw' })).body,
    ).toEqual({
      doesPasswordMatch: true,
      loginDenialReason: 'SUSPENDED',
    });
    expect((await call('POST', '/logIn', { username: name, password: 'long enough pw' })).status).toBe(401);
    expect((await servlet('generateSessionTokenForUser', { userId: `ghost_${unique()}` })).body).toEqual({
      loginDenialReason: 'HARD_DELETED',
    });
  });

  it("resets credentials with an Admin's reset token, once", async () => {
    const name = `reset_${unique()}`;
    const userUrn = `urn:li:corpuser:${name}`;
    expect((await signUp(name, 'old password', await inviteToken(null))).status).toBe(200);
    const make = (token: string) =>
      gql(token, `mutation { createNativeUserResetToken(input: {userUrn: "${userUrn}"}) { resetToken } }`);
    expect((await make(t.editor)).body.errors[0].extensions.code).toBe(403);
    const resetToken = (await make(t.admin)).body.data.createNativeUserResetToken.resetToken;
    expect(resetToken).toMatch(/^[a-z]{32}$/);
    const reset = (token: string) =>
      servlet('resetNativeUserCredentials', { userUrn, password: 'new password', resetToken: token });
    expect((await reset('b'.repeat(32))).status).toBe(400);
    const done = await reset(resetToken);
    expect(done.body).toEqual({ areNativeUserCredentialsReset: true });
    expect((await reset(resetToken)).status).toBe(400);
    expect((await call('POST', '/logIn', { username: name, password: 'old password' })).status).toBe(401);
    expect((await call('POST', '/logIn', { username: name, password: 'new password' })).status).toBe(200);
    // The web app's reset signs in too.
    const second = (await make(t.admin)).body.data.createNativeUserResetToken.resetToken;
    const viaApp = await call('POST', '/resetNativeUserCredentials', {
      email: name,
      password: 'third password',
      resetToken: second,
    });
    expect(viaApp.status).toBe(200);
    expect(viaApp.body.actor).toBe(userUrn);
  });
});

describe("the web app's sign-up and reset (DataHub's frontend routes)", () => {
  it("signs up with an invite at POST /signUp: the user with its details and the invite's role, signed in", async () => {
    const invite = await inviteToken('urn:li:dataHubRole:Editor');
    const email = `app_${unique()}@example.com`;
    const body = {
      fullName: 'Ada App',
      email,
      title: 'Analyst',
      password: 'app password',
      inviteToken: invite,
    };
    const signedUp = await call('POST', '/signUp', body);
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const urn = `urn:li:corpuser:${email}`;
    expect(signedUp.body.actor).toBe(urn);
    const cookies = cookiesOf(signedUp);
    expect(cookies.raw.find((c) => c.startsWith('neohub_session='))).toMatch(/HttpOnly/);
    expect((await withCookie(cookies, ME)).body.data.me).toEqual({
      corpUser: { urn },
      platformPrivileges: { manageTokens: false },
    });
    // The invite's role, given at sign-up: the session may edit.
    const tag = `mutation { createTag(input: {name: "app_${unique()}"}) }`;
    expect((await withCookie(cookies, tag)).body.errors).toBeUndefined();
    const user = await gql(t.admin, `{ corpUser(urn: "${urn}") { properties { fullName title email } } }`);
    expect(user.body.data.corpUser.properties).toEqual({ fullName: 'Ada App', title: 'Analyst', email });
    // And it signs in with its email and password.
    expect((await call('POST', '/logIn', { username: email, password: 'app password' })).status).toBe(200);
    // Refused: the same user again, an unknown invite, a short password, a name that is not an email.
    expect((await call('POST', '/signUp', body)).status).toBe(409);
    const refused = async (over: Record<string, string>) => {
      const res = await call('POST', '/signUp', { ...body, email: `app_${unique()}@example.com`, ...over });
      return [res.status, res.body.message];
    };
    expect(await refused({ inviteToken: 'z'.repeat(32) })).toEqual([400, 'Invalid invite token']);
    expect((await refused({ password: 'short' }))[0]).toBe(400);
    expect(await refused({ email: 'not an email' })).toEqual([400, 'Email must be a valid address.']);
    expect(await refused({ fullName: '' })).toEqual([400, 'Full name must not be empty.']);
  });

  it("resets a password with an Admin's reset token at POST /resetNativeUserCredentials: signed in, the old password refused", async () => {
    const email = `reset_app_${unique()}@example.com`;
    const urn = `urn:li:corpuser:${email}`;
    const signedUp = await call('POST', '/signUp', {
      fullName: 'Reset App',
      email,
      password: 'old password',
      inviteToken: await inviteToken(null),
    });
    expect(signedUp.status).toBe(200);
    const made = await gql(
      t.admin,
      'mutation ($u: String!) { createNativeUserResetToken(input: {userUrn: $u}) { resetToken } }',
      { u: urn },
    );
    const resetToken = made.body.data.createNativeUserResetToken.resetToken as string;
    const reset = (password: string) =>
      call('POST', '/resetNativeUserCredentials', { email, password, resetToken });
    expect((await reset('short')).status).toBe(400);
    const done = await reset('brand new password');
    expect(done.status).toBe(200);
    expect(done.body.actor).toBe(urn);
    expect((await withCookie(cookiesOf(done), ME)).body.data.me.corpUser.urn).toBe(urn);
    // Used up by the reset.
    expect((await reset('another password')).body.message).toMatch(
      /has not generated a password reset token/,
    );
    expect((await call('POST', '/logIn', { username: email, password: 'old password' })).status).toBe(401);
    expect((await call('POST', '/logIn', { username: email, password: 'brand new password' })).status).toBe(
      200,
    );
  });

  it("answers the app's page at the invite and reset links' addresses, with its Content-Security-Policy", async () => {
    for (const path of ['/signup?invite_token=abcdefghijklmnopqrstuvwxyzabcdef', '/reset?reset_token=abc']) {
      const res = await request('GET', `${rt.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    }
  });
});

describe('credentials', () => {
  it("signs in with a hash DataHub wrote (with DataHub's key) and replaces it with scrypt", async () => {
    const name = `from_datahub_${unique()}`;
    const urn = `urn:li:corpuser:${name}`;
    const salt = randomBytes(16);
    const hashedPassword = createHash('sha256')
      .update(Buffer.concat([salt, Buffer.from('datahub password', 'utf8')]))
      .digest('base64');
    const creds = { salt: encryptDataHubSecret(salt.toString('base64'), SECRET_KEY), hashedPassword };
    for (const [aspect, value] of [
      ['corpUserInfo', { active: true, fullName: name }],
      ['corpUserCredentials', creds],
    ] as const)
      expect(
        (
          await as(t.root).call('POST', '/aspects?action=ingestProposal', {
            proposal: mcp(urn, aspect, value),
          })
        ).status,
      ).toBe(200);
    expect((await call('POST', '/logIn', { username: name, password: 'not it' })).status).toBe(401);
    expect((await call('POST', '/logIn', { username: name, password: 'datahub password' })).status).toBe(200);
    const after = await as(t.root).call('GET', `/openapi/v3/entity/corpuser/${encodeURIComponent(urn)}`);
    expect(after.body.corpUserCredentials.value.hashedPassword).toMatch(/^\$scrypt\$/);
    expect((await call('POST', '/logIn', { username: name, password: 'datahub password' })).status).toBe(200);
  });

  it('are read redacted by everyone but Admins, and written by Admins only', async () => {
    const read = await as(t.reader).call('GET', '/openapi/v3/entity/corpuser/urn%3Ali%3Acorpuser%3Adatahub');
    expect(read.body.corpUserCredentials.value).toEqual({ salt: '********', hashedPassword: '********' });
    const write = await as(t.editor).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp('urn:li:corpuser:datahub', 'corpUserCredentials', { salt: 'a', hashedPassword: 'b' }),
    });
    expect(write.status).toBe(403);
  });
});

describe('the root password generated into the home folder', () => {
  it('is written (0600) into an empty NEOHUB_HOME at the first start when none is configured, and the root user signs in with it', async () => {
    // The database is the suites' own, where the root user already has credentials (a configured password
    // sets them at every start, a generated one only when there are none): they are put aside for this
    // test and back after it.
    const ROOT = 'urn:li:corpuser:datahub';
    const read = async () =>
      (await as(t.root).call('GET', `/openapi/v3/entity/corpuser/${encodeURIComponent(ROOT)}`)).body
        .corpUserCredentials?.value;
    const before = await read();
    expect(before?.hashedPassword).toMatch(/^\$scrypt\$/);
    const home = mkdtempSync(path.join(os.tmpdir(), 'neohub-home-'));
    let second: Runtime | undefined;
    try {
      const removed = await as(t.root).call('POST', '/aspects?action=ingestProposal', {
        proposal: {
          entityType: 'corpuser',
          entityUrn: ROOT,
          changeType: 'DELETE',
          aspectName: 'corpUserCredentials',
        },
      });
      expect(removed.status).toBe(200);
      expect(await read()).toBeUndefined();
      second = (
        await startAuthServer({
          NEOHUB_HOME: home,
          NEOHUB_ROOT_PASSWORD: '',
          SECRET_SERVICE_ENCRYPTION_KEY: SECRET_KEY,
        })
      ).rt;
      const file = path.join(home, 'root-password');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^\S{8,}$/);
      expect(password).not.toBe(ROOT_PASSWORD);
      const logIn = (body: unknown) => request('POST', `${second?.url}/logIn`, { body });
      expect((await logIn({ username: 'datahub', password: `${password}x` })).status).toBe(401);
      const login = await logIn({ username: 'datahub', password });
      expect(login.status).toBe(200);
      expect(login.body.actor).toBe(ROOT);
      const cookies = cookiesOf(login);
      const me = await request('POST', `${second.url}/api/graphql`, {
        body: { query: ME },
        headers: { Cookie: cookies.header, 'X-CSRF-Token': cookies.jar.get('neohub_csrf') as string },
      });
      expect(me.body.data.me.corpUser.urn).toBe(ROOT);
    } finally {
      await second?.stop();
      rmSync(home, { recursive: true, force: true });
      if (before)
        await as(t.root).call('POST', '/aspects?action=ingestProposal', {
          proposal: mcp(ROOT, 'corpUserCredentials', before),
        });
    }
    expect((await read())?.hashedPassword).toBe(before.hashedPassword);
  });
});
