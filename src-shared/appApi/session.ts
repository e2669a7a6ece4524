import type { Locale } from '../i18n/locales';
import type { Preferences, PreferencesUpdate } from '../wire';
import type { AccountSummary, AppInfo } from './common';
import type { RefreshRules } from './refreshRules';

/** Signing in and out, and the accounts kept on this computer. */
export interface SessionCalls {
  'app.info': { args: undefined; result: AppInfo };
  'session.accounts': { args: undefined; result: AccountSummary[] };
  'session.current': { args: undefined; result: AccountSummary | null };
  'session.signIn': { args: { serviceUrl: string; email: string; password: string }; result: AccountSummary };
  'session.open': { args: { accountId: string }; result: AccountSummary };
  'session.signOut': { args: { deleteLocalData: boolean }; result: null };
  /** What the service at an address offers before sign-in: whether it mails reset links. */
  'session.serviceInfo': { args: { serviceUrl: string }; result: { mail: boolean } };
  /** Joins with an invitation (its link, or its code with the organization's address): signed in. */
  'session.join': { args: { serviceUrl: string; invitation: string; password: string }; result: AccountSummary };
  /** Asks for a reset link by mail; the answer is the same whether the address is known or not. */
  'session.forgotPassword': { args: { serviceUrl: string; email: string }; result: { message: string } };
  /** A new password with a mailed reset link (or its code): signed in. */
  'session.resetPassword': { args: { serviceUrl: string; link: string; password: string }; result: AccountSummary };
  /** One's own password changed; the person's other sessions end. Online only. */
  'session.changePassword': { args: { currentPassword: string; newPassword: string }; result: null };
  /** Whether my notifications also come by mail, as the service keeps it (online only). */
  'session.preferences': { args: undefined; result: Preferences };
  'session.setPreferences': { args: PreferencesUpdate; result: Preferences };
  /** The language the app is read in: the service answers in it, and keeps it as the person's (mails). */
  /** `region`: how the page writes dates and numbers ("en-US"), for the backend's words to match. */
  'app.language': { args: { locale: Locale; region?: string }; result: null };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const sessionReads = {
  'app.info': [],
  'session.accounts': [],
  'session.current': [],
  'session.serviceInfo': [],
} as const satisfies RefreshRules<SessionCalls>;
