import { requestLanguage } from './language';
import ky, { isTimeoutError, type KyInstance, type Options } from 'ky';
import { Agent, fetch as undiciFetch } from 'undici';
import { HttpError, NetworkError, SessionExpiredError, toProblem, WorkingOfflineError } from './apiErrors';

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
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Answers compressed as a proxy in front of the service may send them. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface HttpClientOptions {
  baseUrl: string;
  tokens?: TokenSource;
  /** Per attempt, in ms: for the answer to start, then for each silence while it comes. */
  timeout?: number;
  /**
   * Retries of a GET that got no answer (not one that timed out; an answer is never retried): other
   * methods are retried by the outbox, under an Idempotency-Key.
   */
  getRetries?: number;
  /** While this says so ("Work offline"), nothing is sent: each request fails as offline at once. */
  offline?: () => boolean;
}

/** What one call tells the hooks. */
interface CallContext {
  anonymous: boolean;
  repeatable: boolean;
  /** The token the call went out with, and whether it was already renewed once. */
  sentWith: string | null;
  renewed: boolean;
  /** The refresh itself failed: its own error, not the request's, and nothing to send again. */
  refreshFailed: boolean;
}

/** Waits before a read is sent again: 0.3 s, then twice as long each time, at most 2 s. */
const retryDelayMs = (retry: number) => Math.min(2_000, 300 * 2 ** (retry - 1));

/** A pooled connection the other side had already closed: the request never got through. */
function staleConnection(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return false;
}

/** Out of time, whether waiting for the answer to start (ky) or in a silence while it came (undici). */
function timedOut(error: unknown): boolean {
  if (isTimeoutError(error)) return true;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return true;
  }
  return false;
}

/** The body as JSON when it says so, else as text; a body that is not the JSON it claims is none. */
async function bodyOf(response: Response, baseUrl: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new NetworkError(`The answer from ${baseUrl} was cut off`, { cause: error });
  }
  if (!text) return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * ky's request, sent by undici's own fetch: the fetch built into Node 20 waits forever on a body
 * that fails to decompress on a reused connection, and its Request is not undici's (so only its
 * parts cross). A body is the JSON text ky made, sent with its length.
 */
async function fetchOverUndici(input: Request, init?: RequestInit): Promise<Response> {
  const body = input.body ? await input.text() : undefined;
  const response = await undiciFetch(input.url, {
    method: input.method,
    headers: [...input.headers],
    body,
    signal: input.signal,
    redirect: input.redirect,
    ...(init as object),
  });
  return response as unknown as Response;
}

/**
 * The one HTTP client of the backend: ky over undici's fetch, on kept-alive connections of an
 * undici Agent. A base URL per account, time limits, retries only where safe, the bearer token and one
 * refresh on 401 as hooks, and every failure as a NetworkError or HttpError.
 */
export class HttpClient {
  private readonly agent: Agent;
  /** The event stream's own pool: a stream is quiet between events, which no body time limit allows. */
  private readonly streamAgent = new Agent({ bodyTimeout: 0, keepAliveTimeout: 1_000 });
  private readonly api: KyInstance;
  /** Closed: nothing more is sent, and nothing is sent again. */
  private closed = false;

  constructor(private readonly options: HttpClientOptions) {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.agent = new Agent({ keepAliveTimeout: 10_000, headersTimeout: timeout, bodyTimeout: timeout });
    const tokens = options.tokens;
    this.api = ky.create({
      prefixUrl: options.baseUrl,
      fetch: fetchOverUndici as typeof fetch,
      timeout,
      throwHttpErrors: false,
      hooks: {
        beforeRequest: [
          (request, opts) => {
            if (this.closed) throw new Error('The client was closed');
            if (options.offline?.()) throw new WorkingOfflineError();
            const { call } = opts.context as { call: CallContext };
            if (call.anonymous || !tokens) return;
            call.sentWith = tokens.accessToken();
            if (call.sentWith) request.headers.set('authorization', `Bearer ${call.sentWith}`);
          },
        ],
        beforeRetry: [
          () => {
            if (options.offline?.()) throw new WorkingOfflineError();
          },
        ],
        afterResponse: [
          async (_request, opts, response) => {
            const { call } = opts.context as { call: CallContext };
            if (response.status !== 401 || call.anonymous || !tokens) return;
            // Refused twice, the second time with a token just renewed: the sign-in is gone.
            if (call.renewed) throw new SessionExpiredError();
            try {
              await tokens.refresh(call.sentWith);
            } catch (error) {
              call.refreshFailed = true;
              throw error;
            }
            call.renewed = true;
            return ky.retry({ delay: 0 });
          },
        ],
      },
    });
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Closes its kept-alive connections; requests still waiting fail, and none is sent again. */
  close(): void {
    this.closed = true;
    void this.agent.destroy().catch(() => undefined);
    void this.streamAgent.destroy().catch(() => undefined);
  }

  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
      'accept-language': requestLanguage(),
      ...options.headers,
    };
    const repeatable = options.repeatable ?? (method === 'GET' || 'idempotency-key' in headers);
    const response = await this.send(path.replace(/^\/+/, ''), {
      method,
      headers,
      // Reads follow redirects as fetch does (the token only to the service's own origin); a write's
      // redirect is no answer to use.
      redirect: method === 'GET' ? 'follow' : 'manual',
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.searchParams ? { searchParams: options.searchParams } : {}),
      ...this.callOf(method === 'GET' ? (this.options.getRetries ?? 2) : 0, options.anonymous ?? false, repeatable),
    });
    const body = await bodyOf(response, this.options.baseUrl);
    // A redirect not followed (a write's) is no answer to use; a 304 is.
    if (response.status >= 400 || REDIRECTS.has(response.status))
      throw new HttpError(response.status, toProblem(response.status, body));
    return { status: response.status, body: body as T, headers: response.headers };
  }

  /**
   * A long-lived GET (the service's event stream): the response as it comes, with the same one
   * token refresh on 401; ended by `signal`.
   */
  async openStream(path: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    const response = await this.send(path.replace(/^\/+/, ''), {
      headers: { accept: 'text/event-stream', ...headers },
      signal,
      timeout: false,
      // Sent again only after a renewed token: the stream's owner decides when to try again.
      ...this.callOf(0, false, false),
      dispatcher: this.streamAgent,
    } as unknown as Options);
    if (!response.ok) throw new HttpError(response.status, toProblem(response.status, await bodyOf(response, '')));
    return response;
  }

  /**
   * A call's context for the hooks, and how it is sent again: when no answer came, up to `own`
   * times (a read's `getRetries`); a repeatable call whose pooled connection turned out dead (after the service
   * restarted, the first request may meet one); and any call once after its token was renewed.
   */
  private callOf(own: number, anonymous: boolean, repeatable: boolean): Options {
    const call: CallContext = { anonymous, repeatable, sentWith: null, renewed: false, refreshFailed: false };
    return {
      // ky copies the context: the state is shared through the object it holds.
      context: { call },
      retry: {
        // The refresh's once more and the dead connection's are counted too.
        limit: own + 2,
        methods: ['get', 'post', 'put', 'patch', 'delete'],
        delay: retryDelayMs,
        shouldRetry: ({ error, retryCount }) => {
          if (this.closed || call.refreshFailed || timedOut(error) || error instanceof WorkingOfflineError)
            return false;
          if (error instanceof SessionExpiredError) return false;
          if (retryCount <= own) return true;
          return repeatable && retryCount <= own + 1 && staleConnection(error);
        },
      },
    };
  }

  private async send(path: string, options: Options): Promise<Response> {
    try {
      return await this.api(path, { dispatcher: this.agent, ...options } as Options);
    } catch (error) {
      // The refresh's own failure, or "Work offline": as they are.
      if (error instanceof NetworkError || error instanceof SessionExpiredError || error instanceof HttpError)
        throw error;
      // An aborted stream is its owner's doing, not the network's.
      if (options.signal?.aborted) throw error;
      throw new NetworkError(`Could not reach ${this.options.baseUrl}: ${(error as Error).message}`, { cause: error });
    }
  }
}
