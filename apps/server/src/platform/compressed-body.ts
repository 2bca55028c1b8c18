import { PassThrough } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { preParsingHookHandler } from 'fastify';
import { AppError } from './app-error';

/**
 * A route's preParsing hook that accepts bodies sent with `Content-Encoding: gzip` (devices batch their
 * reports and compress them). The route's bodyLimit applies to the decompressed bytes, so a small
 * compressed body cannot expand into a large one; a body that is not valid gzip, or another encoding,
 * is refused with 400 naming Content-Encoding. A callback hook: a plain body (every heartbeat) costs no promise.
 */
export function acceptGzip(): preParsingHookHandler {
  return (request, _reply, payload, done) => {
    const header = request.headers['content-encoding'];
    if (header === undefined) return done(null, payload);
    const encoding = String(header).trim().toLowerCase();
    if (encoding === 'identity' || encoding === '') return done(null, payload);
    if (encoding !== 'gzip' && encoding !== 'x-gzip')
      return done(new AppError('BAD_REQUEST', { field: 'Content-Encoding' }, 'Content-Encoding'));
    const gunzip = createGunzip();
    const decoded = new PassThrough() as PassThrough & { receivedEncodedLength: number };
    // Fastify compares Content-Length with what it reads: the compressed length is what was received.
    decoded.receivedEncodedLength = 0;
    payload.on('data', (chunk: Buffer) => {
      decoded.receivedEncodedLength += chunk.length;
    });
    // Not gzip, or truncated: a 400 in the caller's language.
    const refuse = () =>
      decoded.destroy(new AppError('BAD_REQUEST', { field: 'Content-Encoding' }, 'Content-Encoding'));
    payload.on('error', refuse);
    gunzip.on('error', refuse);
    payload.pipe(gunzip).pipe(decoded);
    done(null, decoded);
  };
}
