import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** What the client reads of an answer: a fetch Response has this shape too. */
export interface WireResponse {
  status: number;
  headers: Headers;
  /** The whole body; rejects when the connection drops before its end. */
  text(): Promise<string>;
}

export interface WireRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** For the answer to start, then for each silence while it comes (a large one on a slow link may take longer in all). */
  timeoutMs: number;
}

/** The error of a request that ran out of time, told apart from a dropped connection by `timedOut`. */
function timeoutError(): Error {
  return Object.assign(new Error('No answer in time'), { name: 'TimeoutError' });
}

/** Whether a request failed by running out of time (the service may still be working on it). */
export function timedOut(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'TimeoutError';
}

/** Answers compressed as a proxy in front of the service may send them (as fetch would ask). */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The answer's body as sent, or decompressed when it came compressed. */
function decoded(res: http.IncomingMessage): Readable {
  // Nothing to decompress (a 304 may still name its encoding).
  if (res.statusCode === 204 || res.statusCode === 304 || res.headers['content-length'] === '0') return res;
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/**
 * One request over node:http(s) on kept-alive connections: far less of this side's time per
 * request than the built-in fetch; a first sync and a queue of changes pushed are bound by it.
 */
export class NodeTransport {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  send(url: URL, request: WireRequest): Promise<WireResponse> {
    const secure = url.protocol === 'https:';
    const headers: Record<string, string | number> = { 'accept-encoding': ACCEPT_ENCODING, ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(
        url,
        {
          method: request.method,
          headers,
          agent: secure ? this.agents['https:'] : this.agents['http:'],
          // The connection's own idle limit: for the answer to start, then for each silence while it comes.
          timeout: request.timeoutMs,
        },
        (res) => {
          const body = new Promise<string>((resolveBody, rejectBody) => {
            const chunks: Buffer[] = [];
            const stream = decoded(res);
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
            res.on('error', rejectBody);
            // A body that does not decompress is as good as cut off: its connection is not reused.
            if (stream !== res) {
              stream.on('error', (error) => {
                rejectBody(error);
                res.destroy(error);
              });
            }
            // (Node reports a dropped connection as an 'error'; this is for one that closes quietly.)
            res.on('close', () => {
              if (!res.complete) rejectBody(new Error('The connection closed before the end of the answer'));
            });
          });
          // Awaited by text(); until then a failure must not count as unhandled.
          body.catch(() => undefined);
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, v);
          }
          resolve({ status: res.statusCode ?? 0, headers: answerHeaders, text: () => body });
        },
      );
      req.on('timeout', () => req.destroy(timeoutError()));
      req.on('error', reject);
      req.end(request.body);
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
