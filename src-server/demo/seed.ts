import { hashPassword } from '../auth/passwords';
import { TenantDb } from '../db/tenantDb';
import { insertDepartment } from '../departments/departmentStore';
import { insertOrganization, organizationCount } from '../organization/organizationStore';
import { insertUser, setManager } from '../users/userStore';
import type { Engine } from '../db/engine/engine';
import type { Clock } from '../system/clock';
import {
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  FIRST_NAMES,
  LAST_NAMES,
  NATIONALITIES,
  type DemoOrganization,
} from './people';
import { SeededRandom } from './random';
import type { SeededUser } from './seedContext';
import { seedForms } from './forms';
import { choosePartTimers, chooseJoiners, seedBalances } from './balances';
import { seedLeave, seedReferences, seedTrainings } from './workload';
import { analyzeAll } from '../db/engine/plannerStatistics';
import { addSetting } from '../system/settingsStore';

export const DEFAULT_SCALE = 40;
const SEED = 20260302;
const DAY = 86_400_000;

export interface DemoOptions {
  /** Generated employees per organization. */
  scale?: number;
  clock: Clock;
  /** Trainings, leave and notifications besides the people (default true). */
  workload?: boolean;
}

/**
 * Fills an empty database with the demo organizations, deterministically: a fixed random
 * seed, and dates placed relative to today. Does nothing when any organization exists.
 */
export async function seedDemo(engine: Engine, options: DemoOptions): Promise<boolean> {
  const scale = options.scale ?? DEFAULT_SCALE;
  // One hash for every demo account: hashing thousands of passwords would take minutes.
  const passwordHash = await hashPassword(DEMO_PASSWORD, new SeededRandom(SEED).bytes(16));
  const today = startOfUtcDay(options.clock.now());

  // Claimed, checked and filled in one transaction: of instances starting together on one empty
  // database, the first claims the seeding (a unique key) and the others wait for it, then find it done.
  const seeded = await engine.transaction(async () => {
    if (!(await addSetting(engine, 'demo_seeded_at', options.clock.now().toISOString()))) return false;
    if ((await organizationCount(engine)) > 0) return false;
    const random = new SeededRandom(SEED);
    random.bytes(16); // the password's salt, drawn above
    for (const org of DEMO_ORGANIZATIONS) {
      await seedOrganization(engine, org, {
        random,
        scale,
        passwordHash,
        today,
        now: options.clock.now().toISOString(),
        workload: options.workload ?? true,
      });
    }
    return true;
  });
  if (!seeded) return false;
  // Fresh statistics so the planner knows how selective each index is on this much data.
  await analyzeAll(engine);
  return true;
}

interface SeedContext {
  random: SeededRandom;
  scale: number;
  passwordHash: string;
  today: Date;
  now: string;
  workload: boolean;
}

async function seedOrganization(engine: Engine, org: DemoOrganization, ctx: SeedContext): Promise<SeededUser[]> {
  const { random, today } = ctx;
  const orgId = random.uuid();
  const founded = new Date(today.getTime() - 400 * DAY).toISOString();
  await insertOrganization(engine, { id: orgId, name: org.name, slug: org.slug, createdAt: founded });
  const tenant = new TenantDb(engine, orgId);

  const departments = new Map<string, string>();
  for (const name of org.departments) {
    const id = random.uuid();
    await insertDepartment(tenant, { id, name, createdAt: founded });
    departments.set(name, id);
  }

  const users: SeededUser[] = [];
  const add = async (u: Omit<SeededUser, 'id' | 'organizationId'>) => {
    const uuid = random.uuid();
    const createdAt = new Date(today.getTime() - random.int(30, 380) * DAY).toISOString();
    const id = random.idAt(createdAt, uuid);
    await insertUser(tenant, {
      id,
      email: u.email,
      passwordHash: ctx.passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      departmentId: u.departmentId,
      managerId: u.managerId,
      nationality: u.nationality,
      roles: [u.role],
      startDate: null,
      status: 'ACTIVE',
      createdAt,
    });
    const user: SeededUser = { id, organizationId: orgId, ...u };
    users.push(user);
    return user;
  };

  const byEmail = new Map<string, SeededUser>();
  for (const a of org.accounts) {
    const user = await add({
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      departmentId: departments.get(a.department)!,
      managerId: a.manager ? byEmail.get(a.manager)!.id : null,
      nationality: a.nationality,
      role: a.role,
      parental: a.parental,
    });
    byEmail.set(a.email, user);
  }
  const admin = [...byEmail.values()].find((u) => u.role === 'ADMIN')!;

  // Each department gets a generated lead (MANAGER) and members reporting to that lead.
  const leads = new Map<string, SeededUser>();
  let generated = 0;
  // No two people of an organization share a full name; past the pairs the lists make, a middle initial tells them apart.
  const taken = new Set(users.map((u) => `${u.firstName} ${u.lastName}`));
  const person = () => {
    generated += 1;
    let [firstName, parental] = random.pick(FIRST_NAMES);
    let lastName = random.pick(LAST_NAMES);
    for (let tries = 0; taken.has(`${firstName} ${lastName}`); tries++) {
      [firstName, parental] = random.pick(FIRST_NAMES);
      lastName = random.pick(LAST_NAMES);
      if (tries > 50) firstName = `${firstName} ${String.fromCharCode(65 + random.int(0, 25))}.`;
    }
    taken.add(`${firstName} ${lastName}`);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    return { firstName, lastName, parental, email: `${local}.${generated}@${org.domain}` };
  };
  for (let i = 0; i < ctx.scale; i++) {
    const departmentName = org.departments[i % org.departments.length]!;
    const departmentId = departments.get(departmentName)!;
    const lead = leads.get(departmentName);
    const user = await add({
      ...person(),
      departmentId,
      managerId: lead ? lead.id : admin.id,
      nationality: random.pick(NATIONALITIES),
      role: lead ? 'USER' : 'MANAGER',
    });
    if (!lead) leads.set(departmentName, user);
  }
  // Named accounts without a manager (carol, dave) report to their department's lead when there is one.
  for (const a of org.accounts) {
    const user = byEmail.get(a.email)!;
    if (user.managerId || user.role === 'ADMIN') continue;
    const lead = leads.get(a.department);
    if (lead) {
      await setManager(tenant, user.id, lead.id);
      user.managerId = lead.id;
    }
  }

  const work = {
    engine,
    tenant,
    random,
    organizationId: orgId,
    users,
    today: today.toISOString().slice(0, 10),
    now: ctx.now,
    adminId: admin.id,
  };
  await choosePartTimers(tenant, users, org.slug);
  chooseJoiners(users, org.slug, work.today);
  const references = await seedReferences(work);
  if (ctx.workload) {
    await seedTrainings(work, references);
    await seedLeave(work);
    await seedForms(work, [...departments.values()]);
  }
  await seedBalances(work, org.slug, ctx.workload);
  await seedOthers(tenant, org, departments, admin.id, ctx);
  return users;
}

/**
 * Former colleagues and someone invited who has not joined, made last and from a stream of their
 * own, so everyone else's demo records stay as they were.
 */
async function seedOthers(
  tenant: TenantDb,
  org: DemoOrganization,
  departments: ReadonlyMap<string, string>,
  managerId: string,
  ctx: SeedContext,
): Promise<void> {
  const random = new SeededRandom(SEED + 1);
  for (const o of org.others ?? []) {
    const createdAt = new Date(ctx.today.getTime() - 380 * DAY).toISOString();
    const left = o.leftDaysAgo === undefined ? null : new Date(ctx.today.getTime() - o.leftDaysAgo * DAY);
    await insertUser(tenant, {
      id: random.idAt(createdAt, random.uuid()),
      email: o.email,
      passwordHash: left ? ctx.passwordHash : '',
      firstName: o.firstName,
      lastName: o.lastName,
      departmentId: departments.get(o.department)!,
      managerId,
      nationality: o.nationality,
      roles: ['USER'],
      startDate: null,
      status: left ? 'LEFT' : 'INVITED',
      endDate: left ? left.toISOString().slice(0, 10) : null,
      createdAt,
    });
  }
}

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}
