import { defineMessages } from '@formatjs/intl';
import { userSchema, type TokenResponse } from '@shared/wire';
import type { AccountSummary } from '@shared/appApi';
import { HttpClient } from '../api/httpClient';
import { speak } from '../api/language';
import { accountId } from '../app/accounts';
import { AppFailure } from '../app/appError';
import { OpenAccount, type BackendContext } from '../app/openAccount';
import { AuthSession } from './authSession';

/** Sign-in refusals that are the app's own (the service's come in the page's language already). */
export const SIGN_IN_WORDS = defineMessages({
  chooseLanguage: { id: 'core.session.chooseLanguage', defaultMessage: 'Choose English, Deutsch or Français' },
  enterEmail: { id: 'core.session.enterEmail', defaultMessage: 'Enter your email and password' },
  wrongPassword: { id: 'core.session.wrongPassword', defaultMessage: 'Wrong email or password' },
  throttled: {
    id: 'core.session.throttled',
    defaultMessage: 'Too many failed attempts: wait a few minutes and try again',
  },
  workingOffline: {
    id: 'core.session.workingOffline',
    defaultMessage: 'You are working offline: turn Work offline off to sign in',
  },
  cannotReach: { id: 'core.session.cannotReach', defaultMessage: 'Cannot reach {url}' },
  badUrl: { id: 'core.session.badUrl', defaultMessage: 'The service URL must start with http:// or https://' },
  urlExample: { id: 'core.session.urlExample', defaultMessage: 'Expected an address such as https://hr.example.com' },
  noAccount: { id: 'core.session.noAccount', defaultMessage: 'No such account on this computer' },
});

export function normalizeUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/i.test(trimmed)) {
    throw new AppFailure('INVALID_INPUT', speak(SIGN_IN_WORDS.badUrl), [
      { path: 'serviceUrl', message: speak(SIGN_IN_WORDS.urlExample) },
    ]);
  }
  return trimmed;
}

export function activate(ctx: BackendContext, account: OpenAccount): void {
  ctx.account?.close();
  ctx.account = account;
  ctx.emit('session', account.summary);
  if (ctx.options.sync?.autoStart !== false) account.engine.start();
}

/** A token response taken: the account recorded on this computer, opened and syncing. */
export async function signedIn(ctx: BackendContext, url: string, token: TokenResponse): Promise<AccountSummary> {
  const offline = () => ctx.offline.on;
  const id = accountId(url, token.user.organizationId, token.user.id);
  const session = new AuthSession(url, id, ctx.options.tokens, undefined, offline);
  await session.adopt(token);
  // The name and nationality come from the directory; another service may not have /users/me.
  const me = await new HttpClient({ baseUrl: url, tokens: session, offline })
    .request('api/users/me')
    .then((r) => userSchema.parse(r.body))
    .catch(() => null);
  const summary: AccountSummary = {
    id,
    serviceUrl: url,
    email: token.user.email,
    name: me ? `${me.firstName} ${me.lastName}` : token.user.email,
    organizationId: token.user.organizationId,
    userId: token.user.id,
    roles: token.user.roles,
    signedIn: true,
    lastSyncedAt: ctx.registry.get(id)?.lastSyncedAt ?? null,
  };
  ctx.registry.save(summary);
  ctx.log.info({ account: id, roles: summary.roles }, 'signed in');
  const account = new OpenAccount(summary, session, ctx);
  if (me) account.setNationality(me.nationality);
  activate(ctx, account);
  return summary;
}
