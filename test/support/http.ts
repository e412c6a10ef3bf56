import { expect } from 'vitest';

/** A response as tests look at it: the status, the parsed body (text when not JSON) and the headers. */
export interface Res {
  readonly status: number;
  readonly body: any;
  readonly headers: Headers;
}

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
  /** When set, `gql` expects every response to have this HTTP status (GraphQL answers errors with 200 too). */
  readonly gqlStatus?: number;
}

/**
 * Plain HTTP calls against one server: JSON bodies in, parsed bodies out.
 * - `call(method, path, body?, headers?)`: any request, as a {@link Res}.
 * - `gql(query, variables?)`: a GraphQL request at /api/graphql, as a {@link GqlBody}.
 * - `gqlOk(query, variables?)`: a GraphQL request that must succeed, as its `data`.
 * - `waitForTask(task, {prefix?, tries?})`: polls getEsTaskStatus until the task has completed.
 */
export function httpClient(base: () => string, options: HttpClientOptions = {}) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res> {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  /** A GraphQL request at /api/graphql: its `data` and `errors`. */
  async function gql(query: string, variables: Record<string, unknown> = {}): Promise<GqlBody> {
    const res = await call('POST', '/api/graphql', { query, variables });
    if (options.gqlStatus !== undefined) expect(res.status).toBe(options.gqlStatus);
    return res.body as GqlBody;
  }
  /** A GraphQL request that must succeed: expects no `errors` and returns its `data`. */
  async function gqlOk(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await gql(query, variables);
    expect(res.errors).toBeUndefined();
    return res.data as Record<string, any>;
  }
  /**
   * Polls `POST {prefix}/operations?action=getEsTaskStatus` every 50 ms until the task's status says
   * `completed`, and returns that parsed status (its `error` is left to the caller to look at).
   * Throws after `tries` polls.
   */
  async function waitForTask(
    task: string,
    { prefix = '', tries = 200 }: { prefix?: string; tries?: number } = {},
  ): Promise<Record<string, any>> {
    for (let i = 0; i < tries; i++) {
      const res = await call('POST', `${prefix}/operations?action=getEsTaskStatus`, { task });
      const status = JSON.parse(res.body.value);
      if (status.completed) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`task ${task} did not complete`);
  }
  return { call, gql, gqlOk, waitForTask };
}
