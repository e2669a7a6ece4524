import { defineMessages } from '@formatjs/intl';
import {
  acceptInvitationSchema,
  healthSchema,
  passwordChangeSchema,
  passwordForgotAnswerSchema,
  passwordForgotSchema,
  passwordResetSchema,
  preferencesSchema,
  preferencesUpdateSchema,
} from '@shared/wire';
import type { SessionCalls } from '@shared/appApi';
import { HttpError, NetworkError, WorkingOfflineError } from '../api/apiErrors';
import { HttpClient } from '../api/httpClient';
import { speak } from '../api/language';
import { AppFailure, checkInput } from '../app/appError';
import { requireAccount, type BackendContext } from '../app/openAccount';
import type { HandlerMap } from '../app/handlerMap';
import { AuthSession } from './authSession';
import { normalizeUrl, signedIn, SIGN_IN_WORDS } from './signIn';

type PasswordCalls = Pick<
  SessionCalls,
  | 'session.serviceInfo'
  | 'session.join'
  | 'session.forgotPassword'
  | 'session.resetPassword'
  | 'session.changePassword'
  | 'session.preferences'
  | 'session.setPreferences'
>;

/**
 * A one-time link as the service mails it (`https://acme.hr.example/join#<token>`): the address it
 * came from and its token; a code alone is the token, at the address typed.
 */
export function oneTimeLink(text: string, serviceUrl: string, kind: 'join' | 'reset'): { url: string; token: string } {
  const pasted = text.trim();
  const link = new RegExp(`^(https?://\\S+?)/${kind}#(\\S+)$`, 'i').exec(pasted);
  if (link) return { url: normalizeUrl(link[1]!), token: decodeURIComponent(link[2]!) };
  return { url: normalizeUrl(serviceUrl), token: pasted };
}

const WORDS = defineMessages({
  preferencesOnService: {
    id: 'core.session.preferencesOnService',
    defaultMessage: 'Your e-mail preferences are kept on the service, and the service cannot be reached now',
  },
  workingOffline: {
    id: 'core.session.workingOfflineFirst',
    defaultMessage: 'You are working offline: turn Work offline off first',
  },
  throttled: {
    id: 'core.session.tooManyAttempts',
    defaultMessage: 'Too many attempts: wait a few minutes and try again',
  },
  passwordOnService: {
    id: 'core.session.passwordOnService',
    defaultMessage: 'A password is changed on the service, and the service cannot be reached now',
  },
});

/** The e-mail preferences are kept only on the service: they cannot be read or changed offline. */
function onService(error: unknown): never {
  if (error instanceof NetworkError) throw new AppFailure('OFFLINE', speak(WORDS.preferencesOnService));
  throw error;
}

/** What a refused one-time sign-in says, in words, on the field it concerns. */
function refused(error: unknown, url: string, field: string): never {
  if (error instanceof WorkingOfflineError) {
    throw new AppFailure('OFFLINE', speak(WORDS.workingOffline));
  }
  if (error instanceof NetworkError) throw new AppFailure('OFFLINE', speak(SIGN_IN_WORDS.cannotReach, { url }));
  if (error instanceof HttpError && error.status === 400) {
    const issues = (error.problem.errors ?? []).map((e) => ({
      path: e.path.replace(/^body\./, '').replace(/^token$/, field),
      message: e.message,
    }));
    throw new AppFailure(
      'INVALID_INPUT',
      error.message,
      issues.length ? issues : [{ path: field, message: error.message }],
    );
  }
  if (error instanceof HttpError && error.status === 429) {
    throw new AppFailure('SIGN_IN_THROTTLED', speak(WORDS.throttled));
  }
  throw error;
}

export function passwordHandlers(ctx: BackendContext): HandlerMap<PasswordCalls> {
  const offline = () => ctx.offline.on;
  return {
    'session.serviceInfo': async ({ serviceUrl }) => {
      try {
        const client = new HttpClient({ baseUrl: normalizeUrl(serviceUrl), getRetries: 0, offline });
        const res = await client.request('api/health', { anonymous: true });
        return { mail: healthSchema.parse(res.body).mail ?? false };
      } catch {
        // Not reachable (or not a service yet, while the address is typed): nothing is offered.
        return { mail: false };
      }
    },

    'session.join': async ({ serviceUrl, invitation, password }) => {
      const { url, token } = oneTimeLink(invitation, serviceUrl, 'join');
      const body = checkInput(acceptInvitationSchema, { token, password });
      try {
        return await signedIn(ctx, url, await AuthSession.obtain(url, 'api/auth/invitations/accept', body, offline));
      } catch (error) {
        return refused(error, url, 'invitation');
      }
    },

    'session.resetPassword': async ({ serviceUrl, link, password }) => {
      const { url, token } = oneTimeLink(link, serviceUrl, 'reset');
      const body = checkInput(passwordResetSchema, { token, password });
      try {
        return await signedIn(ctx, url, await AuthSession.obtain(url, 'api/auth/password/reset', body, offline));
      } catch (error) {
        return refused(error, url, 'link');
      }
    },

    'session.forgotPassword': async ({ serviceUrl, email }) => {
      const url = normalizeUrl(serviceUrl);
      const body = checkInput(passwordForgotSchema, { email });
      try {
        const client = new HttpClient({ baseUrl: url, getRetries: 0, offline });
        const res = await client.request('api/auth/password/forgot', { method: 'POST', json: body, anonymous: true });
        return passwordForgotAnswerSchema.parse(res.body);
      } catch (error) {
        return refused(error, url, 'email');
      }
    },

    'session.preferences': async () => {
      const account = requireAccount(ctx);
      try {
        return preferencesSchema.parse((await account.client.request('api/users/me/preferences')).body);
      } catch (error) {
        return onService(error);
      }
    },

    'session.setPreferences': async (input) => {
      const account = requireAccount(ctx);
      const body = checkInput(preferencesUpdateSchema, input);
      try {
        const res = await account.client.request('api/users/me/preferences', { method: 'PUT', json: body });
        return preferencesSchema.parse(res.body);
      } catch (error) {
        return onService(error);
      }
    },

    'session.changePassword': async (input) => {
      const account = requireAccount(ctx);
      const body = checkInput(passwordChangeSchema, input);
      try {
        await account.client.request('api/auth/password', { method: 'PUT', json: body });
      } catch (error) {
        if (error instanceof NetworkError || error instanceof WorkingOfflineError) {
          throw new AppFailure('OFFLINE', speak(WORDS.passwordOnService));
        }
        return refused(error, account.summary.serviceUrl, 'currentPassword');
      }
      ctx.log.info({ account: account.summary.id }, 'password changed');
      return null;
    },
  };
}
