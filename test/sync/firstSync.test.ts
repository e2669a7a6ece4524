import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCallName } from '../../src-shared/appApi';
import type { Calendar } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;

beforeAll(async () => {
  service = await new ServiceProcess(8).start();
});
afterAll(async () => {
  await service.dispose();
});

type Total = { meta: { total: number } };

describe('a fresh account syncs everything its role may read', () => {
  it.each(['alice@acme.test', 'manager@acme.test', 'admin@acme.test'])(
    '%s: the cache holds what the service holds, and answers the same with the service stopped',
    async (email) => {
      const app = new TestBackend();
      try {
        const account = await app.signIn(service.url, email);
        const status = await app.call('sync.now');
        expect(status).toMatchObject({ online: true, pending: 0, conflicts: 0, lastError: null, phase: 'idle' });
        expect(status.lastSyncedAt).not.toBeNull();

        const api = await service.as(email);
        const total = async (path: string) => (await api<Total>('GET', path)).body.meta.total;
        const trainings = await app.call('trainings.list', { pageSize: 500 });
        expect(trainings.meta.total).toBe(await total('/api/trainings?pageSize=1'));
        expect(trainings.meta.total).toBeGreaterThan(0);
        expect((await app.call('leave.mine', {})).meta.total).toBe(
          await total(`/api/leave?userId=${account.userId}&pageSize=1`),
        );
        expect((await app.call('users.list', {})).meta.total).toBe(await total('/api/users?pageSize=1'));
        const notifications = await app.call('notifications.list', {});
        expect(notifications.meta.total).toBe(await total('/api/notifications?limit=1'));
        expect(notifications.unreadCount).toBe(
          (await api<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta.unreadCount,
        );
        const refs = await app.call('trainings.references');
        expect(refs.categories.length).toBeGreaterThanOrEqual(6);
        expect((await app.call('departments.list')).length).toBe(6);
        if (email !== 'alice@acme.test') {
          expect((await app.call('leave.team', {})).meta.total).toBe(await total('/api/leave/team?pageSize=1'));
          // All of them at once: the view windows the list itself.
          const waiting = await app.call('leave.pendingApprovals', {});
          expect(waiting.meta.total).toBe(await total('/api/leave/pending-approvals?pageSize=1'));
          expect(waiting.data).toHaveLength(waiting.meta.total);
        }
        if (email === 'admin@acme.test') {
          const forms = await app.call('forms.list', {});
          expect(forms.meta.total).toBe(await total('/api/forms?limit=1'));
          const busiest = forms.data.reduce((a, b) => (b.responseCount > a.responseCount ? b : a));
          expect((await app.call('forms.responses', { id: busiest.id })).meta.total).toBe(busiest.responseCount);
          expect((await app.call('forms.analytics', { id: busiest.id }))?.analytics?.responseCount).toBe(
            busiest.responseCount,
          );
        } else {
          // What the service sent, with where each stands here beside it.
          const mine = (await app.call('forms.assigned')).map(
            ({
              state: _s,
              draftSavedAt: _d,
              sentAt: _t,
              refusal: _r,
              refusalIssues: _i,
              refusedAnswers: _a,
              answersKept: _k,
              ...form
            }) => form,
          );
          expect(mine).toEqual((await api<{ data: unknown[] }>('GET', '/api/forms/assigned')).body.data);
        }
        const today = new Date().toISOString().slice(0, 10);
        const calendarArgs = {
          startDate: today,
          endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        };

        // Every read, online and then with the service stopped.
        const reads: [AppCallName, unknown][] = [
          ['trainings.list', { pageSize: 50, sortBy: 'expiryDate' }],
          ['trainings.list', { search: 'safety' }],
          ['leave.mine', {}],
          ['leave.upcoming', {}],
          ['users.list', { search: 'a' }],
          ['notifications.list', { unreadOnly: true }],
          ['calendar.range', calendarArgs],
          ['forms.assigned', undefined],
          ['sync.status', undefined],
          ['users.me', undefined],
          ['departments.list', undefined],
          ['trainings.references', undefined],
          ['trainings.list', { expiry: 'expiring' }],
          ['conflicts.list', undefined],
          ['session.current', undefined],
          ...(email === 'alice@acme.test'
            ? []
            : ([
                ['leave.team', { status: 'PENDING' }],
                ['leave.pendingApprovals', {}],
              ] as [AppCallName, unknown][])),
          ...(email === 'admin@acme.test'
            ? ([
                ['forms.list', { status: 'PUBLISHED' }],
                ['forms.list', { search: 'survey' }],
              ] as [AppCallName, unknown][])
            : []),
        ];
        const servedCalendar = (
          await api<Calendar>(
            'GET',
            `/api/leave/calendar?startDate=${today}&endDate=${new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)}`,
          )
        ).body;
        const before = await Promise.all(
          reads.map(([name, args]) => (app.backend.handlers[name] as (a: unknown) => Promise<unknown>)(args)),
        );
        await service.stop();
        try {
          const after = await Promise.all(
            reads.map(([name, args]) => (app.backend.handlers[name] as (a: unknown) => Promise<unknown>)(args)),
          );
          expect(after).toEqual(before);
          if (email === 'admin@acme.test') {
            const forms = (await app.call('forms.list', {})).data;
            for (const form of forms.slice(0, 3)) {
              const { distributedCount: _sent, ...record } = form;
              expect(await app.call('forms.get', { id: form.id })).toEqual(record);
              expect((await app.call('forms.responses', { id: form.id })).meta.total).toBe(form.responseCount);
              expect((await app.call('forms.analytics', { id: form.id }))?.analytics?.formId).toBe(form.id);
            }
          }
          const calendar = before[6] as { users: { user: { id: string }; holidays: unknown[] }[] };
          expect(calendar.users.some((u) => u.user.id === account.userId)).toBe(true);
          // Each person's public holidays offline are the service's (stored once per country).
          const quarter = {
            startDate: today,
            endDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
          };
          const holidaysByPerson = (c: Calendar) => new Map(c.users.map((u) => [u.user.id, u.holidays]));
          const offlineCalendar = await app.call('calendar.range', quarter);
          // People in name order, as SQLite's NOCASE compares (ASCII letters folded), then by id.
          const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
          const sortKey = (u: { lastName: string; firstName: string; id: string }) =>
            [fold(u.lastName), fold(u.firstName), u.id] as const;
          const people = offlineCalendar.users.map((u) => u.user);
          const inOrder = [...people].sort((a, b) => {
            const [x, y] = [sortKey(a), sortKey(b)];
            for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
            return 0;
          });
          expect(people.map((u) => u.id)).toEqual(inOrder.map((u) => u.id));
          expect(people.length).toBeGreaterThan(1);
          const offline = holidaysByPerson(offlineCalendar);
          expect([...offline.values()].filter((h) => h.length > 0).length).toBeGreaterThan(1);
          expect(offline).toEqual(holidaysByPerson(servedCalendar));
          // Everyone's leave as the service shows it: the scope's from the leave lists, the rest
          // from the calendar's answer, which leaves the scope's out (no second copy).
          const leaveIds = (c: Calendar) => new Map(c.users.map((u) => [u.user.id, u.leave.map((l) => l.id).sort()]));
          expect(leaveIds(offlineCalendar)).toEqual(leaveIds(servedCalendar));
          expect(servedCalendar.users.flatMap((u) => u.leave).length).toBeGreaterThan(0);
        } finally {
          await service.start();
        }
      } finally {
        app.dispose();
      }
    },
  );

  it('signs out, keeping or deleting the local data as asked', async () => {
    const app = new TestBackend();
    try {
      const kept = await app.signIn(service.url, 'carol@acme.test');
      // The cache's log is copied back by a thread of its own, as the service's is: the
      // connection checkpoints for itself only past that thread's fallback.
      expect(app.backend.account!.db.pragma('wal_autocheckpoint', { simple: true })).toBeGreaterThan(10_000);
      await app.call('sync.now');
      await app.call('session.signOut', { deleteLocalData: false });
      // The cache is closed: its connection, the last, took the log with it. (That the thread's
      // connection is closed before it is, test/node/checkpointer.test.ts checks strictly.)
      const cache = join(app.dataDir, 'accounts', `${kept.id}.sqlite`);
      expect(existsSync(`${cache}-wal`)).toBe(false);
      expect(await app.call('session.current')).toBeNull();
      expect(await app.tokens.get(kept.id)).toBeNull();
      expect((await app.call('session.accounts')).map((a) => [a.email, a.signedIn])).toEqual([
        ['carol@acme.test', false],
      ]);
      expect(existsSync(join(app.dataDir, 'accounts', `${kept.id}.sqlite`))).toBe(true);

      await app.signIn(service.url, 'carol@acme.test');
      await app.call('session.signOut', { deleteLocalData: true });
      expect(existsSync(join(app.dataDir, 'accounts', `${kept.id}.sqlite`))).toBe(false);
      expect(await app.call('session.accounts')).toEqual([]);
      await expect(app.call('trainings.list', {})).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    } finally {
      app.dispose();
    }
  });

  it('reopens a signed-in account from its cache with no network', async () => {
    const dir = new TestBackend();
    try {
      const first = await dir.signIn(service.url, 'bob@acme.test');
      await dir.call('sync.now');
      const trainings = await dir.call('trainings.list', {});
      await dir.call('session.signOut', { deleteLocalData: false });
      await service.stop();
      try {
        const reopened = await dir.call('session.open', { accountId: first.id });
        expect(reopened.email).toBe('bob@acme.test');
        expect(await dir.call('trainings.list', {})).toEqual(trainings);
        expect((await dir.call('session.accounts')).map((a) => a.email)).toEqual(['bob@acme.test']);
      } finally {
        await service.start();
      }
    } finally {
      dir.dispose();
    }
  });
});
