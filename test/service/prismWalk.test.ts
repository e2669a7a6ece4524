import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../src-server/demo/people';
import {
  formSchema,
  leaveSchema,
  notificationListSchema,
  referenceItemSchema,
  referenceListSchema,
  tokenResponseSchema,
  trainingSchema,
  userSchema,
  calendarFeedSchema,
  type Form,
} from '../../src-shared/wire';
import { TenantDb } from '../../src-server/db/tenantDb';
import { DEMO, signInAll, type Account } from '../support/accounts';
import { freePort } from '../support/freePort';
import { startTestService, type TestService } from '../support/testService';

// Every operation of the document, as an ADMIN, a MANAGER and a USER, sent through Stoplight's Prism
// proxy run with --errors: it checks each request and each answer against docs/openapi.json, and
// answers in its own words where one does not fit. The walk passes only if none did.
const root = join(__dirname, '..', '..');
interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { examples?: Record<string, { value: Record<string, unknown> }> }> };
}
const doc = JSON.parse(readFileSync(join(root, 'docs', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);
/** The request body the document shows for an operation, for the walk to start from. */
const exampleOf = (operationId: string): Record<string, unknown> => {
  const op = operations.find((o) => o.op.operationId === operationId)!.op;
  return structuredClone(op.requestBody!.content['application/json']!.examples!.example!.value);
};

const ROLES = { ADMIN: 'admin', MANAGER: 'manager', USER: 'alice' } as const;
type Role = keyof typeof ROLES;

let svc: TestService;
let prism: ChildProcess;
let prismUrl = '';
let prismLog = '';
let who: Record<string, Account>;
let refs: { type: string; category: string; provider: string };
let published: Form;
let open: Form;

beforeAll(async () => {
  svc = await startTestService({ scale: 3, workload: true, openSignup: true });
  who = await signInAll(svc, DEMO);
  const list = async (path: string) =>
    (await svc.request('GET', path, { token: who.admin!.token })).as(referenceListSchema).data[0]!.id;
  refs = {
    type: await list('/api/training-types'),
    category: await list('/api/training-categories'),
    provider: await list('/api/training-providers'),
  };
  published = await form({ allowMultipleSubmissions: true, requireAuthentication: true });
  open = await form({ requireAuthentication: false, allowMultipleSubmissions: true });
  const port = await freePort();
  prismUrl = `http://127.0.0.1:${port}`;
  const bin = join(root, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  prism = spawn(
    process.execPath,
    [bin, 'proxy', join(root, 'docs', 'openapi.json'), svc.url, '--errors', '--host', '127.0.0.1', '--port', `${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${prismLog}`)), 60_000);
    const read = (chunk: Buffer) => {
      prismLog += chunk.toString();
      if (prismLog.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout!.on('data', read);
    prism.stderr!.on('data', read);
    prism.on('exit', (code) => reject(new Error(`Prism exited (${code}):\n${prismLog}`)));
  });
}, 90_000);

afterAll(async () => {
  prism.kill();
  await svc.close();
});

/** A form made by the admin, directly on the service. */
async function form(fields: Partial<Form> = {}, status = 'PUBLISHED'): Promise<Form> {
  const body = { ...exampleOf('postForms'), isAnonymous: false, status, ...fields };
  const res = await svc.request('POST', '/api/forms', { token: who.admin!.token, body });
  return res.as(formSchema);
}

let leaveWeek = 0;
/** A pending request of the account's own, each in a week of its own (no overlap). */
async function leaveOf(account: Account) {
  const monday = new Date(Date.UTC(2027, 0, 4 + 7 * leaveWeek++));
  const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const body = { startDate: day(0), endDate: day(1), type: 'ANNUAL' };
  return (await svc.request('POST', '/api/leave', { token: account.token, body })).as(leaveSchema);
}

/** The document's example of a training, with this service's references, for `userId`. */
const trainingBody = (userId: string) => ({
  ...exampleOf('postTrainings'),
  typeId: refs.type,
  categoryId: refs.category,
  providerId: refs.provider,
  userId,
});

/** A training of the account's own, made by the admin. */
async function trainingOf(account: Account) {
  const body = trainingBody(account.id);
  return (await svc.request('POST', '/api/trainings', { token: who.admin!.token, body })).as(trainingSchema);
}

/** An empty department made by the admin, directly on the service. */
async function department(name: string) {
  const res = await svc.request('POST', '/api/departments', { token: who.admin!.token, body: { name } });
  return res.as(referenceItemSchema);
}

let people = 0;
/** A person the admin invites, directly on the service: their id and invitation. */
async function invitedPerson() {
  const n = ++people;
  const body = { email: `invited.${n}@acme.test`, firstName: 'Ina', lastName: `Vited ${n}`, nationality: 'GB' };
  return (await svc.request('POST', '/api/users', { token: who.admin!.token, body })).as(userSchema);
}

/** A person who joined with their invitation: signed in with their own password. */
async function joinedPerson() {
  const invited = await invitedPerson();
  const res = await svc.request('POST', '/api/auth/invitations/accept', {
    body: { token: invited.invitation!.token, password: JOINED_PASSWORD },
  });
  return { id: invited.id, token: res.as(tokenResponseSchema).access_token };
}
const JOINED_PASSWORD = 'kettle lantern orchard';

/** A feed of one's own leave, made straight at the service. */
async function calendarFeed(me: Account) {
  const res = await svc.request('POST', '/api/calendar-feeds', { token: me.token, body: { scope: 'ME' } });
  return res.as(calendarFeedSchema);
}

interface Call {
  path: string;
  body?: unknown;
  token?: string | null;
  /** Run once the request is under way (the event stream ends when its session does). */
  during?: () => Promise<void>;
}

/** How to call each operation as a role: a new operation without an entry fails the walk. */
const CALLS: Record<string, (role: Role, me: Account) => Promise<Call> | Call> = {
  getOpenapiJson: () => ({ path: '/api/openapi.json' }),
  getHealth: () => ({ path: '/api/health' }),
  getSyncState: () => ({ path: '/api/sync/state' }),
  postAuthToken: (role) => ({
    path: '/api/auth/token',
    token: null,
    body: { email: DEMO[ROLES[role]], password: DEMO_PASSWORD },
  }),
  postAuthRefresh: async (role) => ({
    path: '/api/auth/refresh',
    token: null,
    body: { refresh_token: (await svc.signIn(DEMO[ROLES[role]])).refresh_token },
  }),
  postAuthLogout: async (role) => ({
    path: '/api/auth/logout',
    token: null,
    body: { refresh_token: (await svc.signIn(DEMO[ROLES[role]])).refresh_token },
  }),
  getUsers: () => ({ path: '/api/users?page=1&pageSize=5' }),
  postUsers: (role) => ({
    path: '/api/users',
    body: {
      ...exampleOf('postUsers'),
      email: `walk.${role.toLowerCase()}@acme.test`,
      departmentId: null,
      managerId: null,
    },
  }),
  postOrganizations: (role) => ({
    path: '/api/organizations',
    token: null,
    body: { ...exampleOf('postOrganizations'), adminEmail: `founder.${role.toLowerCase()}@new.example` },
  }),
  postUsersImport: () => ({ path: '/api/users/import', body: exampleOf('postUsersImport') }),
  postUsersByIdInvitation: async () => ({ path: `/api/users/${(await invitedPerson()).id}/invitation` }),
  postAuthInvitationsAccept: async () => ({
    path: '/api/auth/invitations/accept',
    token: null,
    body: { ...exampleOf('postAuthInvitationsAccept'), token: (await invitedPerson()).invitation!.url },
  }),
  putAuthPassword: async () => ({
    path: '/api/auth/password',
    token: (await joinedPerson()).token,
    body: { currentPassword: JOINED_PASSWORD, newPassword: 'walnut ferry compass' },
  }),
  postAuthPasswordForgot: () => ({ path: '/api/auth/password/forgot', token: null, body: { email: DEMO.alice } }),
  postAuthPasswordReset: async () => {
    const person = await joinedPerson();
    const me = (await svc.request('GET', '/api/users/me', { token: person.token })).as(userSchema);
    const tenant = new TenantDb(svc.engine, me.organizationId);
    const { token } = await svc.app.hr.oneTimeTokens.issue(tenant, person.id, 'PASSWORD_RESET');
    return { path: '/api/auth/password/reset', token: null, body: { ...exampleOf('postAuthPasswordReset'), token } };
  },
  postCalendarFeeds: () => ({ path: '/api/calendar-feeds', body: exampleOf('postCalendarFeeds') }),
  getCalendarFeeds: () => ({ path: '/api/calendar-feeds' }),
  deleteCalendarFeedsById: async (_role, me) => ({ path: `/api/calendar-feeds/${(await calendarFeed(me)).id}` }),
  getFeedsByFile: async (_role, me) => ({ path: new URL((await calendarFeed(me)).url!).pathname, token: null }),
  getUsersMe: () => ({ path: '/api/users/me' }),
  getUsersMePreferences: () => ({ path: '/api/users/me/preferences' }),
  putUsersMePreferences: () => ({ path: '/api/users/me/preferences', body: exampleOf('putUsersMePreferences') }),
  getUsersById: (_role, me) => ({ path: `/api/users/${me.id}` }),
  putUsersById: (_role, me) => ({ path: `/api/users/${me.id}`, body: { startDate: '2024-02-01' } }),
  getDepartments: () => ({ path: '/api/departments' }),
  postDepartments: (role) => ({ path: '/api/departments', body: { name: `Walk ${role}` } }),
  putDepartmentsById: async (role) => ({
    path: `/api/departments/${(await department(`Renamed ${role}`)).id}`,
    body: { name: `Renamed ${role} again` },
  }),
  deleteDepartmentsById: async (role) => ({ path: `/api/departments/${(await department(`Gone ${role}`)).id}` }),
  getOrganization: () => ({ path: '/api/organization' }),
  putOrganization: () => ({ path: '/api/organization', body: exampleOf('putOrganization') }),
  getTrainingCategories: () => ({ path: '/api/training-categories' }),
  getTrainingProviders: () => ({ path: '/api/training-providers' }),
  getTrainingTypes: () => ({ path: '/api/training-types' }),
  getTrainings: () => ({ path: '/api/trainings?page=1&pageSize=5' }),
  postTrainings: (_role, me) => ({ path: '/api/trainings', body: trainingBody(me.id) }),
  getTrainingsById: async (_role, me) => ({ path: `/api/trainings/${(await trainingOf(me)).id}` }),
  putTrainingsById: async (_role, me) => ({
    path: `/api/trainings/${(await trainingOf(me)).id}`,
    body: exampleOf('putTrainingsById'),
  }),
  patchTrainingsById: async (_role, me) => ({
    path: `/api/trainings/${(await trainingOf(me)).id}`,
    body: exampleOf('patchTrainingsById'),
  }),
  deleteTrainingsById: async (_role, me) => ({ path: `/api/trainings/${(await trainingOf(me)).id}` }),
  getLeave: () => ({ path: '/api/leave?page=1&pageSize=5' }),
  postLeave: () => {
    const monday = new Date(Date.UTC(2027, 0, 4 + 7 * leaveWeek++)).toISOString().slice(0, 10);
    return { path: '/api/leave', body: { ...exampleOf('postLeave'), startDate: monday, endDate: monday } };
  },
  getLeavePendingApprovals: () => ({ path: '/api/leave/pending-approvals' }),
  getLeaveUpcoming: () => ({ path: '/api/leave/upcoming' }),
  getLeaveTeam: () => ({ path: '/api/leave/team' }),
  getLeaveCalendar: () => ({ path: '/api/leave/calendar?startDate=2026-03-01&endDate=2026-03-31' }),
  getLeavePolicy: () => ({ path: '/api/leave/policy' }),
  putLeavePolicy: () => ({ path: '/api/leave/policy', body: exampleOf('putLeavePolicy') }),
  getLeaveAllocations: () => ({ path: '/api/leave/allocations' }),
  postLeaveAllocations: () => ({
    path: '/api/leave/allocations',
    body: { ...exampleOf('postLeaveAllocations'), userId: who.alice!.id },
  }),
  getLeaveBalances: () => ({ path: '/api/leave/balances' }),
  getLeaveById: async (_role, me) => ({ path: `/api/leave/${(await leaveOf(me)).id}` }),
  putLeaveById: async (_role, me) => {
    const leave = await leaveOf(me);
    return {
      path: `/api/leave/${leave.id}`,
      body: { startDate: leave.startDate, endDate: leave.startDate, type: 'ANNUAL' },
    };
  },
  deleteLeaveById: async (_role, me) => ({ path: `/api/leave/${(await leaveOf(me)).id}` }),
  // Alice's request: her manager and the admin may decide it; she may not.
  putLeaveByIdStatus: async () => ({
    path: `/api/leave/${(await leaveOf(who.alice!)).id}/status`,
    body: exampleOf('putLeaveByIdStatus'),
  }),
  getNotifications: () => ({ path: '/api/notifications' }),
  putNotificationsReadAll: () => ({ path: '/api/notifications/read-all' }),
  putNotificationsByIdRead: async (_role, me) => {
    const list = await svc.request('GET', '/api/notifications', { token: me.token });
    return { path: `/api/notifications/${list.as(notificationListSchema).data[0]!.id}/read` };
  },
  getForms: () => ({ path: '/api/forms' }),
  postForms: () => ({ path: '/api/forms', body: exampleOf('postForms') }),
  getFormsAssigned: () => ({ path: '/api/forms/assigned' }),
  getFormsById: () => ({ path: `/api/forms/${published.id}` }),
  putFormsById: async () => ({ path: `/api/forms/${(await form({}, 'DRAFT')).id}`, body: exampleOf('putFormsById') }),
  deleteFormsById: async () => ({ path: `/api/forms/${(await form({}, 'DRAFT')).id}` }),
  getFormsByIdQuestions: () => ({ path: `/api/forms/${published.id}/questions` }),
  postFormsByIdDistribute: () => ({ path: `/api/forms/${published.id}/distribute`, body: { all: true } }),
  postFormsSubmitByFormId: () => ({
    path: `/api/forms/submit/${published.id}`,
    body: { answers: [{ questionId: published.questions[0]!.id, value: '4' }] },
  }),
  getFormsPublicById: () => ({ path: `/api/forms/public/${open.id}`, token: null }),
  getFormsByIdResponses: () => ({ path: `/api/forms/${published.id}/responses` }),
  getFormsByIdResponsesCsv: () => ({ path: `/api/forms/${published.id}/responses.csv` }),
  getFormsByIdAnalytics: () => ({ path: `/api/forms/${published.id}/analytics` }),
  // A session of its own: its stream ends when it signs out, and Prism checks the whole stream.
  getEvents: async (role) => {
    // A stream opens only with a token issued after its person last signed out (the walk did, above).
    svc.clock.advance(1_000);
    const session = await svc.signIn(DEMO[ROLES[role]]);
    const open = svc.app.hr.events.openStreams;
    return {
      path: '/api/events',
      token: session.access_token,
      // Signed out once the stream is open at the service (through Prism), which then ends it.
      during: async () => {
        await vi.waitFor(() => expect(svc.app.hr.events.openStreams).toBeGreaterThan(open));
        await svc.request('POST', '/api/auth/logout', { body: { refresh_token: session.refresh_token } });
      },
    };
  },
};

const PRISM_ERROR = 'https://stoplight.io/prism/errors';

describe('the walk through a validating proxy (Stoplight Prism)', () => {
  it('has a call for every operation of the document', () => {
    const missing = operations.map((o) => o.op.operationId).filter((id) => !CALLS[id]);
    expect(missing).toEqual([]);
  });

  for (const role of Object.keys(ROLES) as Role[]) {
    it(`finds every answer as ${role} as the document describes it`, async () => {
      const me = who[ROLES[role]]!;
      const outcomes: string[] = [];
      const violations: string[] = [];
      for (const { path, method, op } of operations) {
        const call = await CALLS[op.operationId]!(role, me);
        const token = call.token === undefined ? me.token : call.token;
        const pending = fetch(prismUrl + call.path, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        });
        await call.during?.();
        const res = await pending;
        const text = await res.text();
        outcomes.push(`${res.status} ${method} ${path}`);
        if (text.includes(PRISM_ERROR) || res.headers.has('sl-violations')) {
          violations.push(`${method} ${call.path} → ${res.status}: ${text.slice(0, 600)}`);
        }
      }
      expect(violations).toEqual([]);
      expect(prismLog).not.toMatch(/Violation|✖\s+error/);
      // The walk reached the operations rather than being turned away: as ADMIN each one succeeds.
      const succeeded = outcomes.filter((o) => o.startsWith('2'));
      if (role === 'ADMIN') expect(outcomes.filter((o) => !o.startsWith('2'))).toEqual([]);
      else expect(succeeded.length).toBeGreaterThan(operations.length / 2);
    }, 120_000);
  }
});
