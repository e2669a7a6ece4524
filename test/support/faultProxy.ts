import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { letTimePass } from './waits';

export type Fault = 'reset-before' | 'reset-after' | 'status-500' | 'slow' | 'hang-after';

/**
 * A loopback proxy in front of the service that breaks some requests: resets the connection
 * before or after the service handled them (the answer is lost), answers 500 itself, answers
 * slowly, or holds the answer until the client gives up. toxiproxy is not packaged here.
 */
export class FaultProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private held: NodeJS.Timeout[] = [];
  enabled = true;
  readonly counts: Record<Fault | 'clean', number> = {
    'reset-before': 0,
    'reset-after': 0,
    'status-500': 0,
    slow: 0,
    'hang-after': 0,
    clean: 0,
  };
  port = 0;
  /** Sees every answer the client got: method, path, status and body size. */
  observe: ((entry: { method: string; path: string; status: number; bytes: number }) => void) | null = null;
  /** Paths answered 404, as a service without that extension would. */
  hidden: RegExp | null = null;
  /** Requests whose URL (path and query) matches are counted while under way: `inFlight`, and the most at once. */
  watched: RegExp | null = null;
  inFlight = 0;
  peakInFlight = 0;
  /** Sees each piece of an event stream as it passes (its events and heartbeats). */
  streamed: ((chunk: Buffer) => void) | null = null;
  /**
   * While on, the pieces of the event streams are kept back here (`streamed` still sees them), until
   * `releaseStreams` passes each stream's on in one write: changes made apart, heard at once.
   */
  holdStreams = false;
  private readonly heldPieces = new Map<ServerResponse, { pieces: Buffer[]; ended: boolean }>();
  private atWork: (() => void)[] = [];
  /** A fault chosen for a request by its URL, before (and instead of) the random one. */
  forced: ((url: string) => Fault | null) | null = null;
  /** Runs before a request goes on to the service (which then sees what it changed). */
  beforeForward: ((url: string) => Promise<void> | void) | null = null;

  constructor(
    private readonly target: () => string,
    private readonly options: {
      rate: number;
      random: () => number;
      faults?: Fault[];
      onRequest?: () => void;
      slowMs?: number;
    },
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.held) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Resolves once the service has answered well (below 400) a request of a client at work: one past
   * its sign-in or its token's renewal (not /api/auth/…), such as a change pushed.
   */
  workAnswered(): Promise<void> {
    return new Promise((resolve) => this.atWork.push(resolve));
  }

  /** Ends `holdStreams`: what each stream kept back goes on to its client in one piece. */
  releaseStreams(): void {
    this.holdStreams = false;
    for (const [res, { pieces, ended }] of this.heldPieces) {
      if (res.destroyed || res.writableEnded) continue;
      res.write(Buffer.concat(pieces));
      if (ended) res.end();
    }
    this.heldPieces.clear();
  }

  private pick(): Fault | null {
    if (!this.enabled || this.options.random() >= this.options.rate) return null;
    const faults = this.options.faults ?? ['reset-before', 'reset-after', 'status-500', 'slow', 'hang-after'];
    return faults[Math.floor(this.options.random() * faults.length)]!;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const watched = this.watched?.test(req.url ?? '') ?? false;
    if (watched) this.peakInFlight = Math.max(this.peakInFlight, ++this.inFlight);
    try {
      await this.answer(req, res);
    } finally {
      if (watched) this.inFlight -= 1;
    }
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.options.onRequest?.();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (this.hidden?.test(req.url ?? '')) {
      res.writeHead(404, { 'content-type': 'application/problem+json' });
      return void res.end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 }));
    }
    const fault = this.forced?.(req.url ?? '') ?? this.pick();
    this.counts[fault ?? 'clean'] += 1;
    if (fault === 'reset-before') return void req.socket.destroy();
    if (fault === 'status-500') {
      res.writeHead(500, { 'content-type': 'application/problem+json' });
      return void res.end(JSON.stringify({ type: 'about:blank', title: 'Injected fault', status: 500 }));
    }
    if (fault === 'slow') await letTimePass(this.options.slowMs ?? 150);
    await this.beforeForward?.(req.url ?? '');
    const upstream = await this.forward(req, body).catch(() => null);
    if (!upstream) return void req.socket.destroy();
    if (fault === 'reset-after') return void req.socket.destroy();
    if (fault === 'hang-after') {
      this.held.push(setTimeout(() => req.socket.destroy(), 10_000));
      return;
    }
    res.writeHead(upstream.status, upstream.headers);
    if (upstream.stream) {
      // An event stream goes through as it comes, as a proxy that does not buffer passes it on
      // (unless the test holds it back).
      const held = () => {
        const kept = this.heldPieces.get(res) ?? { pieces: [], ended: false };
        this.heldPieces.set(res, kept);
        return kept;
      };
      upstream.stream.on('data', (chunk: Buffer) => {
        this.streamed?.(chunk);
        if (this.holdStreams) held().pieces.push(chunk);
        else if (!res.destroyed) res.write(chunk);
      });
      upstream.stream.on('end', () => {
        if (this.holdStreams) held().ended = true;
        else res.end();
      });
      req.socket.on('close', () => upstream.stream?.destroy());
      return;
    }
    res.end(upstream.body);
    if (upstream.status < 400 && !(req.url ?? '').startsWith('/api/auth/'))
      for (const done of this.atWork.splice(0)) done();
    this.observe?.({
      method: req.method ?? 'GET',
      path: (req.url ?? '').split('?')[0]!,
      status: upstream.status,
      bytes: upstream.body.length,
    });
  }

  private forward(req: IncomingMessage, body: Buffer) {
    const target = new URL(this.target());
    return new Promise<{
      status: number;
      headers: Record<string, string | string[]>;
      body: Buffer;
      stream?: IncomingMessage;
    }>((resolve, reject) => {
      const headers = { ...req.headers, host: target.host, connection: 'close' };
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (upstream) => {
          if (String(upstream.headers['content-type'] ?? '').startsWith('text/event-stream')) {
            const h: Record<string, string | string[]> = {};
            for (const [k, v] of Object.entries(upstream.headers)) if (v !== undefined && k !== 'connection') h[k] = v;
            resolve({ status: upstream.statusCode ?? 502, headers: h, body: Buffer.alloc(0), stream: upstream });
            return;
          }
          const parts: Buffer[] = [];
          upstream.on('data', (c: Buffer) => parts.push(c));
          upstream.on('end', () => {
            const h: Record<string, string | string[]> = {};
            for (const [k, v] of Object.entries(upstream.headers)) {
              if (v !== undefined && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') h[k] = v;
            }
            resolve({ status: upstream.statusCode ?? 502, headers: h, body: Buffer.concat(parts) });
          });
          upstream.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }
}

/** A seeded generator for tests that must replay the same run. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
