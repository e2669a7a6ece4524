import { rm } from 'node:fs/promises';
import { isLocale } from '@shared/i18n/locales';
import { closedOnMessage } from '@shared/rules';
import { HttpError, NetworkError, WorkingOfflineError } from '../api/apiErrors';
import { pageWords, requestLanguage, setRequestLanguage, speak } from '../api/language';
import { AuthSession } from './authSession';
import { passwordHandlers } from './passwordHandlers';
import { activate, normalizeUrl, signedIn, SIGN_IN_WORDS } from './signIn';
import { AppFailure } from '../app/appError';
import { OpenAccount, type BackendContext } from '../app/openAccount';
import type { HandlerMap } from '../app/handlerMap';
import type { SessionCalls } from '@shared/appApi';

export const APP_VERSION = '0.1.0';

export function sessionHandlers(ctx: BackendContext): HandlerMap<SessionCalls> {
  const offline = () => ctx.offline.on;
  return {
    ...passwordHandlers(ctx),
    'app.info': async () => ({
      demoServiceUrl: ctx.options.demoServiceUrl ?? null,
      version: APP_VERSION,
      workingOffline: ctx.offline.on,
      protectedAtRest: ctx.cacheKey?.kept ?? false,
      language: requestLanguage(),
    }),
    'app.language': async ({ locale, region }) => {
      if (!isLocale(locale)) throw new AppFailure('INVALID_INPUT', speak(SIGN_IN_WORDS.chooseLanguage));
      // A region is a tag ("en-US"), or it is not heard.
      const writes = typeof region === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(region) ? region : undefined;
      const changed = locale !== requestLanguage();
      setRequestLanguage(locale, writes);
      if (changed) {
        ctx.emit('language', { locale });
        // Holidays are named in the reader's language: the chart and the request's preview read again.
        ctx.emit('changed', { collections: ['calendar'] });
      }
      // Kept by the service as the person's, for their mails: when it cannot be reached now, the
      // app says it again at its next start.
      const account = ctx.account;
      if (account && !ctx.offline.on) {
        void account.client
          .request('api/users/me/preferences', { method: 'PUT', json: { locale } })
          .catch(() => undefined);
      }
      return null;
    },
    'session.accounts': async () => ctx.registry.list(),
    'session.current': async () => ctx.account?.summary ?? null,

    'session.signIn': async ({ serviceUrl, email, password }) => {
      const url = normalizeUrl(serviceUrl);
      if (!email.trim() || !password) throw new AppFailure('INVALID_INPUT', speak(SIGN_IN_WORDS.enterEmail));
      let token;
      try {
        token = await AuthSession.signIn(url, email.trim(), password, offline);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          // A closed account is told when it closed; anything else stays "wrong" (nothing leaks).
          const { closedOn } = error.problem;
          throw new AppFailure(
            'SIGN_IN_FAILED',
            typeof closedOn === 'string' ? closedOnMessage(closedOn, pageWords()) : speak(SIGN_IN_WORDS.wrongPassword),
          );
        }
        if (error instanceof HttpError && error.status === 429) {
          throw new AppFailure('SIGN_IN_THROTTLED', speak(SIGN_IN_WORDS.throttled));
        }
        if (error instanceof WorkingOfflineError) {
          throw new AppFailure('OFFLINE', speak(SIGN_IN_WORDS.workingOffline));
        }
        if (error instanceof NetworkError) throw new AppFailure('OFFLINE', speak(SIGN_IN_WORDS.cannotReach, { url }));
        throw error;
      }
      return signedIn(ctx, url, token);
    },

    /** Opens an account that signed in before: from its cache, with no network needed. */
    'session.open': async ({ accountId: id }) => {
      const summary = ctx.registry.get(id);
      if (!summary) throw new AppFailure('NOT_FOUND', speak(SIGN_IN_WORDS.noAccount));
      if (ctx.account?.summary.id === id) return ctx.account.summary;
      const session = new AuthSession(summary.serviceUrl, id, ctx.options.tokens, undefined, offline);
      activate(ctx, new OpenAccount(summary, session, ctx));
      // First in the list from now on: the account the app opens by itself at its next start.
      ctx.registry.save(summary);
      ctx.log.info({ account: id }, 'account opened');
      return summary;
    },

    'session.signOut': async ({ deleteLocalData }) => {
      const account = ctx.account;
      if (!account) return null;
      ctx.account = null;
      account.close();
      await account.session.signOut();
      ctx.log.info({ account: account.summary.id, deleteLocalData }, 'signed out');
      if (deleteLocalData) {
        const path = ctx.registry.cachePath(account.summary.id);
        await Promise.all([path, `${path}-wal`, `${path}-shm`].map((p) => rm(p, { force: true })));
        ctx.registry.remove(account.summary.id);
      } else {
        ctx.registry.save({ ...account.summary, signedIn: false });
      }
      ctx.emit('session', null);
      return null;
    },
  };
}
