import { createHash, randomBytes } from 'node:crypto';
import { defineMessage } from '@formatjs/intl';
import type { Engine } from '../db/engine/engine';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { invalid, serviceIssue } from '../http/problem';
import type { Clock } from '../system/clock';
import {
  insertAccountToken,
  lockAccountToken,
  markAccountTokenUsed,
  voidAccountTokens,
  type AccountTokenPurpose,
} from './accountTokenStore';

export const INVITATION_DAYS = 7;
export const RESET_MINUTES = 60;

const LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  INVITATION: INVITATION_DAYS * 86_400_000,
  PASSWORD_RESET: RESET_MINUTES * 60_000,
};

/** A secret as stored: only its hash, so a copy of the database opens no account and follows no feed. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The token inside whatever was pasted: a link (`…/join#<token>`, `?token=`) or the bare code. */
export function tokenFrom(pasted: string): string {
  const text = pasted.trim();
  const fragment = /#([A-Za-z0-9_-]{20,})$/.exec(text);
  if (fragment) return fragment[1]!;
  const query = /[?&]token=([A-Za-z0-9_-]{20,})/.exec(text);
  return query ? query[1]! : text;
}

const M = {
  invitationUnknown: defineMessage({
    id: 'service.tokens.invitation.unknown',
    defaultMessage:
      'This invitation link is not valid: check it was copied whole, or ask your administrator for a new one',
  }),
  invitationUsed: defineMessage({
    id: 'service.tokens.invitation.used',
    defaultMessage:
      'This invitation was already used: sign in with the password chosen then, or ask your administrator for a new one',
  }),
  invitationVoided: defineMessage({
    id: 'service.tokens.invitation.voided',
    defaultMessage: 'A newer invitation replaced this one: use the latest link you were sent',
  }),
  invitationExpired: defineMessage<{ expiredOn: number }>({
    id: 'service.tokens.invitation.expired',
    defaultMessage: 'This invitation expired on {expiredOn, date, ::dMMMMyyyy}: ask your administrator for a new one',
  }),
  resetUnknown: defineMessage({
    id: 'service.tokens.reset.unknown',
    defaultMessage: 'This reset link is not valid: check it was copied whole, or ask for a new one',
  }),
  resetUsed: defineMessage({
    id: 'service.tokens.reset.used',
    defaultMessage: 'This reset link was already used: sign in, or ask for a new one',
  }),
  resetVoided: defineMessage({
    id: 'service.tokens.reset.voided',
    defaultMessage: 'A newer reset link replaced this one: use the latest you were sent',
  }),
  resetExpired: defineMessage({
    id: 'service.tokens.reset.expired',
    defaultMessage: 'This reset link has expired (it works for an hour): ask for a new one',
  }),
};

const REFUSED: Record<AccountTokenPurpose, Record<'unknown' | 'used' | 'voided', { id: string }>> = {
  INVITATION: { unknown: M.invitationUnknown, used: M.invitationUsed, voided: M.invitationVoided },
  PASSWORD_RESET: { unknown: M.resetUnknown, used: M.resetUsed, voided: M.resetVoided },
};

/** Invitations and password resets: one-time, short-lived, and a new one voids the older. */
export class OneTimeTokens {
  constructor(
    private readonly engine: Engine,
    private readonly clock: Clock,
  ) {}

  /** A new token for the person, voiding the older of that purpose; inside the caller's transaction. */
  async issue(
    tenant: TenantDb,
    userId: string,
    purpose: AccountTokenPurpose,
    /** The person's first of this purpose: none to void. */
    options: { first?: boolean } = {},
  ): Promise<{ id: string; token: string; expiresAt: string }> {
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString();
    if (!options.first) await voidAccountTokens(tenant, userId, purpose, now.toISOString());
    const id = newId();
    await insertAccountToken(tenant, {
      id,
      userId,
      purpose,
      hash: hashOf(token),
      now: now.toISOString(),
      expiresAt,
    });
    return { id, token, expiresAt };
  }

  /**
   * Uses the token once, inside the caller's transaction: whose it is, or a 400 on `path` saying in
   * words why it cannot be used (unknown, used, voided by a newer one, expired).
   */
  async use(
    pasted: string,
    purpose: AccountTokenPurpose,
    path = 'token',
  ): Promise<{ userId: string; organizationId: string }> {
    const row = await lockAccountToken(this.engine, hashOf(tokenFrom(pasted)));
    const now = this.clock.now();
    const refuse = (message: { id: string }, values?: Record<string, number>) =>
      invalid([serviceIssue(path, message, values)]);
    if (!row || row.purpose !== purpose) throw refuse(REFUSED[purpose].unknown);
    if (row.used_at) throw refuse(REFUSED[purpose].used);
    if (row.voided_at) throw refuse(REFUSED[purpose].voided);
    if (Date.parse(row.expires_at) <= now.getTime()) {
      throw purpose === 'INVITATION'
        ? refuse(M.invitationExpired, { expiredOn: Date.parse(row.expires_at) })
        : refuse(M.resetExpired);
    }
    await markAccountTokenUsed(this.engine, row.id, now.toISOString());
    return { userId: row.user_id, organizationId: row.organization_id };
  }
}
