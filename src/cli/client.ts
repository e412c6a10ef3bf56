/** Where the CLI sends its requests. */
export interface Target {
  readonly server: string;
  readonly token?: string;
}

const RESTLI = { 'X-RestLi-Protocol-Version': '2.0.0' };

/** A request the server answered with an error status: its status and its message. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached at all. */
export class ConnectionError extends Error {}

/** The message of an error response: `error` and `message` of DataHub's JSON error body, else the text. */
export function errorMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const parts = [body.error, body.message].filter((p): p is string => typeof p === 'string' && p !== '');
    if (parts.length > 0) return parts.join(': ');
  } catch {
    // not JSON: fall through to the text
  }
  const trimmed = text.trim();
  return trimmed ? `HTTP ${status}: ${trimmed.slice(0, 500)}` : `HTTP ${status}`;
}

/** A small client of the versioned entity API (`/openapi/v3/entity/...`) over the global fetch. */
export class GmsClient {
  private readonly base: string;

  constructor(
    private readonly target: Target,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.base = target.server.replace(/\/+$/, '');
  }

  /**
   * One aspect's value, or undefined when the entity or aspect does not exist. Takes both answers a server may
   * give: `{urn, <aspect>: {value}}` (the spec's v3 form) and the bare `{value}`.
   */
  async getAspect(entity: string, urn: string, aspect: string): Promise<unknown> {
    const body = (await this.request('GET', `${this.path(entity, urn)}/${aspect}`)) as
      Record<string, { value?: unknown } | undefined> | undefined;
    if (!body || typeof body !== 'object') return undefined;
    return body[aspect] && typeof body[aspect] === 'object' ? body[aspect].value : body.value;
  }

  /** Upserts one aspect (replacing it whole). */
  async upsertAspect(entity: string, urn: string, aspect: string, value: unknown): Promise<void> {
    await this.request('POST', `${this.path(entity, urn)}/${aspect}?createIfNotExists=false`, { value });
  }

  /**
   * Upserts several aspects of one entity in one request (`POST /openapi/v3/entity/<entity>?async=false`): the
   * server applies them together or not at all.
   */
  async upsertEntity(entity: string, urn: string, aspects: Readonly<Record<string, unknown>>): Promise<void> {
    const item: Record<string, unknown> = { urn };
    for (const [name, value] of Object.entries(aspects)) item[name] = { value };
    await this.request('POST', `/openapi/v3/entity/${entity}?async=false`, [item]);
  }

  /** Hard deletes an entity; returns the background tasks the server started (`X-Neohub-Tasks`). */
  async deleteEntity(entity: string, urn: string): Promise<string[]> {
    const tasks: string[] = [];
    await this.request('DELETE', this.path(entity, urn), undefined, (h) => {
      tasks.push(...(h.get('x-neohub-tasks') ?? '').split(',').filter(Boolean));
    });
    return tasks;
  }

  /** The whole entity as the v3 GET returns it, or undefined when it does not exist. */
  async getEntity(entity: string, urn: string): Promise<unknown> {
    return this.request('GET', this.path(entity, urn));
  }

  /** A Rest.li action (`POST /<resource>?action=<name>`): the answer's `value`. */
  async action(resource: string, name: string, body: unknown): Promise<unknown> {
    const res = (await this.request('POST', `/${resource}?action=${name}`, body, undefined, RESTLI)) as
      { value?: unknown } | undefined;
    return res?.value;
  }

  private path(entity: string, urn: string): string {
    return `/openapi/v3/entity/${entity}/${encodeURIComponent(urn)}`;
  }

  /** Sends a request; a 404 answers undefined, any other error status throws a ServerError. */
  private async request(
    method: string,
    path: string,
    body?: unknown,
    onHeaders?: (headers: Headers) => void,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.target.token) headers.Authorization = `Bearer ${this.target.token}`;
    let res: Response;
    try {
      res = await this.fetchFn(`${this.base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new ConnectionError(`cannot reach ${this.base}: ${cause}`);
    }
    const text = await res.text();
    onHeaders?.(res.headers);
    if (res.status === 404 && method === 'GET') return undefined;
    if (!res.ok) throw new ServerError(res.status, errorMessage(res.status, text));
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ServerError(res.status, `the server answered ${res.status} with a body that is not JSON`);
    }
  }
}
