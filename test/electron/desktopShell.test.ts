import { inProcess } from '../../src-main/launch/appBackend';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDesktopShell } from '../../src-main/electron/desktopShell';
import type { View } from '../../src-shared/appApi';
import type { MenuItem, Theme } from '../../src-main/electron/shellMenus';
import { ShiftedClock } from '../support/shiftedClock';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

type Item = MenuItem;
/** An item by its path of labels, as a user goes through the menus. */
function find(items: Item[], ...path: string[]): Item {
  const [first, ...rest] = path;
  const item = items.find((i) => i.label === first);
  if (!item) throw new Error(`No menu item "${first}" among ${items.map((i) => i.label ?? i.role).join(', ')}`);
  return rest.length ? find(item.submenu as Item[], ...rest) : item;
}
const click = (item: Item) => (item.click as () => void)();

function recordingShell(platform: NodeJS.Platform, app: TestBackend) {
  const shown = { menu: [] as Item[], tooltip: '', tray: [] as Item[], badge: -1 };
  const did = { views: [] as View[], shows: 0, quits: 0, logs: 0, abouts: 0, theme: 'system' as Theme };
  const shell = startDesktopShell({
    backend: inProcess(app.backend),
    platform,
    theme: () => did.theme,
    electron: {
      setApplicationMenu: (t) => void (shown.menu = t),
      setTray: (tooltip, t) => Object.assign(shown, { tooltip, tray: t }),
      setBadge: (n) => void (shown.badge = n),
    },
    actions: {
      openView: (v) => void did.views.push(v),
      setTheme: (t) => void (did.theme = t),
      openLogs: () => void (did.logs += 1),
      about: () => void (did.abouts += 1),
      show: () => void (did.shows += 1),
      quit: () => void (did.quits += 1),
    },
  });
  return { shown, did, shell };
}

describe('the menus, the tray and the badge', () => {
  it('show what is unread and waiting, and their items call the app API', async () => {
    const clock = new ShiftedClock();
    const app = new TestBackend({ now: () => clock.now() });
    const { shown, did, shell } = recordingShell('linux', app);
    try {
      await vi.waitFor(() => expect(shown.tooltip).toBe('HR Offline: not signed in'));
      expect(find(shown.menu, 'File', 'Sign Out').enabled).toBe(false);

      await app.signIn(service.url, 'manager@acme.test');
      await app.call('sync.now');
      const manager = await service.as('manager@acme.test');
      const unread = (await manager<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta
        .unreadCount;
      expect(unread).toBeGreaterThan(0);
      await vi.waitFor(() => expect(shown.badge).toBe(unread));
      expect(shown.tooltip).toBe(`HR Offline: ${unread} unread notifications, everything sent`);
      expect(find(shown.tray, `${unread} unread notifications`).enabled).toBe(true);

      // Work offline from the tray: the backend stops sending, and the menus say so.
      click(find(shown.tray, 'Work Offline'));
      await vi.waitFor(() => expect(find(shown.menu, 'File', 'Work Offline').checked).toBe(true));
      expect((await app.call('sync.status')).workingOffline).toBe(true);
      expect(find(shown.menu, 'File', 'Sync Now').enabled).toBe(false);
      await app.call('notifications.markAllRead');
      await vi.waitFor(() =>
        expect(shown.tooltip).toBe('HR Offline: 0 unread notifications, 1 change waiting to sync, working offline'),
      );
      expect(shown.badge).toBe(0);

      // And back from the File menu: the change goes, and Sync Now syncs.
      click(find(shown.menu, 'File', 'Work Offline'));
      await vi.waitFor(async () =>
        expect(await app.call('sync.status')).toMatchObject({ workingOffline: false, pending: 0 }),
      );
      const before = (await app.call('sync.status')).lastSyncedAt;
      // A second on: the next sync's time is not this one's.
      clock.advance(1_000);
      click(find(shown.menu, 'File', 'Sync Now'));
      await vi.waitFor(async () => expect((await app.call('sync.status')).lastSyncedAt).not.toBe(before));

      // The views, the theme, the logs, about, show and quit go to the shell.
      click(find(shown.menu, 'View', 'Approvals'));
      click(find(shown.tray, '0 unread notifications'));
      expect(did.views).toEqual(['approvals', 'notifications']);
      expect(find(shown.menu, 'View', 'Calendar').accelerator).toBe('CmdOrCtrl+3');
      click(find(shown.menu, 'View', 'Theme', 'Dark'));
      await vi.waitFor(() => expect(find(shown.menu, 'View', 'Theme', 'Dark').checked).toBe(true));
      click(find(shown.menu, 'Help', 'Open Logs Folder'));
      click(find(shown.menu, 'Help', 'About HR Offline'));
      click(find(shown.tray, 'Show HR Offline'));
      click(find(shown.menu, 'File', 'Quit'));
      expect(did).toMatchObject({ theme: 'dark', logs: 1, abouts: 1, shows: 1, quits: 1 });

      // The page read in German: the menus and the tray follow at once.
      await app.call('app.language', { locale: 'de' });
      try {
        await vi.waitFor(() => expect(find(shown.menu, 'Datei', 'Jetzt synchronisieren').enabled).toBe(true));
        expect(find(shown.menu, 'Ansicht', 'Genehmigungen').accelerator).toBe('CmdOrCtrl+2');
        expect(shown.tooltip).toBe('HR Offline: 0 ungelesene Benachrichtigungen, alles gesendet');
      } finally {
        await app.call('app.language', { locale: 'en' });
      }
      await vi.waitFor(() => expect(find(shown.menu, 'File', 'Sync Now').enabled).toBe(true));

      click(find(shown.menu, 'File', 'Sign Out'));
      await vi.waitFor(() => expect(shown.tooltip).toBe('HR Offline: not signed in'));
      expect(await app.call('session.current')).toBeNull();
    } finally {
      shell.stop();
      app.dispose();
    }
  });

  it('read what they show once for a burst of events, not once per event', async () => {
    const app = new TestBackend();
    const inner = inProcess(app.backend);
    const calls: string[] = [];
    let fire: (() => void) | null = null;
    const counted = {
      call: (call: string, args: unknown) => {
        calls.push(call);
        return inner.call(call, args);
      },
      on: (listener: (name: 'sync.status', payload: never) => void) => {
        fire = () => listener('sync.status', undefined as never);
        return () => undefined;
      },
    };
    const shell = startDesktopShell({
      backend: counted as never,
      platform: 'linux',
      theme: () => 'system',
      electron: { setApplicationMenu: () => undefined, setTray: () => undefined, setBadge: () => undefined },
      actions: {
        openView: () => undefined,
        setTheme: () => undefined,
        openLogs: () => undefined,
        about: () => undefined,
        show: () => undefined,
        quit: () => undefined,
      },
    });
    try {
      await shell.refresh();
      const reads = () => calls.filter((c) => c === 'session.current').length;
      expect(reads()).toBe(1);
      // Forty progress reports while a read is under way: one more read, after it.
      const under = shell.refresh();
      for (let i = 0; i < 40; i++) fire!();
      await under;
      await shell.refresh();
      expect(reads()).toBe(3);
    } finally {
      shell.stop();
      app.dispose();
    }
  });

  it('follow the platform: the app menu with About and Quit on macOS, Quit under File elsewhere', async () => {
    const app = new TestBackend();
    const mac = recordingShell('darwin', app);
    const win = recordingShell('win32', app);
    try {
      await vi.waitFor(() => expect(mac.shown.menu.length).toBeGreaterThan(0));
      await vi.waitFor(() => expect(win.shown.menu.length).toBeGreaterThan(0));
      expect(mac.shown.menu.map((m) => m.label ?? m.role)).toEqual([
        'HR Offline',
        'File',
        'editMenu',
        'View',
        'windowMenu',
        'Help',
      ]);
      expect(find(mac.shown.menu, 'HR Offline', 'Quit HR Offline').accelerator).toBe('Cmd+Q');
      expect(() => find(mac.shown.menu, 'File', 'Quit')).toThrow();
      expect(win.shown.menu.map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'Help']);
      expect(find(win.shown.menu, 'File', 'Quit').accelerator).toBe('Ctrl+Q');
      expect(find(win.shown.menu, 'Help', 'About HR Offline')).toBeDefined();
    } finally {
      mac.shell.stop();
      win.shell.stop();
      app.dispose();
    }
  });
});
