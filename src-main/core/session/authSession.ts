import { closedOnMessage } from '@shared/rules';
import { refreshResponseSchema, tokenResponseSchema, type TokenResponse } from '@shared/wire';
import { HttpClient, type TokenSource } from '../api/httpClient';
import { HttpError, SessionExpiredError } from '../api/apiErrors';
import { pageWords } from '../api/language';
import type { TokenStore } from './tokens';

/**
 * The tokens of one signed-in account. The access token lives in memory only; the refresh token
 * is kept in the TokenStore and replaced at every rotation. Concurrent requests that meet a 401
 * share one refresh.
 */
export class AuthSession implements TokenSource {
  private access: string | null = null;
  private inFlight: Promise<string> | null = null;
  private expired = false;
  /** The day the service closed the account (its `closedOn`), once it said so. */
  private closedOn: string | null = null;
  private readonly anonymous: HttpClient;

  constructor(
    serviceUrl: string,
    private readonly accountId: string,
    private readonly store: TokenStore,
    private readonly onExpired: () => void = () => undefined,
    offline?: () => boolean,
  ) {
    this.anonymous = new HttpClient({ baseUrl: serviceUrl, getRetries: 0, offline });
  }

  /** Signs in with a password; answers the token response for the account to be recorded. */
  static signIn(serviceUrl: string, email: string, password: string, offline?: () => boolean): Promise<TokenResponse> {
    return AuthSession.obtain(serviceUrl, 'api/auth/token', { email, password }, offline, true);
  }

  /** A token response from one of the service's sign-in routes (a password, an invitation, a reset link). */
  static async obtain(
    serviceUrl: string,
    path: string,
    json: unknown,
    offline?: () => boolean,
    /** Sent again after a lost answer: a password may be; a one-time token, once used, is not. */
    repeatable = false,
  ): Promise<TokenResponse> {
    const client = new HttpClient({ baseUrl: serviceUrl, getRetries: 0, offline });
    const res = await client.request(path, { method: 'POST', json, anonymous: true, repeatable });
    return tokenResponseSchema.parse(res.body);
  }

  async adopt(token: TokenResponse): Promise<void> {
    this.access = token.access_token;
    this.expired = false;
    this.closedOn = null;
    if (token.refresh_token) await this.store.set(this.accountId, token.refresh_token);
  }

  /** Whether the service refused the stored sign-in; cleared by a new sign-in. */
  get needsSignIn(): boolean {
    return this.expired;
  }

  /** The service closed the account (its last working day passed): said in the page's language, else null. */
  get closed(): string | null {
    return this.closedOn && closedOnMessage(this.closedOn, pageWords());
  }

  accessToken(): string | null {
    return this.access;
  }

  refresh(refused: string | null): Promise<string> {
    // Another request already renewed the token this one was refused with.
    if (this.access && refused !== this.access) return Promise.resolve(this.access);
    this.inFlight ??= this.doRefresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async doRefresh(): Promise<string> {
    const refreshToken = await this.store.get(this.accountId);
    if (!refreshToken) return this.fail();
    try {
      const res = await this.anonymous.request('api/auth/refresh', {
        method: 'POST',
        json: { refresh_token: refreshToken },
        anonymous: true,
      });
      const body = refreshResponseSchema.parse(res.body);
      if (body.refresh_token) await this.store.set(this.accountId, body.refresh_token);
      this.access = body.access_token;
      return body.access_token;
    } catch (error) {
      if (error instanceof HttpError && (error.status === 401 || error.status === 400 || error.status === 403)) {
        return this.fail(error);
      }
      throw error;
    }
  }

  /** The service refused the sign-in (`why`: its answer, for the log), or none is kept. */
  private async fail(why?: unknown): Promise<never> {
    this.access = null;
    this.expired = true;
    const closedOn = why instanceof HttpError ? why.problem.closedOn : undefined;
    if (typeof closedOn === 'string') this.closedOn = closedOn;
    await this.store.delete(this.accountId);
    this.onExpired();
    throw new SessionExpiredError(undefined, { cause: why });
  }

  /** Sign-out: the service forgets the refresh token's family (best effort), and so do we. */
  async signOut(): Promise<void> {
    const refreshToken = await this.store.get(this.accountId);
    this.access = null;
    await this.store.delete(this.accountId);
    if (refreshToken) {
      await this.anonymous
        .request('api/auth/logout', { method: 'POST', json: { refresh_token: refreshToken }, anonymous: true })
        .catch(() => undefined);
    }
  }
}
