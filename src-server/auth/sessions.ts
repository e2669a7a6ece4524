import { hasLeft } from '@shared/rules';
import { addDays, dateOnly, utcToday } from '@shared/calendar/dates';
import { roleSchema, type Role, type TokenResponse } from '@shared/wire';
import { newId } from '../db/ids';
import type { ServiceContext } from '../http/context';
import { HttpProblem, ref } from '../http/problem';
import { AUTH } from './authMessages';

export interface SignedInAccount {
  id: string;
  email: string;
  organizationId: string;
  roles: readonly Role[];
}

/** A new sign-in: its refresh tokens' family, and an access token that knows it (a password change keeps it). */
export async function startSession(hr: ServiceContext, account: SignedInAccount): Promise<TokenResponse> {
  const sessionId = newId();
  const roles = [...account.roles];
  const refreshToken = await hr.refreshTokens.issue(account.id, account.organizationId, sessionId);
  const { token, expiresAt } = await hr.accessTokens.sign({
    userId: account.id,
    organizationId: account.organizationId,
    roles,
    sessionId,
  });
  return {
    access_token: token,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: hr.accessTokens.lifetimeSeconds,
    expires_at: expiresAt,
    user: { id: account.id, email: account.email, organizationId: account.organizationId, roles },
  };
}

export const rolesFromJson = (json: string): Role[] => roleSchema.array().parse(JSON.parse(json));

/**
 * 401 for an account closed after its last working day, in words, with `closedOn` (the first day
 * it was closed) so a client can tell it from an expired session; null while it is open.
 */
export function closedAccountProblem(endDate: string | null, now: Date): HttpProblem | null {
  if (!endDate || !hasLeft(endDate, utcToday(now))) return null;
  return new HttpProblem(401, ref(AUTH.accountClosed, { closedOn: Date.parse(addDays(dateOnly(endDate), 1)) }), {
    headers: { 'www-authenticate': 'Bearer' },
    extra: { closedOn: addDays(dateOnly(endDate), 1) },
  });
}
