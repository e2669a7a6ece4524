import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Form, Leave, Training, User } from '../../src-shared/wire';
import { ShiftedClock } from '../support/shiftedClock';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
let app: TestBackend;
/** The service's time and the app's: the real time, moved on where a test skips ahead. */
const clock = new ShiftedClock();

beforeAll(async () => {
  service = await new ServiceProcess(6, { clock }).start();
});
afterAll(async () => {
  await service.dispose();
});
beforeEach(() => {
  app = new TestBackend({ now: () => clock.now() });
});
afterEach(() => {
  app.dispose();
});

// Far enough ahead that no demo leave is there.
const SEP = (day: number) => `2027-09-${String(day).padStart(2, '0')}`;

describe('offline, then online', () => {
  it('leave created, edited and deleted offline reaches the service once, each', async () => {
    const me = await app.signIn(service.url, 'alice@acme.test');
    await app.call('sync.now');
    const api = await service.as('alice@acme.test');
    const before = (await api<{ data: Leave[] }>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data;
    const existing = await (async () => {
      const r = await api<Leave>('POST', '/api/leave', { startDate: SEP(27), endDate: SEP(28), type: 'ANNUAL' });
      const s = await api<Leave>('POST', '/api/leave', {
        startDate: '2027-10-04',
        endDate: '2027-10-05',
        type: 'ANNUAL',
      });
      return [r.body, s.body];
    })();
    await app.call('sync.now');

    await service.down(async () => {
      const a = await app.call('leave.create', { startDate: SEP(6), endDate: SEP(8), type: 'ANNUAL', notes: 'Trip' });
      expect(a).toMatchObject({ status: 'PENDING', days: 3, version: 0 });
      const b = await app.call('leave.create', { startDate: SEP(13), endDate: SEP(14), type: 'ANNUAL' });
      await app.call('leave.update', { id: b.id, changes: { startDate: SEP(13), endDate: SEP(15), type: 'UNPAID' } });
      const c = await app.call('leave.create', { startDate: SEP(20), endDate: SEP(20), type: 'OTHER' });
      await app.call('leave.delete', { id: c.id });
      await app.call('leave.update', {
        id: existing[0]!.id,
        changes: { startDate: SEP(27), endDate: SEP(29), type: 'ANNUAL', notes: 'Longer' },
      });
      await app.call('leave.delete', { id: existing[1]!.id });

      const status = await app.call('sync.now');
      expect(status).toMatchObject({ online: false, pending: 4, conflicts: 0 });
      // Reads show the changes already.
      const mine = (await app.call('leave.mine', { pageSize: 500 })).data;
      expect(mine.find((l) => l.id === b.id)).toMatchObject({
        endDate: `${SEP(15)}T00:00:00.000Z`,
        type: 'UNPAID',
        days: 3,
      });
      expect(mine.some((l) => l.id === c.id || l.id === existing[1]!.id)).toBe(false);
    });

    const status = await app.call('sync.now');
    expect(status).toMatchObject({ online: true, pending: 0, conflicts: 0, lastError: null });
    const after = (await api<{ data: Leave[] }>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data;
    const added = after.filter((l) => !before.some((x) => x.id === l.id));
    expect(added.map((l) => [l.startDate.slice(0, 10), l.endDate.slice(0, 10), l.type, l.notes]).sort()).toEqual([
      [SEP(6), SEP(8), 'ANNUAL', 'Trip'],
      [SEP(13), SEP(15), 'UNPAID', null],
      [SEP(27), SEP(29), 'ANNUAL', 'Longer'],
    ]);
    expect(after.find((l) => l.id === existing[0]!.id)).toMatchObject({ version: 2, notes: 'Longer' });
    // The cache now holds the service's ids and versions, and nothing local.
    const local = (await app.call('leave.mine', { pageSize: 500 })).data;
    expect(local.map((l) => l.id).sort()).toEqual(after.map((l) => l.id).sort());
    expect(local.every((l) => !l.id.startsWith('local-'))).toBe(true);

    // Syncing again changes nothing on the service.
    await app.call('sync.now');
    expect((await api<{ data: Leave[] }>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data).toEqual(
      after,
    );
  });

  it('a leave request edited offline while the manager approved it: a conflict showing both sides', async () => {
    await app.signIn(service.url, 'bob@acme.test');
    const bob = await service.as('bob@acme.test');
    const manager = await service.as('manager@acme.test');
    const created = (
      await bob<Leave>('POST', '/api/leave', { startDate: '2027-10-11', endDate: '2027-10-12', type: 'ANNUAL' })
    ).body;
    await app.call('sync.now');

    await service.down(async () => {
      await app.call('leave.update', {
        id: created.id,
        changes: { startDate: '2027-10-11', endDate: '2027-10-15', type: 'ANNUAL', notes: 'Whole week' },
      });
    });
    expect((await manager<Leave>('PUT', `/api/leave/${created.id}/status`, { status: 'APPROVED' })).status).toBe(200);

    const status = await app.call('sync.now');
    expect(status).toMatchObject({ pending: 0, conflicts: 1 });
    const [conflict] = await app.call('conflicts.list');
    expect(conflict).toMatchObject({
      kind: 'leave.update',
      entityId: created.id,
      status: 412,
      mine: { endDate: '2027-10-15', notes: 'Whole week' },
      theirs: { id: created.id, status: 'APPROVED', endDate: '2027-10-12T00:00:00.000Z' },
    });
    // Nothing is lost: the local view still shows the edit until the conflict is resolved.
    expect(await app.call('leave.get', { id: created.id })).toMatchObject({ notes: 'Whole week', status: 'APPROVED' });

    await app.call('conflicts.resolve', { id: conflict!.id, resolution: { action: 'keepTheirs' } });
    expect(await app.call('leave.get', { id: created.id })).toMatchObject({ status: 'APPROVED', notes: null, days: 2 });
    expect((await app.call('sync.now')).conflicts).toBe(0);
  });

  it('a record made here still answers to its local id after the service named it', async () => {
    const me = await app.signIn(service.url, 'alice@acme.test');
    await app.call('sync.now');
    const refs = await app.call('trainings.references');
    const training = await app.call('trainings.create', {
      name: 'Renamed in flight',
      typeId: refs.types[0]!.id,
      categoryId: refs.categories[0]!.id,
      // Over already, so it may be passed below.
      startDate: '2025-11-03T09:00:00.000Z',
      hours: 3,
    });
    const leave = await app.call('leave.create', { startDate: '2027-11-09', endDate: '2027-11-10', type: 'ANNUAL' });
    expect([training.id, leave.id].every((id) => id.startsWith('local-'))).toBe(true);
    await app.call('sync.now');

    // A dialog or an address opened before the push still holds the local ids.
    const named = await app.call('trainings.get', { id: training.id });
    expect(named).toMatchObject({ name: 'Renamed in flight', hours: 3 });
    expect(named!.id).not.toBe(training.id);
    const edited = await app.call('trainings.update', { id: training.id, changes: { hours: 4 } });
    expect(edited).toMatchObject({ id: named!.id, hours: 4 });
    await app.call('trainings.setStatus', { id: training.id, status: 'COMPLETED', outcome: 'PASSED' });
    expect((await app.call('leave.get', { id: leave.id }))!.id).not.toBe(leave.id);
    await app.call('leave.update', {
      id: leave.id,
      changes: { startDate: '2027-11-09', endDate: '2027-11-11', type: 'UNPAID' },
    });
    const status = await app.call('sync.now');
    expect(status).toMatchObject({ pending: 0, conflicts: 0 });

    const api = await service.as('alice@acme.test');
    const trainings = (await api<{ data: Training[] }>('GET', '/api/trainings?search=renamed')).body.data;
    expect(trainings.map((t) => [t.id, t.hours, t.status, t.outcome])).toEqual([[named!.id, 4, 'COMPLETED', 'PASSED']]);
    const mine = (await api<{ data: Leave[] }>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data;
    expect(mine.filter((l) => l.startDate.startsWith('2027-11-09')).map((l) => [l.endDate, l.type])).toEqual([
      ['2027-11-11T00:00:00.000Z', 'UNPAID'],
    ]);
  });

  it('a training edited on both sides: a 412 conflict, then a retry of mine over theirs', async () => {
    await app.signIn(service.url, 'alice@acme.test');
    await app.call('sync.now');
    const mine = (await app.call('trainings.list', { sortBy: 'createdAt' })).data[0]!;
    await service.down(async () => {
      await app.call('trainings.update', { id: mine.id, changes: { name: 'Mine', hours: 5 } });
    });
    const manager = await service.as('manager@acme.test');
    expect((await manager<Training>('PUT', `/api/trainings/${mine.id}`, { name: 'Theirs' })).status).toBe(200);

    await app.call('sync.now');
    const [conflict] = await app.call('conflicts.list');
    expect(conflict).toMatchObject({ status: 412, mine: { name: 'Mine', hours: 5 }, theirs: { name: 'Theirs' } });

    await app.call('conflicts.resolve', {
      id: conflict!.id,
      resolution: { action: 'retry', payload: { name: 'Mine, merged' } },
    });
    const status = await app.call('sync.now');
    expect(status).toMatchObject({ pending: 0, conflicts: 0 });
    const onService = (await manager<Training>('GET', `/api/trainings/${mine.id}`)).body;
    expect(onService).toMatchObject({ name: 'Mine, merged', hours: 5, version: mine.version + 2 });
    expect(await app.call('trainings.get', { id: mine.id })).toEqual(onService);
  });

  it('a form answered offline after it closed: a conflict that keeps the answers', async () => {
    const admin = await service.as('admin@acme.test');
    const me = await app.signIn(service.url, 'carol@acme.test');
    const form = (
      await admin<Form>('POST', '/api/forms', {
        title: 'Lunch order',
        status: 'PUBLISHED',
        questions: [{ type: 'SINGLE_CHOICE', label: 'Main', options: ['Soup', 'Salad'], required: true }],
      })
    ).body;
    await admin('POST', `/api/forms/${form.id}/distribute`, { userIds: [me.userId] });
    await app.call('sync.now');
    expect((await app.call('forms.assigned')).map((f) => f.id)).toContain(form.id);

    const answers = [{ questionId: form.questions[0]!.id, value: 'Soup' }];
    await service.down(async () => {
      await app.call('forms.submit', { formId: form.id, answers });
      expect((await app.call('forms.assigned')).find((f) => f.id === form.id)).toMatchObject({
        submitted: true,
        state: 'waiting',
      });
    });
    await admin('PUT', `/api/forms/${form.id}`, { status: 'CLOSED' });

    await app.call('sync.now');
    const [conflict] = await app.call('conflicts.list');
    expect(conflict).toMatchObject({ kind: 'form.submit', entityId: form.id, status: 409, mine: { answers } });
    expect(conflict!.message).toMatch(/closed/);
    expect((await admin<Form>('GET', `/api/forms/${form.id}`)).body.responseCount).toBe(0);
    const refused = (await app.call('forms.assigned')).find((f) => f.id === form.id);
    expect(refused).toMatchObject({ state: 'refused', answersKept: true });
    expect(refused?.refusal).toMatch(/closed/);

    // Reopened: a retry sends the kept answers.
    await admin('PUT', `/api/forms/${form.id}`, { status: 'PUBLISHED' });
    await app.call('conflicts.resolve', { id: conflict!.id, resolution: { action: 'retry' } });
    expect((await app.call('sync.now')).conflicts).toBe(0);
    const responses = (await admin<{ data: { answers: unknown[] }[] }>('GET', `/api/forms/${form.id}/responses`)).body;
    expect(responses.data.map((r) => r.answers)).toEqual([answers]);
    expect((await app.call('forms.assigned')).find((f) => f.id === form.id)).toMatchObject({ state: 'sent' });
    expect(await app.call('forms.sentAnswers', { formId: form.id })).toMatchObject({
      answers: { [answers[0]!.questionId]: 'Soup' },
    });
  });

  it('answers the service refuses question by question: the refusal beside each, mended and sent again once', async () => {
    const admin = await service.as('admin@acme.test');
    const me = await app.signIn(service.url, 'carol@acme.test');
    const form = (
      await admin<Form>('POST', '/api/forms', {
        title: 'Canteen',
        status: 'PUBLISHED',
        questions: [{ type: 'SINGLE_CHOICE', label: 'Main', options: ['Soup', 'Salad'], required: true }],
      })
    ).body;
    await admin('POST', `/api/forms/${form.id}/distribute`, { userIds: [me.userId] });
    await app.call('sync.now');
    const [main] = form.questions.map((q) => q.id);
    await service.down(async () => {
      await app.call('forms.submit', { formId: form.id, answers: [{ questionId: main!, value: 'Salad' }] });
    });
    // Meanwhile the menu changed on the service: salad is gone.
    const changed = await admin('PUT', `/api/forms/${form.id}`, {
      questions: [{ id: main, type: 'SINGLE_CHOICE', label: 'Main', options: ['Soup', 'Pasta'], required: true }],
    });
    expect(changed.status).toBe(200);
    expect((await app.call('sync.now')).conflicts).toBe(1);
    const refused = (await app.call('forms.assigned')).find((f) => f.id === form.id)!;
    expect(refused).toMatchObject({ state: 'refused', refusedAnswers: { [main!]: 'Salad' } });
    expect(refused.refusalIssues[main!]).toBe('Choose one of the options for “Main”');

    await app.call('forms.submit', { formId: form.id, answers: [{ questionId: main!, value: 'Pasta' }] });
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const received = (
      await admin<{ data: { answers: { value: string }[] }[] }>('GET', `/api/forms/${form.id}/responses`)
    ).body.data;
    expect(received.map((r) => r.answers.map((a) => a.value))).toEqual([['Pasta']]);
    expect((await app.call('forms.assigned')).find((f) => f.id === form.id)).toMatchObject({ state: 'sent' });
  });

  it('a draft is kept until sent, across a restart of the app; an anonymous form keeps no copy once sent', async () => {
    const admin = await service.as('admin@acme.test');
    const me = await app.signIn(service.url, 'carol@acme.test');
    const make = async (title: string, isAnonymous: boolean) => {
      const form = (
        await admin<Form>('POST', '/api/forms', {
          title,
          status: 'PUBLISHED',
          isAnonymous,
          questions: [
            { type: 'TEXT', label: 'Name a tool', required: true },
            { type: 'RATING', label: 'Mood', required: true },
          ],
        })
      ).body;
      await admin('POST', `/api/forms/${form.id}/distribute`, { userIds: [me.userId] });
      return form;
    };
    const named = await make('Tools survey', false);
    const anonymous = await make('Mood check', true);
    await app.call('sync.now');
    const stateOf = async (id: string) => (await app.call('forms.assigned')).find((f) => f.id === id);
    expect(await stateOf(named.id)).toMatchObject({ state: 'open', draftSavedAt: null, sentAt: null });

    const [tool, mood] = named.questions.map((q) => q.id);
    await app.call('forms.saveDraft', { formId: named.id, answers: { [tool!]: 'Figma' } });
    await app.call('forms.saveDraft', { formId: named.id, answers: { [tool!]: 'Figma', [mood!]: '4' } });
    expect(await stateOf(named.id)).toMatchObject({ state: 'draft' });

    // The app closed and opened again on the same folder: the draft is there.
    app.backend.close();
    const again = new TestBackend({ dataDir: app.dataDir });
    rmSync(again.dataDir, { recursive: true, force: true }); // its own folder, unused
    Object.assign(app, { backend: again.backend });
    await app.signIn(service.url, 'carol@acme.test');
    expect(await app.call('forms.draft', { formId: named.id })).toMatchObject({
      answers: { [tool!]: 'Figma', [mood!]: '4' },
    });
    // A rule failing queues nothing and keeps the draft.
    await expect(
      app.call('forms.submit', { formId: named.id, answers: [{ questionId: tool!, value: 'Figma' }] }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Answer “Mood”' });
    expect((await app.call('sync.status')).pending).toBe(0);
    expect(await app.call('forms.draft', { formId: named.id })).not.toBeNull();

    await app.call('forms.submit', {
      formId: named.id,
      answers: [
        { questionId: tool!, value: 'Figma' },
        { questionId: mood!, value: '4' },
      ],
    });
    expect(await app.call('forms.draft', { formId: named.id })).toBeNull();
    const [aTool, aMood] = anonymous.questions.map((q) => q.id);
    await app.call('forms.saveDraft', { formId: anonymous.id, answers: { [aTool!]: 'Vim' } });
    await app.call('forms.submit', {
      formId: anonymous.id,
      answers: [
        { questionId: aTool!, value: 'Vim' },
        { questionId: aMood!, value: '2' },
      ],
    });
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    expect(await stateOf(named.id)).toMatchObject({ state: 'sent', answersKept: true });
    expect((await stateOf(named.id))?.sentAt).toBeTruthy();
    expect(await stateOf(anonymous.id)).toMatchObject({ state: 'sent', answersKept: false, submitted: true });
    expect(await app.call('forms.sentAnswers', { formId: anonymous.id })).toBeNull();
    expect(await app.call('forms.draft', { formId: anonymous.id })).toBeNull();
    const received = async (id: string) =>
      (await admin<{ data: unknown[] }>('GET', `/api/forms/${id}/responses`)).body.data.length;
    expect([await received(named.id), await received(anonymous.id)]).toEqual([1, 1]);
  });

  it('a request made offline that clashes with one made elsewhere: discarding it leaves no trace', async () => {
    const me = await app.signIn(service.url, 'carol@acme.test');
    await app.call('sync.now');
    let mine: Leave | undefined;
    await service.down(async () => {
      mine = await app.call('leave.create', { startDate: '2027-11-08', endDate: '2027-11-09', type: 'ANNUAL' });
    });
    const web = await service.as('carol@acme.test');
    expect(
      (await web('POST', '/api/leave', { startDate: '2027-11-09', endDate: '2027-11-10', type: 'SICK' })).status,
    ).toBe(201);

    await app.call('sync.now');
    const [conflict] = await app.call('conflicts.list');
    expect(conflict).toMatchObject({ kind: 'leave.create', status: 409, mine: { startDate: '2027-11-08' } });
    expect(conflict!.message).toMatch(/overlap/);
    await app.call('conflicts.resolve', { id: conflict!.id, resolution: { action: 'discard' } });
    expect(await app.call('leave.get', { id: mine!.id })).toBeNull();
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const onService = (await web<{ data: Leave[] }>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data;
    expect(onService.filter((l) => l.startDate.startsWith('2027-11-')).map((l) => l.type)).toEqual(['SICK']);
  });

  it("the calendar shows my team's leave as changed offline, and a colleague's as the service showed it", async () => {
    const me = await app.signIn(service.url, 'manager@acme.test');
    const [manager, alice, admin] = await Promise.all(
      ['manager', 'alice', 'admin'].map((who) => service.as(`${who}@acme.test`)),
    );
    // A colleague: in the manager's department (so on the calendar), not a report (so not held in full).
    const mine = (await manager!<User>('GET', '/api/users/me')).body;
    const department = await admin!<{ data: User[] }>(
      'GET',
      `/api/users?departmentId=${mine.departmentId}&pageSize=100`,
    );
    const colleague = department.body.data.find((u) => u.id !== mine.id && u.managerId !== mine.id)!;
    const carol = await service.as(colleague.email);
    // Two Tuesday-Wednesday pairs free for all three, inside the calendar window kept offline (183 days ahead).
    const busy: Leave[] = [];
    for (const api of [manager!, alice!, carol]) {
      const own = (await api<{ data: Leave[] }>('GET', '/api/leave?pageSize=500')).body.data;
      busy.push(...own.filter((l) => l.status === 'PENDING' || l.status === 'APPROVED'));
    }
    const day = (iso: string, plus: number) => new Date(Date.parse(iso) + plus * 86_400_000).toISOString().slice(0, 10);
    const weeks: string[] = [];
    for (let d = day(new Date().toISOString(), 100); weeks.length < 2; d = day(d, 1)) {
      const free = !busy.some((l) => l.startDate.slice(0, 10) <= day(d, 1) && l.endDate.slice(0, 10) >= d);
      if (new Date(d).getUTCDay() === 2 && free) weeks.push(d);
    }
    const [w0, w1] = weeks as [string, string];
    const request = { startDate: w0, endDate: day(w0, 1), type: 'ANNUAL' };
    const alices = await alice!<Leave>('POST', '/api/leave', request);
    const carols = await carol<Leave>('POST', '/api/leave', request);
    expect([alices.status, carols.status]).toEqual([201, 201]);
    // A colleague's leave shows once approved (docs/service.md, Calendar).
    expect((await admin!('PUT', `/api/leave/${carols.body.id}/status`, { status: 'APPROVED' })).status).toBe(200);
    await app.call('sync.now');
    // Each of the two weeks on its own: the days between may hold anyone's earlier leave.
    const shown = async () => {
      const week = async (w: string) => {
        const page = await app.call('calendar.range', { startDate: w, endDate: day(w, 1), pageSize: 500 });
        const of = (id: string) => page.users.find((u) => u.user.id === id)!.leave.map((l) => l.startDate.slice(0, 10));
        return [
          ...of(me.userId).map(() => 'mine'),
          ...of(alices.body.userId).map(() => 'alice'),
          ...of(colleague.id).map(() => 'colleague'),
        ];
      };
      return [await week(w0), await week(w1)];
    };
    expect(await shown()).toEqual([['alice', 'colleague'], []]);
    await service.down(async () => {
      await app.call('leave.setStatus', { id: alices.body.id, status: 'REJECTED' });
      await app.call('leave.create', { startDate: w1, endDate: day(w1, 1), type: 'ANNUAL' });
      expect(await shown()).toEqual([['colleague'], ['mine']]);

      // The wall chart's filters, offline: my team, a name, a status, a type.
      const range = { startDate: w0, endDate: day(w1, 1) };
      const people = async (q: Record<string, unknown>) =>
        (await app.call('calendar.range', { ...range, ...q })).users.map((u) => u.user.id);
      const everyone = await app.call('calendar.range', range);
      expect(everyone.known).toBe(everyone.users.length);
      const today = new Date().toISOString().slice(0, 10);
      expect(everyone.synced!.startDate <= day(today, -92)).toBe(true);
      expect(everyone.synced!.endDate >= day(today, 365)).toBe(true);
      const team = await people({ team: true });
      expect(team).toContain(alices.body.userId);
      expect(team).not.toContain(colleague.id);
      expect(await people({ search: colleague.lastName.slice(1) })).toContain(colleague.id);
      expect(await people({ search: 'ALICE ARCH' })).toEqual([alices.body.userId]);
      expect(await people({ search: 'no such name' })).toEqual([]);
      const leaveOf = async (q: Record<string, unknown>) =>
        (await app.call('calendar.range', { ...range, ...q })).users
          .flatMap((u) => u.leave)
          .filter((l) => l.startDate >= w0)
          .map(
            (l) => `${l.userId === me.userId ? 'mine' : l.userId === colleague.id ? 'colleague' : 'other'}:${l.status}`,
          )
          .sort();
      expect(await leaveOf({})).toEqual(['colleague:APPROVED', 'mine:PENDING']);
      expect(await leaveOf({ status: 'APPROVED' })).toEqual(['colleague:APPROVED']);
      expect(await leaveOf({ types: ['UNPAID', 'SICK'] })).toEqual([]);
      // The wall chart's compact read holds the same people and leave, each country's holidays once.
      for (const q of [{}, { team: true }, { status: 'PENDING' as const }]) {
        const full = await app.call('calendar.range', { ...range, ...q });
        const chart = await app.call('calendar.chart', { ...range, ...q });
        expect(chart.people.map((p) => p.id)).toEqual(full.users.map((u) => u.user.id));
        expect(chart.leave.map((l) => `${l.id}:${l.startDate}:${l.status}`).sort()).toEqual(
          full.users
            .flatMap((u) => u.leave)
            .map((l) => `${l.id}:${l.startDate.slice(0, 10)}:${l.status}`)
            .sort(),
        );
        for (const u of full.users) expect(chart.holidays[u.user.nationality]).toEqual(u.holidays);
      }

      // A request being typed: my own leave it overlaps, and who of the department is away.
      const preview = await app.call('leave.preview', { startDate: w0, endDate: day(w1, 0) });
      expect(preview!.overlap).toBe(`These dates overlap your pending leave from ${w1} to ${day(w1, 1)}`);
      expect(preview!.alsoAway.map((a) => a.name)).toContain(`${colleague.firstName} ${colleague.lastName}`);
      expect(preview!.perDay.find((d) => d.date === w0)!.away).toBeGreaterThanOrEqual(1);
      expect(await app.call('leave.preview', { startDate: day(w1, 1), endDate: w1 })).toBeNull();
      const away = await app.call('leave.alsoAway', { ids: [alices.body.id] });
      expect(away[alices.body.id]).toContain(`${colleague.firstName} ${colleague.lastName}`);
    });
  });

  it('decisions on several requests at once, offline: each queued on its own, one refused says why', async () => {
    await app.signIn(service.url, 'manager@acme.test');
    const [alice, bob, manager] = await Promise.all(
      ['alice', 'bob', 'manager'].map((who) => service.as(`${who}@acme.test`)),
    );
    const made = [
      (await alice!<Leave>('POST', '/api/leave', { startDate: '2027-08-02', endDate: '2027-08-02', type: 'ANNUAL' }))
        .body,
      (await bob!<Leave>('POST', '/api/leave', { startDate: '2027-08-03', endDate: '2027-08-03', type: 'ANNUAL' }))
        .body,
      (await manager!<Leave>('POST', '/api/leave', { startDate: '2027-08-04', endDate: '2027-08-04', type: 'ANNUAL' }))
        .body,
    ];
    await app.call('sync.now');
    await service.down(async () => {
      const result = await app.call('leave.decideMany', {
        ids: made.map((l) => l.id),
        status: 'REJECTED',
        comment: 'Audit week',
      });
      expect(result).toEqual({
        decided: [made[0]!.id, made[1]!.id],
        refused: [{ id: made[2]!.id, message: 'You cannot decide your own request' }],
      });
      expect((await app.call('sync.status')).pending).toBe(2);
    });
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    for (const l of made.slice(0, 2)) {
      const served = (await manager!<Leave>('GET', `/api/leave/${l.id}`)).body;
      expect([served.status, served.reviewComment]).toEqual(['REJECTED', 'Audit week']);
    }
  });

  it('a decision and answers made offline are dated when they were made, not when they arrived', async () => {
    const me = await app.signIn(service.url, 'manager@acme.test');
    const [alice, admin] = await Promise.all(['alice', 'admin'].map((who) => service.as(`${who}@acme.test`)));
    const asked = (
      await alice!<Leave>('POST', '/api/leave', { startDate: '2027-08-11', endDate: '2027-08-11', type: 'ANNUAL' })
    ).body;
    const form = (
      await admin!<Form>('POST', '/api/forms', {
        title: 'Commute',
        status: 'PUBLISHED',
        questions: [{ type: 'TEXT', label: 'How do you travel?' }],
      })
    ).body;
    await admin!('POST', `/api/forms/${form.id}/distribute`, { userIds: [me.userId] });
    await app.call('sync.now');
    let madeBetween: [string, string] = ['', ''];
    await service.down(async () => {
      const before = clock.now().toISOString();
      await app.call('leave.setStatus', { id: asked.id, status: 'APPROVED' });
      await app.call('forms.submit', {
        formId: form.id,
        answers: [{ questionId: form.questions[0]!.id, value: 'Train' }],
      });
      madeBetween = [before, clock.now().toISOString()];
      // A minute on the train (on the clock the app and the service share): they arrive well after
      // they were made.
      clock.advance(60_000);
    });
    const arrived = clock.now().toISOString();
    await app.call('sync.now');
    const decided = (await alice!<Leave>('GET', `/api/leave/${asked.id}`)).body;
    expect(decided.status).toBe('APPROVED');
    expect(decided.reviewedAt! >= madeBetween[0] && decided.reviewedAt! <= madeBetween[1]).toBe(true);
    expect(decided.updatedAt >= arrived).toBe(true);
    const responses = (await admin!<{ data: { submittedAt: string }[] }>('GET', `/api/forms/${form.id}/responses`)).body
      .data;
    expect(responses).toHaveLength(1);
    expect(responses[0]!.submittedAt >= madeBetween[0] && responses[0]!.submittedAt <= madeBetween[1]).toBe(true);
  });

  it('notifications read offline are read on the service', async () => {
    await app.signIn(service.url, 'manager@acme.test');
    await app.call('sync.now');
    const api = await service.as('manager@acme.test');
    const unread = (await app.call('notifications.list', { unreadOnly: true })).data;
    expect(unread.length).toBeGreaterThan(1);
    await service.down(async () => {
      await app.call('notifications.markRead', { id: unread[0]!.id });
      expect((await app.call('notifications.list', {})).unreadCount).toBe(unread.length - 1);
    });
    await app.call('sync.now');
    const one = (await api<{ data: { id: string; read: boolean }[] }>('GET', '/api/notifications?limit=100')).body.data;
    expect(one.find((n) => n.id === unread[0]!.id)?.read).toBe(true);
    expect(one.filter((n) => !n.read)).toHaveLength(unread.length - 1);

    await service.down(async () => {
      await app.call('notifications.markRead', { id: unread[1]!.id });
      await app.call('notifications.markAllRead');
      expect((await app.call('notifications.list', {})).unreadCount).toBe(0);
      expect((await app.call('sync.status')).pending).toBe(1);
    });
    await app.call('sync.now');
    const all = (await api<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body;
    expect(all.meta.unreadCount).toBe(0);
  });
});
