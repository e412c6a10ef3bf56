import http from 'node:http';
import https from 'node:https';
import { UnavailableError } from '../../src/errors/index.js';

/** A Meilisearch answer of an error status: its body (`{message, code, type, link}`) is the `cause`. */
export class MeiliHttpError extends Error {
  constructor(
    readonly status: number,
    override readonly cause: Record<string, unknown> | undefined,
  ) {
    super(typeof cause?.message === 'string' ? cause.message : `Meilisearch answered ${status}`, { cause });
    this.name = 'MeiliHttpError';
    this.code = typeof cause?.code === 'string' ? cause.code : undefined;
  }
  /** Meilisearch's error code (`index_not_found`...): the official client wraps this error, so it is the wrapper's `cause.code`. */
  readonly code: string | undefined;
}

/**
 * The HTTP client of the Meilisearch adapter: Node's http module with keep-alive sockets that send at
 * once (TCP_NODELAY) and each request written whole. Through the built-in fetch every call to
 * Meilisearch took about 40 ms whatever its work (a request written in parts meets delayed ACKs); here
 * it takes what Meilisearch takes. Answers the parsed body, and throws `MeiliHttpError` (the error body
 * as `cause`, as the official client's errors have it) for an error status, `UnavailableError` when no
 * answer comes.
 */
export function meiliHttpClient(): (input: string | URL | Request, init?: RequestInit) => Promise<unknown> {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, noDelay: true, maxSockets: 32 }),
    'https:': new https.Agent({ keepAlive: true, noDelay: true, maxSockets: 32 }),
  };
  // The official client passes the same Headers object (its key, content type and agent name) with every
  // request of an index: it is read into a plain object once, not on each call.
  const plain = new WeakMap<Headers, Readonly<Record<string, string>>>();
  const headersOf = (h: RequestInit['headers']): Record<string, string> => {
    if (!(h instanceof Headers)) return toPlain(new Headers(h));
    let out = plain.get(h);
    if (!out) plain.set(h, (out = toPlain(h)));
    return { ...out };
  };
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = input instanceof URL ? input : new URL(input instanceof Request ? input.url : input);
      const body = typeof init.body === 'string' ? Buffer.from(init.body) : undefined;
      const headers = headersOf(init.headers);
      if (body) headers['content-length'] = String(body.length);
      const lib = url.protocol === 'https:' ? https : http;
      const req = lib.request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text === '' ? undefined : JSON.parse(text);
            } catch (err) {
              return reject(err);
            }
            const status = res.statusCode ?? 0;
            if (status >= 400)
              reject(new MeiliHttpError(status, parsed as Record<string, unknown> | undefined));
            else resolve(parsed);
          });
        },
      );
      // No answer (refused, reset, timed out): Meilisearch is unreachable, a 503 for the client.
      req.on('error', (err) =>
        reject(new UnavailableError(`Meilisearch unreachable: ${err.message}`, { cause: err })),
      );
      req.end(body);
    });
}

function toPlain(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
}
