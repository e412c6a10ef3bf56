import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { errorCodes, type FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors/index.js';

/** An HTTP-layer client error as Fastify's own are (`statusCode` and `code`), for `wireStatus`. */
const unsupportedEncoding = (encoding: string): Error =>
  Object.assign(
    new Error(
      `Unsupported Content-Encoding "${encoding}": a request body may be sent as is or gzip-compressed`,
    ),
    { statusCode: 415, code: 'NEOHUB_UNSUPPORTED_CONTENT_ENCODING' },
  );

/**
 * Request bodies compressed with gzip (`Content-Encoding: gzip`, as OpenLineage's HTTP transport sends
 * them with `compression: gzip`) are read decompressed, on every route. The body limit applies to the
 * decompressed bytes too: decompression stops at the limit (a gzip bomb is a 413, never memory), and
 * the compressed bytes are what `Content-Length` is checked against. A body that is not gzip is a 400;
 * any other encoding a 415.
 */
export function registerBodyDecoding(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase();
    if (encoding === '' || encoding === 'identity') return payload;
    if (encoding !== 'gzip' && encoding !== 'x-gzip') throw unsupportedEncoding(encoding);
    const gunzip = createGunzip();
    let decoded = 0;
    // What Fastify reads: the decompressed bytes, with the compressed length it checks Content-Length against.
    const body = new Transform({
      transform(chunk: Buffer, _enc, done) {
        decoded += chunk.length;
        if (decoded <= limit) return done(null, chunk);
        // Over the limit: stop inflating (the rest of the request is discarded once answered).
        payload.unpipe(gunzip);
        gunzip.destroy();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      },
    }) as Transform & { receivedEncodedLength: number };
    body.receivedEncodedLength = 0;
    // Fastify listens for errors while it reads the body; one it never reads (a GET) must not crash the process.
    body.on('error', () => undefined);
    payload.on('data', (chunk: Buffer) => {
      body.receivedEncodedLength += chunk.length;
    });
    gunzip.on('error', (err) => {
      payload.unpipe(gunzip);
      body.destroy(
        new BadRequestError(`The body is not valid gzip (Content-Encoding: gzip): ${err.message}`, {
          cause: err,
        }),
      );
    });
    (payload as Readable).pipe(gunzip).pipe(body);
    return body;
  });
}
