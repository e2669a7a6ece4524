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
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const sessionReads = {
  'app.info': [],
  'session.accounts': [],
  'session.current': [],
} as const satisfies RefreshRules<SessionCalls>;
