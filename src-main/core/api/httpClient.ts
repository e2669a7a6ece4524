import { HttpError, NetworkError, SessionExpiredError, toProblem, WorkingOfflineError } from './apiErrors';
import { NodeTransport, timedOut, type WireResponse } from './nodeTransport';

/** Redirects a read follows (as fetch did), at most. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Send without a token (sign-in, refresh, health). */
  anonymous?: boolean;
  /**
   * Whether sending twice is harmless. GETs and requests with an Idempotency-Key are; a refresh
   * is not (the second would look like a stolen token).
   */
  repeatable?: boolean;
}

/** Waits before a read is sent again: 0.3 s, then twice as long each time, at most 2 s. */
const retryDelayMs = (retry: number) => Math.min(2_000, 300 * 2 ** retry);

/** A pooled connection the other side had already closed: the request never got through. */
function staleConnection(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return false;
}

export interface HttpResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Where the client gets and renews its access token; one refresh is shared by concurrent requests. */
export interface TokenSource {
  accessToken(): string | null;
  /**
   * Gets a new access token, unless it was already renewed since `refused` was sent; throws
   * SessionExpiredError when the service refuses.
   */
  refresh(refused: string | null): Promise<string>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export interface HttpClientOptions {
  baseUrl: string;
  tokens?: TokenSource;
  /** Per attempt, in ms. */
  timeout?: number;
  /**
   * Retries of a GET that got no answer (not one that timed out; an answer is never retried): other
   * methods are retried by the outbox, under an Idempotency-Key.
   */
  getRetries?: number;
  /** While this says so ("Work offline"), nothing is sent: each request fails as offline at once. */
  offline?: () => boolean;
}

/**
 * The one HTTP client of the backend, over node:http on kept-alive connections: a base URL per
 * account, timeouts, retries only where safe, one token refresh and retry on 401, and every failure
 * as a NetworkError or HttpError.
 */
export class HttpClient {
  private readonly transport = new NodeTransport();
  /** Closed: nothing more is sent, and nothing is sent again. */
  private closed = false;

  constructor(private readonly options: HttpClientOptions) {}

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Closes its kept-alive connections; requests still waiting fail, and none is sent again. */
  close(): void {
    this.closed = true;
    this.transport.close();
  }

  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const used = options.anonymous ? null : (this.options.tokens?.accessToken() ?? null);
    const first = await this.send(path, options);
    if (first.status !== 401 || options.anonymous || !this.options.tokens) return this.checked<T>(first);
    // The access token expired (or was revoked): renew once, then try once more.
    await this.options.tokens.refresh(used);
    const second = await this.send(path, options);
    if (second.status === 401) throw new SessionExpiredError();
    return this.checked<T>(second);
  }

  /**
   * A long-lived GET (the service's event stream): the response as it comes, with the same one
   * token refresh on 401; ended by `signal`.
   */
  async openStream(path: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    const go = async (token: string | null) => {
      if (this.options.offline?.()) throw new WorkingOfflineError();
      try {
        return await fetch(url, {
          headers: { accept: 'text/event-stream', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal,
        });
      } catch (error) {
        throw new NetworkError('The service cannot be reached right now', { cause: error });
      }
    };
    const used = this.options.tokens?.accessToken() ?? null;
    let res = await go(used);
    if (res.status === 401 && this.options.tokens) {
      await res.body?.cancel();
      await this.options.tokens.refresh(used);
      res = await go(this.options.tokens.accessToken());
      if (res.status === 401) {
        await res.body?.cancel();
        throw new SessionExpiredError();
      }
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      throw new HttpError(res.status, toProblem(res.status, body));
    }
    return res;
  }

  /**
   * One request, and for a read the redirects it meets, as fetch followed them: the token goes
   * only to the service's own origin.
   */
  private async followed(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
  ): Promise<WireResponse> {
    let at = url;
    let sent = headers;
    for (let hops = 0; ; hops++) {
      const response = await this.transport.send(at, { method, headers: sent, body, timeoutMs });
      const location = response.headers.get('location');
      if (method !== 'GET' || !REDIRECTS.has(response.status) || !location || hops >= MAX_REDIRECTS) return response;
      await response.text().catch(() => undefined);
      at = new URL(location, at);
      if (at.origin !== url.origin && 'authorization' in sent) {
        const { authorization: _dropped, ...rest } = sent;
        sent = rest;
      }
    }
  }

  private checked<T>(res: HttpResponse): HttpResponse<T> {
    // A redirect not followed (a write's, or one too many) is no answer to use.
    if (res.status >= 400 || REDIRECTS.has(res.status))
      throw new HttpError(res.status, toProblem(res.status, res.body));
    return res as HttpResponse<T>;
  }

  private async send(path: string, options: RequestOptions): Promise<HttpResponse> {
    if (this.options.offline?.()) throw new WorkingOfflineError();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.anonymous ? null : this.options.tokens?.accessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const searchParams: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.searchParams ?? {})) if (v !== undefined) searchParams[k] = String(v);
    const method = options.method ?? 'GET';
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(searchParams)) url.searchParams.set(k, v);
    const payload = options.json !== undefined ? JSON.stringify(options.json) : undefined;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const timeoutMs = this.options.timeout ?? DEFAULT_TIMEOUT_MS;
    // Reads are sent again when no answer came (getRetries); writes never are here (the outbox
    // does, under the same Idempotency-Key).
    const attempt = async (): Promise<WireResponse> => {
      const retries = method === 'GET' ? (this.options.getRetries ?? 2) : 0;
      for (let retry = 0; ; retry++) {
        if (this.closed) throw new Error('The client was closed');
        try {
          return await this.followed(url, method, headers, payload, timeoutMs);
        } catch (error) {
          // Closed while the attempt was under way (TypeScript cannot see it change across the await).
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (retry >= retries || timedOut(error) || this.closed) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(retry)));
        if (this.options.offline?.()) throw new WorkingOfflineError();
      }
    };
    let response: WireResponse;
    try {
      try {
        response = await attempt();
      } catch (error) {
        const repeatable = options.repeatable ?? (method === 'GET' || 'idempotency-key' in headers);
        // After the service restarted, the first request may meet a dead pooled connection.
        if (!repeatable || !staleConnection(error)) throw error;
        response = await attempt();
      }
    } catch (error) {
      // "Work offline" turned on while a read waited to be sent again.
      if (error instanceof WorkingOfflineError) throw error;
      throw new NetworkError(`Could not reach ${this.options.baseUrl}: ${(error as Error).message}`, { cause: error });
    }
    let body: unknown = null;
    try {
      const text = await response.text();
      if (text) body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    } catch (error) {
      // A reset mid-body is a network failure; a body that is not JSON is kept as text.
      if (error instanceof SyntaxError) body = null;
      else throw new NetworkError(`The answer from ${this.options.baseUrl} was cut off`, { cause: error });
    }
    return { status: response.status, body, headers: response.headers };
  }
}
