/**
 * The app's one way to the server: GraphQL at /api/graphql with the session cookie and the CSRF token
 * (the `neohub_csrf` cookie, sent back in `X-CSRF-Token`), and the sign-in routes. A 401 means the session
 * ended: the app goes back to the sign-in page.
 */
export class SignedOut extends Error {}

export function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export interface GqlError {
  message: string;
  extensions?: { code?: number };
}

export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch('/api/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': cookie('neohub_csrf') ?? '' },
    body: JSON.stringify({ query, variables }),
  });
  if (res.status === 401) throw new SignedOut();
  const body = (await res.json()) as { data?: T; errors?: GqlError[] };
  if (body.errors?.some((e) => e.extensions?.code === 401)) throw new SignedOut();
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

/** Signs in with a user name and password, or with an access token; the error's message otherwise. */
export const logIn = (body: { username: string; password: string } | { token: string }): Promise<void> =>
  startSession('/logIn', body, 'Sign-in');

/** Signs up with an invite token (the page of an Admin's invite link, `/signup?invite_token=…`): the new user signed in. */
export const signUp = (body: {
  fullName: string;
  email: string;
  password: string;
  title?: string;
  inviteToken: string;
}): Promise<void> => startSession('/signUp', body, 'Sign-up');

/** A new password with a reset token (the page of an Admin's reset link, `/reset?reset_token=…`): the user signed in. */
export const resetPassword = (body: { email: string; password: string; resetToken: string }): Promise<void> =>
  startSession('/resetNativeUserCredentials', body, 'The reset');

/**
 * A sign-in route: a JSON body (another site's form cannot send one without the server's leave, which it
 * never gives), answered with the session's cookies; the server's message when it refuses.
 */
async function startSession(path: string, body: object, what: string): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return;
  const answer = (await res.json().catch(() => ({}))) as { message?: string };
  throw new Error(
    res.status === 429
      ? 'Too many attempts: wait a minute.'
      : (answer.message ?? `${what} failed (${res.status})`),
  );
}

export async function logOut(): Promise<void> {
  await fetch('/logOut', { method: 'POST', credentials: 'same-origin' });
}

/** Whether a session cookie is there to try (the session cookie itself is not readable: its CSRF companion is). */
export const mayBeSignedIn = (): boolean => cookie('neohub_csrf') !== undefined;
