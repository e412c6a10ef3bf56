import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from '../../src/logger.js';
import { bodyFields, LoginDeniedError, type Services } from '../../src/services/index.js';
import { sendRestliError } from '../restli/index.js';

/**
 * DataHub's auth servlet (`/auth/*`), which DataHub's frontend calls to sign people in: generate a
 * session token for a user, sign up with an invite, verify and reset native credentials. DataHub's
 * frontend calls it as the system; each needs an Admin's token (the root token is one), never a session.
 * Bodies and answers are DataHub's; errors carry DataHub's status in Rest.li's error shape (DataHub's own
 * bodies are empty), except the 403 of a denied sign-in, which is DataHub's `{"loginDenialReason"}`.
 */
export function authServletRoutes(app: FastifyInstance, s: Services): void {
  app.post('/auth/generateSessionTokenForUser', async (req) => {
    const b = bodyFields(req.body, ['userId']);
    const session = await s.nativeUsers.sessionTokenForUser(b.userId as string);
    return { accessToken: session.token };
  });
  app.post('/auth/signUp', async (req) => {
    const b = bodyFields(req.body, ['userUrn', 'fullName', 'email', 'password', 'inviteToken'], ['title']);
    await s.nativeUsers.signUp({
      userUrn: b.userUrn as string,
      fullName: b.fullName as string,
      email: b.email as string,
      title: b.title,
      password: b.password as string,
      inviteToken: b.inviteToken as string,
    });
    return { isNativeUserCreated: true };
  });
  app.post('/auth/verifyNativeUserCredentials', async (req) => {
    const b = bodyFields(req.body, ['userUrn', 'password']);
    return s.nativeUsers.verifyCredentials(b.userUrn as string, b.password as string);
  });
  app.post('/auth/resetNativeUserCredentials', async (req) => {
    const b = bodyFields(req.body, ['userUrn', 'password', 'resetToken']);
    await s.nativeUsers.resetCredentials(b.userUrn as string, b.password as string, b.resetToken as string);
    return { areNativeUserCredentialsReset: true };
  });
}

/** The auth servlet's errors: DataHub's status, a message; a denied sign-in as DataHub answers it. */
export function sendAuthServletError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  if (err instanceof LoginDeniedError)
    return reply.status(403).send({ loginDenialReason: err.loginDenialReason });
  return sendRestliError(reply, err, log);
}
