import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationListSchema,
  problemSchema,
  referenceListSchema,
  trainingListSchema,
  trainingSchema,
  trainingSortFields,
  type Training,
} from '../../src-shared/wire';
import { notifyExpiringTrainings } from '../../src-server/trainings/expiringTrainings';
import { DEMO, signInAll, type Account } from '../support/accounts';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
let a: Record<keyof typeof DEMO, Account>;
let refs: { typeId: string; categoryId: string; providerId: string };
let globexRefs: { typeId: string; categoryId: string };

async function refList(path: string, token: string) {
  return (await svc.request('GET', path, { token })).as(referenceListSchema).data;
}

function create(who: Account, body: Record<string, unknown>) {
  return svc.request('POST', '/api/trainings', {
    token: who.token,
    body: { name: 'Course', ...refs, startDate: '2026-03-10T09:00:00.000Z', ...body },
  });
}

async function created(who: Account, body: Record<string, unknown> = {}): Promise<Training> {
  const res = await create(who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(trainingSchema);
}

beforeAll(async () => {
  svc = await startTestService();
  a = await signInAll(svc, DEMO);
  const [types, categories, providers] = await Promise.all(
    ['/api/training-types', '/api/training-categories', '/api/training-providers'].map((p) =>
      refList(p, a.alice.token),
    ),
  );
  refs = { typeId: types![0]!.id, categoryId: categories![0]!.id, providerId: providers![0]!.id };
  globexRefs = {
    typeId: (await refList('/api/training-types', a.dave.token))[0]!.id,
    categoryId: (await refList('/api/training-categories', a.dave.token))[0]!.id,
  };
});
afterAll(async () => {
  await svc.close();
});

describe('reference lists', () => {
  it('has at least six categories, providers and types per organization', async () => {
    for (const path of ['/api/training-categories', '/api/training-providers', '/api/training-types']) {
      const acme = await refList(path, a.alice.token);
      const globex = await refList(path, a.dave.token);
      expect(acme.length, path).toBeGreaterThanOrEqual(6);
      expect(acme.map((r) => r.name)).toEqual([...acme.map((r) => r.name)].sort());
      const acmeIds = new Set(acme.map((r) => r.id));
      expect(globex.some((r) => acmeIds.has(r.id))).toBe(false);
    }
  });
});

describe('creating trainings', () => {
  it('creates one for oneself: PLANNED, PENDING, version 1, with ETag and Location', async () => {
    const res = await create(a.alice, {
      name: 'First aid',
      endDate: '2026-03-11',
      expiryDate: '2028-03-11T00:00:00Z',
      cost: 120.5,
      hours: 7.5,
      structuredUnits: 3,
      unstructuredUnits: 0,
      notes: 'Bring boots',
    });
    expect(res.status).toBe(201);
    const t = res.as(trainingSchema);
    expect(t).toMatchObject({
      userId: a.alice.id,
      name: 'First aid',
      status: 'PLANNED',
      outcome: 'PENDING',
      version: 1,
      endDate: '2026-03-11T00:00:00.000Z',
      expiryDate: '2028-03-11T00:00:00.000Z',
      cost: 120.5,
      providerId: refs.providerId,
    });
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.headers.get('location')).toBe(`/api/trainings/${t.id}`);
  });

  it('names each bad field: missing required, end before start, negative numbers, unknown references', async () => {
    const missing = await svc.request('POST', '/api/trainings', { token: a.alice.token, body: { name: 'x' } });
    expect(missing.status).toBe(400);
    expect(
      missing
        .as(problemSchema)
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['categoryId', 'startDate', 'typeId']);

    const bad = await create(a.alice, { endDate: '2026-03-01', expiryDate: '2026-01-01', cost: -5, hours: -1 });
    expect(bad.status).toBe(400);
    expect(
      bad
        .as(problemSchema)
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['cost', 'endDate', 'expiryDate', 'hours']);

    const foreign = await create(a.alice, { ...globexRefs, providerId: 'nope' });
    expect(foreign.status).toBe(400);
    expect(
      foreign
        .as(problemSchema)
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['categoryId', 'providerId', 'typeId']);
  });

  it('lets a USER create only for themselves, a MANAGER for direct reports, an ADMIN for anyone in the organization', async () => {
    expect((await create(a.alice, { userId: a.bob.id })).status).toBe(403);
    expect((await created(a.manager, { userId: a.alice.id })).userId).toBe(a.alice.id);
    expect((await create(a.manager, { userId: a.carol.id })).status).toBe(403);
    expect((await created(a.admin, { userId: a.carol.id })).userId).toBe(a.carol.id);
    const otherOrg = await create(a.admin, { userId: a.dave.id });
    expect(otherOrg.status).toBe(400);
    expect(otherOrg.as(problemSchema).errors?.[0]?.path).toBe('userId');
  });
});

describe('reading trainings by scope', () => {
  let alices: Training;
  beforeAll(async () => {
    alices = await created(a.alice, { name: 'Scope probe' });
  });

  it('answers the owner, their manager and an admin; 403 to a colleague; 404 to another organization', async () => {
    for (const who of [a.alice, a.manager, a.admin]) {
      const res = await svc.request('GET', `/api/trainings/${alices.id}`, { token: who.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(`"${alices.version}"`);
    }
    expect((await svc.request('GET', `/api/trainings/${alices.id}`, { token: a.carol.token })).status).toBe(403);
    expect((await svc.request('GET', `/api/trainings/${alices.id}`, { token: a.bob.token })).status).toBe(403);
    expect((await svc.request('GET', `/api/trainings/${alices.id}`, { token: a.globexAdmin.token })).status).toBe(404);
    expect((await svc.request('GET', '/api/trainings/does-not-exist', { token: a.alice.token })).status).toBe(404);
  });

  it('lists own for a USER, own and reports for a MANAGER, everyone for an ADMIN', async () => {
    const owners = async (who: Account) =>
      new Set(
        (await svc.request('GET', '/api/trainings?pageSize=500', { token: who.token }))
          .as(trainingListSchema)
          .data.map((t) => t.userId),
      );
    expect(await owners(a.alice)).toEqual(new Set([a.alice.id]));
    const managerSees = await owners(a.manager);
    expect(managerSees.has(a.alice.id)).toBe(true);
    expect(managerSees.has(a.carol.id)).toBe(false);
    expect([...managerSees].every((id) => [a.manager.id, a.alice.id, a.bob.id].includes(id))).toBe(true);
    const adminSees = await owners(a.admin);
    expect(adminSees.has(a.carol.id)).toBe(true);
    expect(adminSees.has(a.alice.id)).toBe(true);
  });

  it('filters by userId within scope only', async () => {
    const mine = (await svc.request('GET', `/api/trainings?userId=${a.alice.id}`, { token: a.manager.token })).as(
      trainingListSchema,
    );
    expect(mine.data.every((t) => t.userId === a.alice.id)).toBe(true);
    expect((await svc.request('GET', `/api/trainings?userId=${a.carol.id}`, { token: a.manager.token })).status).toBe(
      403,
    );
    expect((await svc.request('GET', `/api/trainings?userId=${a.dave.id}`, { token: a.admin.token })).status).toBe(404);
  });
});

describe('listing', () => {
  let bobToken: string;
  beforeAll(async () => {
    bobToken = a.bob.token;
    const rows: Record<string, unknown>[] = [
      {
        name: 'Welding basics',
        cost: 300,
        hours: 8,
        startDate: '2026-01-05T09:00:00Z',
        endDate: '2026-01-06',
        expiryDate: '2027-01-06',
      },
      { name: 'welding advanced', cost: 900, hours: 16, startDate: '2026-02-02T09:00:00Z', endDate: '2026-02-05' },
      { name: 'Excel tricks', hours: 2, startDate: '2026-03-20T09:00:00Z', expiryDate: '2026-12-01' },
      { name: 'Archery', cost: 50, startDate: '2025-11-11T09:00:00Z', endDate: '2025-11-12', expiryDate: '2026-11-12' },
      { name: 'Zen coding', cost: 0, hours: 1, startDate: '2026-04-01T09:00:00Z' },
    ];
    for (const [i, row] of rows.entries()) {
      svc.clock.advance(1000);
      const t = await created(a.bob, row);
      if (i === 1) {
        await svc.request('PATCH', `/api/trainings/${t.id}`, {
          token: bobToken,
          body: { status: 'COMPLETED', outcome: 'PASSED' },
        });
      }
    }
  });

  it('searches names case-insensitively', async () => {
    const list = (await svc.request('GET', '/api/trainings?search=WELDING', { token: bobToken })).as(
      trainingListSchema,
    );
    expect(list.data.map((t) => t.name)).toEqual(['welding advanced', 'Welding basics']);
  });

  it('filters by status, and refuses an unknown status', async () => {
    const done = (await svc.request('GET', '/api/trainings?status=COMPLETED', { token: bobToken })).as(
      trainingListSchema,
    );
    expect(done.data.map((t) => t.name)).toEqual(['welding advanced']);
    expect((await svc.request('GET', '/api/trainings?status=DONE', { token: bobToken })).status).toBe(400);
  });

  it.each(trainingSortFields.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))(
    'sorts by %s %s, empty values last',
    async (sortBy, order) => {
      const list = (
        await svc.request('GET', `/api/trainings?sortBy=${sortBy}&sortOrder=${order}&pageSize=50`, { token: bobToken })
      ).as(trainingListSchema);
      expect(list.data).toHaveLength(5);
      const values = list.data.map((t) => t[sortBy]);
      const present = values.filter((v) => v !== null);
      const expected = [...present].sort((x, y) => {
        const [p, q] = sortBy === 'name' ? [String(x), String(y)] : [x, y];
        return p! < q! ? -1 : p! > q! ? 1 : 0;
      });
      if (order === 'desc') expected.reverse();
      if (sortBy !== 'name') expect(values.slice(0, present.length)).toEqual(expected);
      else
        expect(values.map((v) => String(v).toLowerCase())).toEqual(
          [...values]
            .map((v) => String(v).toLowerCase())
            .sort((x, y) => (order === 'asc' ? 1 : -1) * (x < y ? -1 : x > y ? 1 : 0)),
        );
      expect(values.slice(present.length).every((v) => v === null)).toBe(true);
    },
  );

  it('pages with bounds: limit alias, past the end, clamping, bad values', async () => {
    const first = (await svc.request('GET', '/api/trainings?limit=2&page=1', { token: bobToken })).as(
      trainingListSchema,
    );
    expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    const last = (await svc.request('GET', '/api/trainings?limit=2&page=3', { token: bobToken })).as(
      trainingListSchema,
    );
    expect(last.data).toHaveLength(1);
    const beyond = (await svc.request('GET', '/api/trainings?limit=2&page=4', { token: bobToken })).as(
      trainingListSchema,
    );
    expect(beyond.data).toEqual([]);
    expect(
      (await svc.request('GET', '/api/trainings?pageSize=501', { token: bobToken })).as(trainingListSchema).meta
        .pageSize,
    ).toBe(500);
    expect((await svc.request('GET', '/api/trainings?page=0', { token: bobToken })).status).toBe(400);
    expect((await svc.request('GET', '/api/trainings?sortOrder=up', { token: bobToken })).status).toBe(400);
    expect((await svc.request('GET', '/api/trainings?sortBy=userId', { token: bobToken })).status).toBe(400);
  });
});

describe('changing trainings', () => {
  it('PUT changes only the given fields, bumps version and updatedAt, and checks dates against the stored record', async () => {
    const t = await created(a.alice, { name: 'Partial', cost: 10 });
    svc.clock.advance(60_000);
    const res = await svc.request('PUT', `/api/trainings/${t.id}`, { token: a.alice.token, body: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    const next = res.as(trainingSchema);
    expect(next).toMatchObject({ name: 'Renamed', cost: 10, version: 2, createdAt: t.createdAt });
    expect(Date.parse(next.updatedAt)).toBe(Date.parse(t.updatedAt) + 60_000);
    expect(res.headers.get('etag')).toBe('"2"');

    const before = await svc.request('PUT', `/api/trainings/${t.id}`, {
      token: a.alice.token,
      body: { endDate: '2026-03-01' },
    });
    expect(before.status).toBe(400);
    expect(before.as(problemSchema).errors?.[0]?.path).toBe('endDate');
    const ref = await svc.request('PUT', `/api/trainings/${t.id}`, {
      token: a.alice.token,
      body: { typeId: globexRefs.typeId },
    });
    expect(ref.status).toBe(400);
  });

  it('answers 412 with the current record to a stale If-Match, on PUT, PATCH and DELETE', async () => {
    const t = await created(a.alice, { name: 'Contended' });
    await svc.request('PUT', `/api/trainings/${t.id}`, { token: a.manager.token, body: { hours: 3 } });
    for (const [method, body] of [
      ['PUT', { name: 'Mine' }],
      ['PATCH', { status: 'COMPLETED' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await svc.request(method, `/api/trainings/${t.id}`, {
        token: a.alice.token,
        body,
        headers: { 'if-match': '"1"' },
      });
      expect(res.status, method).toBe(412);
      expect(trainingSchema.parse(res.as(problemSchema).current)).toMatchObject({
        hours: 3,
        version: 2,
        name: 'Contended',
      });
    }
  });

  it('PATCH sets status and outcome; bad values are 400', async () => {
    // Over before today (the clock's 2 March 2026): it may be passed.
    const t = await created(a.alice, { name: 'Patchy', startDate: '2026-02-02', endDate: '2026-02-03' });
    const res = await svc.request('PATCH', `/api/trainings/${t.id}`, {
      token: a.alice.token,
      body: { status: 'COMPLETED', outcome: 'PASSED' },
      headers: { 'if-match': '"1"' },
    });
    expect(res.as(trainingSchema)).toMatchObject({ status: 'COMPLETED', outcome: 'PASSED', version: 2 });
    const only = await svc.request('PATCH', `/api/trainings/${t.id}`, {
      token: a.alice.token,
      body: { outcome: 'FAILED' },
    });
    expect(only.as(trainingSchema)).toMatchObject({ status: 'COMPLETED', outcome: 'FAILED', version: 3 });
    for (const body of [{}, { status: 'DONE' }, { outcome: 'MAYBE' }]) {
      expect((await svc.request('PATCH', `/api/trainings/${t.id}`, { token: a.alice.token, body })).status).toBe(400);
    }
  });

  it('PATCH refuses in words (400) a status the dates make impossible, by calendar days on the clock’s today', async () => {
    const today = svc.clock.now().toISOString().slice(0, 10);
    const later = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
    const ahead = await created(a.alice, { name: 'Not begun', startDate: later(1) });
    for (const body of [{ status: 'IN_PROGRESS' }, { status: 'COMPLETED', outcome: 'PASSED' }]) {
      const res = await svc.request('PATCH', `/api/trainings/${ahead.id}`, { token: a.alice.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.as(problemSchema)).toMatchObject({
        detail: 'This training has not started yet: it can only be planned or cancelled',
        errors: [{ path: 'status', message: 'This training has not started yet: it can only be planned or cancelled' }],
      });
    }
    // Under way since today, to end tomorrow: started, but not to be passed yet.
    const running = await created(a.alice, { name: 'Under way', startDate: today, endDate: later(1) });
    const early = await svc.request('PATCH', `/api/trainings/${running.id}`, {
      token: a.alice.token,
      body: { status: 'COMPLETED', outcome: 'FAILED' },
    });
    expect(early.status).toBe(400);
    expect(early.as(problemSchema).errors).toEqual([
      {
        path: 'outcome',
        code: 'rules.training.notEnded',
        message: 'This training has not ended yet: it can be passed or failed once it has',
      },
    ]);
    const started = await svc.request('PATCH', `/api/trainings/${running.id}`, {
      token: a.alice.token,
      body: { status: 'IN_PROGRESS' },
    });
    expect(started.as(trainingSchema)).toMatchObject({ status: 'IN_PROGRESS', outcome: 'PENDING' });
    // A day on, it has ended: passed.
    svc.clock.advance(86_400_000);
    a = await signInAll(svc, DEMO);
    const passed = await svc.request('PATCH', `/api/trainings/${running.id}`, {
      token: a.alice.token,
      body: { status: 'COMPLETED', outcome: 'PASSED' },
    });
    expect(passed.as(trainingSchema)).toMatchObject({ status: 'COMPLETED', outcome: 'PASSED' });
    // Its dates moved into the future would leave it passed before it ends, or completed before it starts.
    const end = await svc.request('PUT', `/api/trainings/${running.id}`, {
      token: a.alice.token,
      body: { endDate: later(30) },
    });
    expect(end.status).toBe(400);
    expect(end.as(problemSchema).errors).toEqual([
      {
        path: 'endDate',
        code: 'rules.training.endsLater',
        message: 'This training is passed: it cannot end after today',
      },
    ]);
    const start = await svc.request('PUT', `/api/trainings/${running.id}`, {
      token: a.alice.token,
      body: { startDate: later(30), endDate: later(31) },
    });
    expect(start.as(problemSchema).errors).toEqual([
      {
        path: 'startDate',
        code: 'rules.training.startsLater',
        message: 'This training is completed: it cannot start after today',
      },
    ]);
    // A planned one moves freely; a completed one keeps other changes.
    expect(
      (await svc.request('PUT', `/api/trainings/${ahead.id}`, { token: a.alice.token, body: { startDate: later(60) } }))
        .status,
    ).toBe(200);
    expect(
      (await svc.request('PUT', `/api/trainings/${running.id}`, { token: a.alice.token, body: { hours: 6 } })).status,
    ).toBe(200);
  });

  it('DELETE removes it for someone in scope; 403 out of scope; 404 afterwards', async () => {
    const t = await created(a.alice, { name: 'Short-lived' });
    expect((await svc.request('DELETE', `/api/trainings/${t.id}`, { token: a.carol.token })).status).toBe(403);
    expect((await svc.request('DELETE', `/api/trainings/${t.id}`, { token: a.globexAdmin.token })).status).toBe(404);
    expect((await svc.request('DELETE', `/api/trainings/${t.id}`, { token: a.manager.token })).status).toBe(204);
    expect((await svc.request('GET', `/api/trainings/${t.id}`, { token: a.alice.token })).status).toBe(404);
    expect((await svc.request('DELETE', `/api/trainings/${t.id}`, { token: a.alice.token })).status).toBe(404);
  });
});

describe('TRAINING_EXPIRING', () => {
  const expiring = async (token: string) =>
    (await svc.request('GET', '/api/notifications?limit=100', { token }))
      .as(notificationListSchema)
      .data.filter((n) => n.type === 'TRAINING_EXPIRING');

  it('notifies the owner once per training and expiry date, at once or by the sweep', async () => {
    const now = svc.clock.now().getTime();
    const soon = new Date(now + 10 * 86_400_000).toISOString();
    const later = new Date(now + 45 * 86_400_000).toISOString();
    const t1 = await created(a.carol, { name: 'Gas safety', startDate: '2025-01-01', expiryDate: soon });
    const t2 = await created(a.carol, { name: 'Ladder safety', startDate: '2025-01-01', expiryDate: later });
    const first = await expiring(a.carol.token);
    expect(first.map((n) => n.data.trainingId)).toEqual([t1.id]);
    expect(first[0]!.body).toContain('Gas safety');

    expect(await notifyExpiringTrainings(svc.engine, svc.clock.now())).toBe(0);
    svc.clock.advance(20 * 86_400_000);
    // The sweep the service runs hourly finds the second one now within 30 days, and nothing twice.
    expect(await notifyExpiringTrainings(svc.engine, svc.clock.now())).toBe(1);
    expect(await notifyExpiringTrainings(svc.engine, svc.clock.now())).toBe(0);
    const carol = (await svc.signIn(DEMO.carol)).access_token;
    expect((await expiring(carol)).map((n) => n.data.trainingId).sort()).toEqual([t1.id, t2.id].sort());

    // A new expiry date is a new notice; a cancelled training gets none.
    const renewed = new Date(svc.clock.now().getTime() + 5 * 86_400_000).toISOString();
    await svc.request('PUT', `/api/trainings/${t1.id}`, { token: carol, body: { expiryDate: renewed } });
    expect((await expiring(carol)).filter((n) => n.data.trainingId === t1.id)).toHaveLength(2);
    const cancelled = await created({ token: carol, id: a.carol.id }, { name: 'Cancelled', startDate: '2025-01-01' });
    await svc.request('PATCH', `/api/trainings/${cancelled.id}`, { token: carol, body: { status: 'CANCELLED' } });
    await svc.request('PUT', `/api/trainings/${cancelled.id}`, { token: carol, body: { expiryDate: renewed } });
    expect((await expiring(carol)).some((n) => n.data.trainingId === cancelled.id)).toBe(false);
    a = await signInAll(svc, DEMO);
  });

  it('sends none for a certificate renewed since (the same course passed again), and does for another course of its type', async () => {
    const DAY = 86_400_000;
    const inDays = (days: number) => new Date(svc.clock.now().getTime() + days * DAY).toISOString();
    const passed = async (body: Record<string, unknown>) => {
      const t = await created(a.bob, body);
      const res = await svc.request('PATCH', `/api/trainings/${t.id}`, {
        token: a.bob.token,
        body: { status: 'COMPLETED', outcome: 'PASSED' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return t;
    };
    // Two certificates of a year ago, of one type and category, expiring in 40 and 45 days.
    const renewed = await passed({ name: 'Crane operation', startDate: '2025-03-03', expiryDate: inDays(40) });
    const other = await passed({ name: 'Crane signals', startDate: '2025-03-03', expiryDate: inDays(45) });
    // Crane operation passed again last week (case and spacing aside): it renews that one only.
    const again = await passed({
      name: ' crane  OPERATION',
      startDate: inDays(-7).slice(0, 10),
      expiryDate: inDays(400),
    });
    svc.clock.advance(20 * DAY);
    expect(await notifyExpiringTrainings(svc.engine, svc.clock.now())).toBe(1);
    a = await signInAll(svc, DEMO);
    const notices = (await expiring(a.bob.token)).map((n) => n.data.trainingId);
    expect(notices).toContain(other.id);
    expect(notices).not.toContain(renewed.id);
    expect(notices).not.toContain(again.id);
  });

  // Last: Bob leaves.
  it('sends none to someone who has left', async () => {
    const DAY = 86_400_000;
    const inDays = (days: number) => new Date(svc.clock.now().getTime() + days * DAY).toISOString();
    a = await signInAll(svc, DEMO);
    await created(a.bob, { name: 'Forklift', startDate: '2025-03-03', expiryDate: inDays(40) });
    const alices = await created(a.alice, { name: 'Forklift', startDate: '2025-03-03', expiryDate: inDays(40) });
    const today = svc.clock.now().toISOString().slice(0, 10);
    const left = await svc.request('PUT', `/api/users/${a.bob.id}`, { token: a.admin.token, body: { endDate: today } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    svc.clock.advance(20 * DAY);
    // Alice's certificate is within 30 days now, and so would Bob's be: he left, so only hers.
    expect(await notifyExpiringTrainings(svc.engine, svc.clock.now())).toBe(1);
    a.alice = (await signInAll(svc, { alice: DEMO.alice })).alice;
    expect((await expiring(a.alice.token)).map((n) => n.data.trainingId)).toContain(alices.id);
  });
});
