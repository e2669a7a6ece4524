import type { FastifyInstance } from 'fastify';
import { isLocale } from '@shared/i18n/locales';
import { notCurrentPasswordIssue, passwordIssues } from '@shared/rules/passwordRules';
import {
  acceptInvitationSchema,
  passwordChangeSchema,
  passwordForgotAnswerSchema,
  passwordForgotSchema,
  type PasswordForgotAnswer,
  passwordResetSchema,
  tokenResponseSchema,
  type TokenResponse,
} from '@shared/wire';
import { TenantDb } from '../db/tenantDb';
import { bodies } from '../http/examples';
import { NO_CONTENT } from '../http/openapi';
import { invalid, ref, tooManyRequests, unauthorized } from '../http/problem';
import { AUTH } from './authMessages';
import { parseInput } from '../http/validate';
import { findOwnSignIn, findSignIns, setPasswordHash, type SignInRow } from './accountStore';
import { formatIn, requestLocale } from '../i18n/language';
import { resetLetter } from '../mail/templates';
import { resetUrl } from '../users/invitations';
import { hashPassword, verifyPassword } from './passwords';
import { closedAccountProblem, rolesFromJson, startSession } from './sessions';
import type { AccountTokenPurpose } from './accountTokenStore';

const owner = (row: SignInRow) => ({ email: row.email, firstName: row.first_name, lastName: row.last_name });

/** Invitations accepted, passwords changed, forgotten and reset (ext). */
export function registerPasswordRoutes(app: FastifyInstance): void {
  const { hr } = app;

  /**
   * A reset link mailed to each person who has joined and not left with this email, when mail is
   * set up (at an organization's own address, only its person); a few asks an hour per address at
   * most (more are answered alike and send nothing).
   */
  async function mailResetLinks(email: string, own: string | null): Promise<void> {
    // Mail is only set up with --public-url: links never come from a request's Host.
    const base = hr.publicUrl;
    if (!hr.mailer.enabled || !base) return;
    const key = `reset:${email}`;
    if ((await hr.throttle.lockedFor(key)) > 0) return;
    await hr.throttle.recordFailure(key);
    for (const account of await findSignIns(hr.engine, email)) {
      if (own !== null && account.organization_id !== own) continue;
      if (account.status !== 'ACTIVE' || closedAccountProblem(account.end_date, hr.clock.now())) continue;
      const tenant = new TenantDb(hr.engine, account.organization_id);
      await tenant.transaction(async () => {
        const { id, token } = await hr.oneTimeTokens.issue(tenant, account.id, 'PASSWORD_RESET');
        const say = formatIn(isLocale(account.locale) ? account.locale : 'en');
        const letter = resetLetter(say, { firstName: account.first_name, url: resetUrl(base, token) });
        await hr.mailer.queue(tenant, { eventKey: `reset:${id}`, to: account.email, ...letter });
      });
    }
  }

  /** A one-time token's password set: the token used once, the person's other sessions ended, a new one started. */
  async function setWithToken(pasted: string, password: string, purpose: AccountTokenPurpose): Promise<TokenResponse> {
    // Hashed before the transaction: SQLite's one connection is not held while scrypt works.
    const hash = await hashPassword(password);
    const account = await hr.engine.transaction(async () => {
      const { userId, organizationId } = await hr.oneTimeTokens.use(pasted, purpose);
      const tenant = new TenantDb(hr.engine, organizationId);
      const row = (await findOwnSignIn(tenant, userId))!;
      const closed = closedAccountProblem(row.end_date, hr.clock.now());
      if (closed) throw closed;
      const issues = passwordIssues(password, owner(row));
      if (issues.length) throw invalid(issues);
      await setPasswordHash(tenant, userId, hash, hr.clock.now().toISOString());
      await hr.refreshTokens.revokePerson(userId, organizationId);
      return row;
    });
    return startSession(hr, {
      id: account.id,
      email: account.email,
      organizationId: account.organization_id,
      roles: rolesFromJson(account.roles),
    });
  }

  app.post(
    '/api/auth/invitations/accept',
    {
      config: {
        auth: 'none',
        errors: { 400: 'The invitation is unknown, used, replaced or expired, or the password is too weak: in words.' },
      },
      schema: {
        summary: 'Join with an invitation: the password chosen, signed in',
        response: { 200: tokenResponseSchema },
        body: bodies.acceptInvitation,
      },
    },
    async (request) => {
      const body = parseInput(acceptInvitationSchema, request.body, 'body');
      const session = await setWithToken(body.token, body.password, 'INVITATION');
      // Whose organization changed, for its change events.
      request.tenant = new TenantDb(hr.engine, session.user.organizationId);
      return session;
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: {
        auth: 'none',
        errors: { 400: 'The link is unknown, used, replaced or expired, or the password is too weak: in words.' },
      },
      schema: {
        summary: "A forgotten password set with the mailed link's token; every other session ends",
        response: { 200: tokenResponseSchema },
        body: bodies.passwordReset,
      },
    },
    async (request) => {
      const body = parseInput(passwordResetSchema, request.body, 'body');
      return setWithToken(body.token, body.password, 'PASSWORD_RESET');
    },
  );

  app.put(
    '/api/auth/password',
    {
      config: {
        errors: {
          400: 'The current password is wrong, or the new one is too weak: in words.',
          429: 'Too many wrong current passwords: wait (Retry-After) before trying again.',
        },
      },
      schema: {
        summary: "One's own password changed; every other session of the person ends",
        response: { 204: NO_CONTENT },
        body: bodies.passwordChange,
      },
    },
    async (request, reply) => {
      const body = parseInput(passwordChangeSchema, request.body, 'body');
      const { caller, tenant } = request;
      const row = await findOwnSignIn(tenant, caller.userId);
      if (!row) throw unauthorized(ref(AUTH.tokenAccountGone));
      // Guessed like a sign-in: a stolen session does not try password after password.
      const key = `change:${caller.userId}`;
      const wait = await hr.throttle.lockedFor(key);
      if (wait > 0) throw tooManyRequests(ref(AUTH.tooManyPasswords), wait);
      if (!(await verifyPassword(body.currentPassword, row.password_hash || '-'))) {
        await hr.throttle.recordFailure(key);
        throw invalid([notCurrentPasswordIssue()]);
      }
      await hr.throttle.recordSuccess(key);
      const issues = passwordIssues(body.newPassword, owner(row), 'newPassword');
      if (issues.length) throw invalid(issues);
      const hash = await hashPassword(body.newPassword);
      await tenant.transaction(async () => {
        await setPasswordHash(tenant, caller.userId, hash, hr.clock.now().toISOString());
        await hr.refreshTokens.revokePerson(caller.userId, caller.organizationId, request.sessionId ?? undefined);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'A reset link mailed, when the address is known and mail is set up; the answer is always 202',
        response: { 202: passwordForgotAnswerSchema },
        body: bodies.passwordForgot,
      },
    },
    async (request, reply): Promise<PasswordForgotAnswer> => {
      const { email } = parseInput(passwordForgotSchema, request.body, 'body');
      const own = await hr.hosts.of(request.host);
      // After the answer, so its time says nothing of whether the address is known.
      setImmediate(() => {
        mailResetLinks(email.toLowerCase(), own).then(
          () => hr.mailer.kick(),
          (error: unknown) => request.log.error({ err: error }, 'a reset link was not queued'),
        );
      });
      const locale = requestLocale(request);
      reply.code(202).header('content-language', locale).header('vary', 'Accept-Language');
      return { message: formatIn(locale)(AUTH.resetOnItsWay.id) };
    },
  );
}
