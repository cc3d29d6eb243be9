// Request bodies of the connector routes: JSON, optionally gzip-compressed, bounded both as sent
// and once expanded. Decompression streams through a counter that stops it at the cap, so a small
// gzip bomb never expands past it (docs/product.md §On-premises Active Directory).
import { Transform, type TransformCallback, pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { preParsingAsyncHookHandler } from 'fastify';
import { AppError } from '../http/app-error.js';

export interface BodyBounds {
  /** Bytes as sent (compressed or not). */
  sent: number;
  /** Bytes after decompression. */
  expanded: number;
}

const tooLarge = (what: string, limit: number) => new AppError(413, `Request body is too large: at most ${limit.toLocaleString('en-US')} bytes ${what}`);

/** Passes bytes through until `limit`, then fails the stream with 413. */
class ByteLimit extends Transform {
  bytes = 0;
  constructor(
    private readonly limit: number,
    private readonly what: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) done(tooLarge(this.what, this.limit));
    else done(null, chunk);
  }
}

/** A preParsing hook: refuses an announced length over the cap at once, counts what arrives, expands gzip. */
export function boundedBody(bounds: BodyBounds): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    const announced = Number(request.headers['content-length']);
    if (announced > bounds.sent) throw tooLarge('as sent', bounds.sent);
    const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const sent = new ByteLimit(bounds.sent, 'as sent');
    if (encoding === 'identity') return pipeline(payload, sent, () => {}) as unknown as typeof payload;
    if (encoding !== 'gzip') throw new AppError(415, 'Content-Encoding must be gzip or none');
    const gunzip = createGunzip();
    gunzip.on('error', (error: Error & { statusCode?: number }) => {
      error.statusCode ??= 400;
      error.message = `Request body is not valid gzip: ${error.message}`;
    });
    const expanded = new ByteLimit(bounds.expanded, 'once expanded');
    const body = pipeline(payload, sent, gunzip, expanded, () => {}) as Readable & { receivedEncodedLength?: number };
    // Fastify compares Content-Length with the bytes as sent.
    Object.defineProperty(body, 'receivedEncodedLength', { get: () => sent.bytes });
    return body as unknown as typeof payload;
  };
}
