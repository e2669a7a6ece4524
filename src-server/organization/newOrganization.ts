import { organizationCreateSchema, type Invitation, type OrganizationCreate } from '@shared/wire';
import { passwordIssues } from '@shared/rules/passwordRules';
import { hashPassword } from '../auth/passwords';
import type { Engine } from '../db/engine/engine';
import { newId } from '../db/ids';
import { TenantDb } from '../db/tenantDb';
import { invalid } from '../http/problem';
import { insertReference } from '../trainings/trainingStore';
import { insertUser } from '../users/userStore';
import { invite } from '../users/invitations';
import type { ServiceContext } from '../http/context';
import { insertOrganization, slugTaken } from './organizationStore';

// What a new organization starts with: its first administrator, the default leave policy (no row:
// the defaults), and training categories and types to file trainings under.
const STARTING_REFERENCES = {
  category: ['Compliance', 'Health & Safety', 'Leadership', 'Technical', 'Communication', 'Onboarding'],
  type: ['Classroom', 'Online', 'Workshop', 'Conference', 'Certification', 'On-the-job'],
  provider: ['Internal'],
} as const;

export interface NewOrganization {
  organizationId: string;
  adminUserId: string;
  /** When the admin was invited rather than given a password. */
  invitation?: Invitation;
}

/** A slug of the name, unique among organizations: "Acme Ltd" → `acme-ltd`, then `acme-ltd-2`. */
async function uniqueSlug(engine: Engine, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'organization';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(engine, slug))) return slug;
  }
}

/**
 * Creates an organization and its first ADMIN in one transaction: invited (an invitation whose
 * link starts with `linkBase`), or with `password` when they sign up themselves.
 */
export async function createOrganization(
  deps: Pick<ServiceContext, 'engine' | 'clock' | 'oneTimeTokens' | 'mailer'>,
  input: OrganizationCreate,
  options: { linkBase: string; password?: string },
): Promise<NewOrganization> {
  const o = organizationCreateSchema.parse(input);
  const { engine } = deps;
  if (options.password !== undefined) {
    const issues = passwordIssues(options.password, {
      email: o.adminEmail,
      firstName: o.adminFirstName,
      lastName: o.adminLastName,
    });
    if (issues.length) throw invalid(issues);
  }
  const passwordHash = options.password === undefined ? '' : await hashPassword(options.password);
  const organizationId = newId();
  const adminUserId = newId();
  const now = deps.clock.now().toISOString();
  return engine.transaction(async () => {
    await insertOrganization(engine, {
      id: organizationId,
      name: o.name,
      slug: await uniqueSlug(engine, o.name),
      currency: o.currency,
      createdAt: now,
    });
    const tenant = new TenantDb(engine, organizationId);
    for (const [kind, names] of Object.entries(STARTING_REFERENCES) as [
      keyof typeof STARTING_REFERENCES,
      readonly string[],
    ][]) {
      for (const name of names) await insertReference(tenant, { id: newId(), kind, name });
    }
    await insertUser(tenant, {
      id: adminUserId,
      email: o.adminEmail,
      passwordHash,
      firstName: o.adminFirstName,
      lastName: o.adminLastName,
      departmentId: null,
      managerId: null,
      nationality: o.nationality,
      roles: ['ADMIN'],
      startDate: null,
      status: passwordHash ? 'ACTIVE' : 'INVITED',
      createdAt: now,
    });
    if (passwordHash) return { organizationId, adminUserId };
    const admin = { id: adminUserId, email: o.adminEmail.toLowerCase(), firstName: o.adminFirstName };
    return {
      organizationId,
      adminUserId,
      invitation: await invite(deps, tenant, admin, options.linkBase, { first: true }),
    };
  });
}
