import { inProcess } from '../../src-main/launch/appBackend';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Leave, Notification } from '../../src-shared/wire';
import { notifyOnDesktop } from '../../src-main/electron/desktopNotifications';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
let app: TestBackend;
let focused = false;
const shown: { title: string; body: string; click: () => void }[] = [];
const opened: (Notification | null)[] = [];
let stop: () => void;
let week = 0;
/** The notifier's looks at the unread notifications, each made once a sync changed them. */
let looks = 0;
/** How often it asked whether the app has the focus: only when it had something new to say. */
let focusAsked = 0;

/** Syncs, and waits until the notifier has looked at what the sync brought (and said what it had to). */
async function syncAndLook(): Promise<void> {
  const before = looks;
  await app.call('sync.now');
  await vi.waitFor(() => expect(looks).toBeGreaterThan(before));
}

/** Alice asks for a week of leave on the service; her manager is told there. */
async function aliceAsksForLeave(): Promise<Leave> {
  const alice = await service.as('alice@acme.test');
  const monday = new Date(Date.UTC(2028, 0, 3 + 7 * week++)).toISOString().slice(0, 10);
  const friday = new Date(Date.parse(monday) + 4 * 86_400_000).toISOString().slice(0, 10);
  const res = await alice<Leave>('POST', '/api/leave', { startDate: monday, endDate: friday, type: 'UNPAID' });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  service = await new ServiceProcess(6).start();
  // An unread notification from before the app's first sync, whatever the demo data holds on this date.
  await aliceAsksForLeave();
  app = new TestBackend();
  await app.signIn(service.url, 'manager@acme.test');
  await app.call('sync.now');
  const backend = inProcess(app.backend);
  stop = notifyOnDesktop({
    backend: {
      on: backend.on,
      // What it does with the list it reads runs at once (no await after it): a look counted is done.
      call: async (call, args) => {
        const reply = await backend.call(call, args);
        if (call === 'notifications.list') looks += 1;
        return reply;
      },
    },
    now: () => new Date(),
    appFocused: () => {
      focusAsked += 1;
      return focused;
    },
    show: (note, click) => shown.push({ ...note, click }),
    open: (n) => opened.push(n),
  });
});
afterAll(async () => {
  stop();
  app.dispose();
  await service.dispose();
});

describe('desktop notifications of what a sync brought', () => {
  it("tells the manager of a new request, not of the demo data's old unread ones; a click opens that request", async () => {
    const before = (await app.call('notifications.list', { unreadOnly: true })).unreadCount;
    expect(before).toBeGreaterThan(0);
    const leave = await aliceAsksForLeave();
    await syncAndLook();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toMatch(/leave/i);
    shown[0]!.click();
    expect(opened).toEqual([expect.objectContaining({ data: expect.objectContaining({ leaveId: leave.id }) })]);

    // The next sync brings nothing new: nothing more is said.
    await syncAndLook();
    expect(shown).toHaveLength(1);
  });

  it('says nothing while the app has the focus, and does not repeat it later', async () => {
    focused = true;
    await aliceAsksForLeave();
    const asked = focusAsked;
    await syncAndLook();
    // It had something new (it asked about the focus), and said nothing.
    expect(focusAsked).toBe(asked + 1);
    expect(shown).toHaveLength(1);
    focused = false;
    await syncAndLook();
    expect(shown).toHaveLength(1);
  });

  it('many at once make one notification that opens the list', async () => {
    for (let i = 0; i < 4; i++) await aliceAsksForLeave();
    await syncAndLook();
    expect(shown).toHaveLength(2);
    expect(shown[1]!.title).toBe('4 new notifications');
    expect(shown[1]!.body.split('\n')).toHaveLength(4);
    shown[1]!.click();
    expect(opened.at(-1)).toBeNull();
  });
});
