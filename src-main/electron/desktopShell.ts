import type { MenuItemConstructorOptions } from 'electron';
import type { AppEventName } from '@shared/appApi';
import { ask, type AppBackend } from '../launch/appBackend';
import {
  appMenuTemplate,
  trayMenuTemplate,
  trayTooltip,
  type ShellActions,
  type ShellState,
  type Theme,
} from './shellMenus';

/** The parts of Electron the shell uses: passed in, so tests run it with a stand-in. */
export interface ShellElectron {
  setApplicationMenu(template: MenuItemConstructorOptions[]): void;
  /** Shows the tray icon's words and menu (creating the icon the first time). */
  setTray(tooltip: string, template: MenuItemConstructorOptions[]): void;
  /** The dock or taskbar badge; 0 clears it. */
  setBadge(count: number): void;
}

export interface DesktopShellOptions {
  backend: AppBackend;
  electron: ShellElectron;
  platform: NodeJS.Platform;
  /** The shell's own deeds: windows, theme, logs, about, quit. */
  actions: Pick<ShellActions, 'openView' | 'setTheme' | 'openLogs' | 'about' | 'show' | 'quit'>;
  theme: () => Theme;
}

/** Events after which what the menus show may have changed. */
const WATCHED: readonly AppEventName[] = ['sync.status', 'session', 'changed', 'language'];

/**
 * The application menu, the tray icon and the badge, kept in step with the backend: unread
 * notifications, changes waiting, "Work offline", signed in or not. Their items call the app API
 * as the page would.
 */
export function startDesktopShell(options: DesktopShellOptions): { refresh: () => Promise<void>; stop: () => void } {
  const { backend, electron } = options;
  const actions: ShellActions = {
    ...options.actions,
    syncNow: () => void backend.call('sync.now', undefined),
    setWorkOffline: (on) => void backend.call('sync.workOffline', { on }).then(() => refresh()),
    signOut: () => void backend.call('session.signOut', { deleteLocalData: false }).then(() => refresh()),
    setTheme: (theme) => {
      options.actions.setTheme(theme);
      void refresh();
    },
  };

  const read = async (): Promise<ShellState> => {
    const signedIn = (await ask(backend, 'session.current', undefined)) !== null;
    if (!signedIn) {
      const info = await ask(backend, 'app.info', undefined);
      const { workingOffline, language: locale } = info;
      return { signedIn, workingOffline, unread: 0, pending: 0, theme: options.theme(), locale };
    }
    const [status, unread, info] = await Promise.all([
      ask(backend, 'sync.status', undefined),
      ask(backend, 'notifications.list', { unreadOnly: true, page: 1, pageSize: 1 }),
      ask(backend, 'app.info', undefined),
    ]);
    return {
      signedIn,
      workingOffline: status.workingOffline,
      unread: unread.unreadCount,
      pending: status.pending,
      theme: options.theme(),
      locale: info.language,
    };
  };

  let last = '';
  let queued = Promise.resolve();
  const apply = async () => {
    const state = await read();
    // Menus are rebuilt only when what they show changed (a sync's progress changes nothing here).
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    electron.setApplicationMenu(appMenuTemplate(options.platform, state, actions));
    electron.setTray(trayTooltip(state), trayMenuTemplate(state, actions));
    electron.setBadge(state.unread);
  };
  // A burst of events (a sync reports its progress page by page) makes one read after the one
  // under way, not one each: each read is four calls across to the backend's process.
  let waiting: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (waiting) return waiting;
    const next = queued.then(() => {
      waiting = null;
      return apply();
    });
    waiting = queued = next.catch(() => undefined);
    return waiting;
  };

  const off = backend.on((name) => {
    if (WATCHED.includes(name)) void refresh();
  });
  void refresh();
  return { refresh, stop: off };
}
