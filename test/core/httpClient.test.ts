import { createServer, type Server, type Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, WorkingOfflineError } from '../../src-main/core/api/apiErrors';
import { HttpClient } from '../../src-main/core/api/httpClient';
import { setRequestLanguage } from '../../src-main/core/api/language';
import { quietFor } from '../support/waits';

/** A loopback server that answers each request with raw bytes written by `answer`. */
async function rawServer(answer: (socket: Socket, request: string) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((socket) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      const request = received;
      received = '';
      answer(socket, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  servers.push(server);
  return { url: `http://127.0.0.1:${address.port}`, server };
}
const servers: Server[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});
function clientOf(url: string, timeout = 5_000): HttpClient {
  const client = new HttpClient({ baseUrl: url, timeout });
  clients.push(client);
  return client;
}

describe('the language the HTTP client asks in', () => {
  it('is the one the app is read in, so the service refuses in its words', async () => {
    const seen: string[] = [];
    const { url } = await rawServer((socket, request) => {
      seen.push(request);
      socket.write('HTTP/1.1 204 No Content\r\n\r\n');
    });
    const client = clientOf(url);
    await client.request('api/health');
    setRequestLanguage('de');
    try {
      await client.request('api/health');
    } finally {
      setRequestLanguage('en');
    }
    expect(seen.map((r) => /accept-language: (\S+)/i.exec(r)?.[1])).toEqual(['en', 'de']);
  });
});

describe('writes sent by the HTTP client', () => {
  it('send the JSON body with its length, and read status, headers and the JSON answer', async () => {
    const seen: string[] = [];
    const { url } = await rawServer((socket, request) => {
      seen.push(request);
      const body = '{"id":"t1","version":3}';
      socket.write(
        `HTTP/1.1 201 Created\r\ncontent-type: application/json\r\netag: "3"\r\nset-cookie: a=1\r\nset-cookie: b=2\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });
    const client = clientOf(url);
    const res = await client.request('api/trainings', {
      method: 'POST',
      json: { name: 'Ünïcode' },
      headers: { 'idempotency-key': 'k1' },
    });
    expect(res).toMatchObject({ status: 201, body: { id: 't1', version: 3 } });
    expect(res.headers.get('etag')).toBe('"3"');
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    const [head, sent] = seen[0]!.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^POST \/api\/trainings HTTP\/1\.1/);
    expect(head).toMatch(/content-type: application\/json/i);
    // The length counts bytes, not characters.
    expect(head).toMatch(new RegExp(`content-length: ${Buffer.byteLength('{"name":"Ünïcode"}')}`, 'i'));
    expect(Buffer.from(sent, 'latin1').toString('utf8')).toBe('{"name":"Ünïcode"}');
    // A second write reuses the kept-alive connection.
    await client.request('api/trainings', { method: 'POST', json: {} });
    expect(seen).toHaveLength(2);
  });

  it('turn a problem answer into an HttpError with its details', async () => {
    const { url } = await rawServer((socket) => {
      const body = '{"title":"Conflict","status":409,"detail":"These dates overlap"}';
      socket.write(
        `HTTP/1.1 409 Conflict\r\ncontent-type: application/problem+json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });
    const error = await clientOf(url)
      .request('api/leave', { method: 'POST', json: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, problem: { detail: 'These dates overlap' } });
  });

  it('fail with a NetworkError, never a truncated success, when the answer is cut off', async () => {
    const { url } = await rawServer((socket) => {
      socket.write('HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"id":"t1"');
      setTimeout(() => socket.destroy(), 20);
    });
    const error = await clientOf(url)
      .request('api/trainings', { method: 'POST', json: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/cut off/);
  });

  it('give up after the timeout when no answer comes', async () => {
    const { url } = await rawServer(() => undefined);
    const started = performance.now();
    const error = await clientOf(url, 300)
      .request('api/trainings', { method: 'POST', json: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('fail with a NetworkError when nothing listens', async () => {
    const { url, server } = await rawServer(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    servers.splice(servers.indexOf(server), 1);
    const error = await clientOf(url)
      .request('api/trainings', { method: 'POST', json: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain(url);
  });
});

describe('reads sent by the HTTP client', () => {
  const answer = (socket: Socket, status: string, body: string) =>
    socket.write(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );

  it('are sent again when no answer came, and answered with the answer that did', async () => {
    let asked = 0;
    const { url } = await rawServer((socket, request) => {
      asked += 1;
      // The first two are dropped unanswered; the third gets its answer.
      if (asked < 3) socket.destroy();
      else answer(socket, '200 OK', JSON.stringify({ path: request.split(' ')[1] }));
    });
    const res = await clientOf(url).request('api/trainings', { searchParams: { page: 2, sortBy: undefined } });
    expect(asked).toBe(3);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ path: '/api/trainings?page=2' });
  });

  it('are not sent again once an answer came, whatever it said, nor more often than asked', async () => {
    let asked = 0;
    const { url } = await rawServer((socket) => {
      asked += 1;
      answer(socket, '503 Service Unavailable', JSON.stringify({ title: 'Busy' }));
    });
    const error = await clientOf(url)
      .request('api/trainings')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(asked).toBe(1);

    let dropped = 0;
    const { url: silent } = await rawServer((socket) => {
      dropped += 1;
      socket.destroy();
    });
    const once = new HttpClient({ baseUrl: silent, getRetries: 0 });
    clients.push(once);
    await expect(once.request('api/trainings')).rejects.toBeInstanceOf(NetworkError);
    // No retry of its own: only the one given to what looks like a dead pooled connection.
    expect(dropped).toBe(2);
  });

  it('ask for compressed answers and read them decompressed; a body that does not decompress is a NetworkError', async () => {
    const seen: string[] = [];
    const body = JSON.stringify({ data: [{ id: 't1', name: 'Ünïcode' }] });
    const bodies: Record<string, Buffer> = {
      '/gzip': gzipSync(body),
      '/br': brotliCompressSync(body),
      '/deflate': deflateSync(body),
      '/broken': Buffer.concat([gzipSync(body).subarray(0, 20), Buffer.from('not gzip')]),
      '/unchanged': Buffer.alloc(0),
    };
    const { url } = await rawServer((socket, request) => {
      seen.push(request);
      const path = request.split(' ')[1]!;
      const encoding = path === '/broken' || path === '/unchanged' ? 'gzip' : path.slice(1);
      const bytes = bodies[path]!;
      socket.write(
        path === '/unchanged'
          ? // A 304 has no body, and says no length: its encoding alone must not be decompressed.
            `HTTP/1.1 304 Not Modified\r\ncontent-encoding: gzip\r\netag: "1"\r\n\r\n`
          : `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: ${encoding}\r\ncontent-length: ${bytes.length}\r\n\r\n`,
      );
      socket.write(bytes);
    });
    const client = clientOf(url);
    for (const path of ['gzip', 'br', 'deflate']) {
      expect((await client.request(path)).body).toEqual(JSON.parse(body));
    }
    expect(seen[0]).toMatch(/accept-encoding: gzip, deflate, br/i);
    await expect(client.request('broken')).rejects.toBeInstanceOf(NetworkError);
    expect((await client.request('unchanged')).status).toBe(304);
  });

  it('are not sent again once "Work offline" is turned on meanwhile', async () => {
    let asked = 0;
    let offline = false;
    const { url } = await rawServer((socket) => {
      asked += 1;
      offline = true;
      socket.destroy();
    });
    const client = new HttpClient({ baseUrl: url, offline: () => offline });
    clients.push(client);
    await expect(client.request('api/trainings')).rejects.toBeInstanceOf(WorkingOfflineError);
    expect(asked).toBe(1);
  });

  it('follow redirects, with the token only to the service’s own origin; a write’s redirect is an error', async () => {
    const seen: string[] = [];
    const { url: elsewhere } = await rawServer((socket, request) => {
      seen.push(`elsewhere ${request}`);
      answer(socket, '200 OK', '{"from":"elsewhere"}');
    });
    const { url } = await rawServer((socket, request) => {
      seen.push(`own ${request}`);
      const path = request.split(' ')[1]!;
      const to = path === '/api/a' ? '/api/b' : path === '/api/b' ? `${elsewhere}/api/c` : null;
      if (to) socket.write(`HTTP/1.1 302 Found\r\nlocation: ${to}\r\ncontent-length: 0\r\n\r\n`);
      else answer(socket, '200 OK', '{}');
    });
    const client = new HttpClient({
      baseUrl: url,
      tokens: { accessToken: () => 'secret-token', refresh: () => Promise.resolve('secret-token') },
    });
    clients.push(client);
    expect((await client.request('api/a')).body).toEqual({ from: 'elsewhere' });
    expect(seen.map((r) => r.split(' ').slice(0, 3).join(' '))).toEqual([
      'own GET /api/a',
      'own GET /api/b',
      'elsewhere GET /api/c',
    ]);
    expect(seen[1]).toMatch(/authorization: Bearer secret-token/i);
    expect(seen[2]).not.toMatch(/authorization/i);
    const error = await client.request('api/a', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(302);
  });

  it('take a slow answer as long as it keeps coming, and give up on one that stops', async () => {
    const body = JSON.stringify({ data: Array.from({ length: 6 }, (_, i) => ({ id: `t${i}` })) });
    const { url } = await rawServer((socket, request) => {
      const stops = request.startsWith('GET /stops');
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`);
      // A piece every 150 ms: 900 ms in all, three times the time limit, never silent for longer.
      const pieces = stops ? [body.slice(0, 10)] : body.match(/.{1,12}/g)!;
      pieces.forEach((piece, i) => setTimeout(() => socket.write(piece), 150 * i));
    });
    const client = clientOf(url, 300);
    const started = performance.now();
    expect((await client.request('slow')).body).toEqual(JSON.parse(body));
    expect(performance.now() - started).toBeGreaterThan(300);
    const error = await client.request('stops').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('are not sent again once the client is closed', async () => {
    let asked = 0;
    const { url } = await rawServer(() => (asked += 1));
    const client = clientOf(url);
    const pending = client.request('api/trainings').catch((e: unknown) => e);
    // Closed once the request reached the server (a read with no answer yet).
    await vi.waitFor(() => expect(asked).toBe(1));
    client.close();
    expect(await pending).toBeInstanceOf(NetworkError);
    // A negative check: past the client's first wait before sending a read again (0.3 s).
    await quietFor(1_000, 'requests the server got', () => asked, 1);
  });

  it('are not sent again when they ran out of time', async () => {
    let asked = 0;
    const { url } = await rawServer(() => (asked += 1));
    const error = await clientOf(url, 300)
      .request('api/trainings')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(asked).toBe(1);
  });
});
