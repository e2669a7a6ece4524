import type { FastifyRequest } from 'fastify';
import type { Invitation } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import type { ServiceContext } from '../http/context';
import { formatIn } from '../i18n/language';
import { invitationLetter } from '../mail/templates';
import { readOrganization } from '../organization/organizationStore';
import { readLocale } from './userStore';

/**
 * Where links the service hands out start: `--public-url`, else the address this request came to
 * (answered to the admin who asked; a mailed link needs --public-url, which mail requires).
 */
export function linkBase(hr: ServiceContext, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return hr.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The link of an invitation: the token in the fragment, which browsers never send to a server or proxy. */
export const invitationUrl = (base: string, token: string): string => `${base}/join#${token}`;

/** A reset link: the token in the fragment, as an invitation's. */
export const resetUrl = (base: string, token: string): string => `${base}/reset#${token}`;

/**
 * A new invitation for an invited person, voiding any before it, and its mail queued when mail is
 * set up (inside the caller's transaction).
 */
export async function invite(
  hr: Pick<ServiceContext, 'oneTimeTokens' | 'mailer'>,
  tenant: TenantDb,
  person: { id: string; email: string; firstName: string },
  base: string,
  /** `first`: the person's first (none to void); `organization`: its name, when the caller read it once for many. */
  options: { first?: boolean; organization?: string } = {},
): Promise<Invitation> {
  const { id, token, expiresAt } = await hr.oneTimeTokens.issue(tenant, person.id, 'INVITATION', options);
  const url = invitationUrl(base, token);
  const letter = hr.mailer.enabled
    ? invitationLetter(formatIn(await readLocale(tenant, person.id)), {
        firstName: person.firstName,
        organization: options.organization ?? (await readOrganization(tenant)).name,
        url,
        expiresAt,
      })
    : null;
  const emailed = letter
    ? await hr.mailer.queue(tenant, { eventKey: `invitation:${id}`, to: person.email, ...letter })
    : false;
  return { token, url, expiresAt, emailed };
}
