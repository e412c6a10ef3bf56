import { expect } from 'vitest';

/**
 * The one way the tests talk HTTP to a server.
 * - `request(method, url, options?)`: any request, as a {@link Res}.
 * - `post(base, path, body, headers?)`, `get(base, path, headers?)`: Rest.li-style shorthands (they send
 *   `X-RestLi-Protocol-Version: 2.0.0`).
 * - `httpClient(base, options?)`: requests against one server, REST and GraphQL, with or without a token.
 */

/**
 * A response as tests look at it. The body is read whole; `text` and `body` are decoded when first looked
 * at (suites that send thousands of requests look at few of their answers, some of megabytes).
 */
export interface Res {
  readonly status: number;
  readonly headers: Headers;
  /** The body as it came. */
  readonly bytes: Buffer;
  /** The body as text. */
  readonly text: string;
  /** The body parsed as JSON; its text when it is not JSON; undefined when it is empty. */
  readonly body: any;
}

export interface RequestOptions {
  /**
   * JSON-encoded (a string or bytes are sent as they are, for bodies that are not well-formed JSON), with
   * `Content-Type: application/json` unless `headers` name another.
   */
  readonly body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Win over the headers the other options make. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  readonly redirect?: Redirect;
}

/** fetch's `redirect`. */
export type Redirect = 'follow' | 'manual' | 'error';

export const JSON_CONTENT: Readonly<Record<string, string>> = { 'Content-Type': 'application/json' };
export const RESTLI: Readonly<Record<string, string>> = { 'X-RestLi-Protocol-Version': '2.0.0' };
export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** Any request; throws only when no answer comes (a refused connection, an aborted `signal`). */
export async function request(method: string, url: string, options: RequestOptions = {}): Promise<Res> {
  const { body, token, headers, signal, redirect } = options;
  const res = await fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : bearer(token)),
      ...(body === undefined ? {} : JSON_CONTENT),
      ...headers,
    },
    ...(body === undefined
      ? {}
      : { body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
    ...(redirect ? { redirect } : {}),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let text: string | undefined;
  let parsed: { value: unknown } | undefined;
  const decoded = (): string => (text ??= new TextDecoder().decode(bytes));
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    get text() {
      return decoded();
    },
    get body() {
      return (parsed ??= { value: parseBody(decoded()) }).value;
    },
  };
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A Rest.li-style POST: a JSON body (a string as it is) and `X-RestLi-Protocol-Version: 2.0.0`. */
export const post = (
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Res> => request('POST', `${base}${path}`, { body, headers: { ...RESTLI, ...headers } });

/** A Rest.li-style GET, with `X-RestLi-Protocol-Version: 2.0.0`. */
export const get = (base: string, path: string, headers: Record<string, string> = {}): Promise<Res> =>
  request('GET', `${base}${path}`, { headers: { ...RESTLI, ...headers } });

/** One error of a GraphQL response. */
export interface GqlError {
  message: string;
  extensions: any;
}

/** The body of a GraphQL response: its `data` and `errors`. */
export interface GqlBody {
  data?: Record<string, any> | null;
  errors?: GqlError[];
}

export interface HttpClientOptions {
  /** The headers of every request; `Content-Type: application/json` when not given. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as a bearer token with every request. */
  readonly token?: string;
  /** How redirects are treated (fetch's `redirect`); followed when not given. */
  readonly redirect?: Redirect;
  /** When set, `gql` expects every response to have this HTTP status (GraphQL answers errors with 200 too). */
  readonly gqlStatus?: number;
}

/** Requests against one server; see {@link httpClient}. */
export interface HttpClient {
  /** Any request: `body` as in {@link RequestOptions}, `headers` over the client's. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
  /** A GraphQL request at /api/graphql, as it was answered (status and all). */
  gqlRes(query: string, variables?: Record<string, unknown>): Promise<Res>;
  /** A GraphQL request at /api/graphql: its `data` and `errors` (its status checked when `gqlStatus` is set). */
  gql(query: string, variables?: Record<string, unknown>): Promise<GqlBody>;
  /** A GraphQL request that must succeed: expects no `errors` and returns its `data`. */
  gqlOk(query: string, variables?: Record<string, unknown>): Promise<Record<string, any>>;
  /**
   * Polls `POST {prefix}/operations?action=getEsTaskStatus` every 50 ms until the task's status says
   * `completed`, and returns that parsed status (its `error` is left to the caller to look at). Throws
   * after `tries` polls.
   */
  waitForTask(task: string, options?: { prefix?: string; tries?: number }): Promise<Record<string, any>>;
  /** The same client, with `token` as the bearer token of every request. */
  as(token: string): HttpClient;
}

/** Requests against the server at `base()` (a function: the server starts after the client is made). */
export function httpClient(base: () => string, options: HttpClientOptions = {}): HttpClient {
  const { headers: defaults = JSON_CONTENT, token, redirect, gqlStatus } = options;
  const call: HttpClient['call'] = (method, path, body, headers = {}) =>
    request(method, `${base()}${path}`, { body, token, redirect, headers: { ...defaults, ...headers } });
  const gqlRes: HttpClient['gqlRes'] = (query, variables = {}) =>
    call('POST', '/api/graphql', { query, variables });
  const gql: HttpClient['gql'] = async (query, variables) => {
    const res = await gqlRes(query, variables);
    if (gqlStatus !== undefined) expect(res.status).toBe(gqlStatus);
    return res.body as GqlBody;
  };
  const gqlOk: HttpClient['gqlOk'] = async (query, variables) => {
    const res = await gql(query, variables);
    expect(res.errors).toBeUndefined();
    return res.data as Record<string, any>;
  };
  const waitForTask: HttpClient['waitForTask'] = async (task, { prefix = '', tries = 200 } = {}) => {
    for (let i = 0; i < tries; i++) {
      const res = await call('POST', `${prefix}/operations?action=getEsTaskStatus`, { task });
      const status = JSON.parse(res.body.value);
      if (status.completed) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`task ${task} did not complete`);
  };
  const as = (t: string): HttpClient => httpClient(base, { ...options, token: t });
  return { call, gqlRes, gql, gqlOk, waitForTask, as };
}
