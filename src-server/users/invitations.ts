import type { FastifyRequest } from 'fastify';
import type { Invitation } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import type { ServiceContext } from '../http/context';

/** Where links the service hands out start: `--public-url`, else the address this request came to. */
export function linkBase(hr: ServiceContext, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return hr.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The link of an invitation: the token in the fragment, which browsers never send to a server or proxy. */
export const invitationUrl = (base: string, token: string): string => `${base}/join#${token}`;

/** A new invitation for an invited person, voiding any before it (inside the caller's transaction). */
export async function invite(hr: ServiceContext, tenant: TenantDb, userId: string, base: string): Promise<Invitation> {
  const { token, expiresAt } = await hr.oneTimeTokens.issue(tenant, userId, 'INVITATION');
  return { token, url: invitationUrl(base, token), expiresAt, emailed: false };
}
