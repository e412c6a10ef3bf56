import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError, RateLimitedError } from '../errors/index.js';
import { bodyFields, type Services } from '../services/index.js';
import type { RateLimiter } from './rate-limiter.js';
import { clearSessionCookies, cookiesOf, SESSION_COOKIE, setSessionCookies } from './session-cookies.js';

/**
 * The web app's sign-in, at the paths of DataHub's frontend: `POST /logIn` (a user name and password,
 * or an access token of the user's), `POST /signUp` (with an invite), `POST /resetNativeUserCredentials`
 * (with a reset token), and `GET`/`POST /logOut`. Each sign-in answers the session in cookies (HttpOnly,
 * SameSite=Strict, expiring; see session-cookies.ts) and `{actor, expiresAt}`; sign-out revokes the
 * session. Sign-in attempts are limited per user name and per client address.
 */
export function sessionRoutes(
  app: FastifyInstance,
  s: Services,
  attempts: { perUser: RateLimiter; perAddress: RateLimiter },
): void {
  const secure = s.config.cookieSecure;
  const answer = (reply: FastifyReply, session: { token: string; expiresAt: number; actor: string }) => {
    setSessionCookies(reply, session, secure);
    return reply.send({ actor: session.actor, expiresAt: session.expiresAt });
  };
  const limit = (reply: FastifyReply, address: string, user?: string) => {
    const wait = Math.max(
      attempts.perAddress.take(address),
      user === undefined ? 0 : attempts.perUser.take(user.trim()),
    );
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new RateLimitedError(wait);
    }
  };

  app.post('/logIn', async (req, reply) => {
    const b = fields(req.body, [], ['username', 'password', 'token']);
    if (b.token !== undefined) {
      limit(reply, req.ip);
      return answer(reply, await s.nativeUsers.logInWithToken(b.token));
    }
    if (b.username === undefined || !b.username.trim())
      throw new BadRequestError('User name must not be empty.');
    limit(reply, req.ip, b.username);
    return answer(reply, await s.nativeUsers.logIn(b.username, b.password ?? ''));
  });
  app.post('/signUp', async (req, reply) => {
    const b = fields(req.body, ['fullName', 'email', 'password', 'inviteToken'], ['title']);
    limit(reply, req.ip);
    return answer(
      reply,
      await s.nativeUsers.signUpAndLogIn({
        fullName: b.fullName as string,
        email: b.email as string,
        title: b.title,
        password: b.password as string,
        inviteToken: b.inviteToken as string,
      }),
    );
  });
  app.post('/resetNativeUserCredentials', async (req, reply) => {
    const b = fields(req.body, ['email', 'password', 'resetToken']);
    limit(reply, req.ip, b.email);
    return answer(
      reply,
      await s.nativeUsers.resetAndLogIn(
        `urn:li:corpuser:${(b.email as string).trim()}`,
        b.password as string,
        b.resetToken as string,
      ),
    );
  });
  const logOut = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = cookiesOf(req).get(SESSION_COOKIE);
    if (token) await s.nativeUsers.logOut(token);
    clearSessionCookies(reply, secure);
    return reply.send({});
  };
  app.get('/logOut', logOut);
  app.post('/logOut', logOut);
}

/** String fields of a JSON object body, with DataHub's frontend's messages for missing ones. */
const fields = (raw: unknown, required: readonly string[], optional: readonly string[] = []) =>
  bodyFields(raw, required, optional, (name) => `${MESSAGES[name] ?? name} must not be empty.`);

const MESSAGES: Readonly<Record<string, string>> = {
  fullName: 'Full name',
  email: 'Email',
  password: 'Password',
  inviteToken: 'Invite token',
  resetToken: 'Reset token',
};
