import type { MenuItemConstructorOptions } from 'electron';
import { VIEW_NAMES, VIEWS, type View } from '@shared/appApi';

/** A menu item as Electron builds it (tests read templates without importing Electron). */
export type MenuItem = MenuItemConstructorOptions;

export type Theme = 'system' | 'light' | 'dark';

/** What the menus show, read from the backend each time they are rebuilt. */
export interface ShellState {
  signedIn: boolean;
  workingOffline: boolean;
  unread: number;
  pending: number;
  theme: Theme;
}

/** What the menus do: each one call of the app API or of the shell. */
export interface ShellActions {
  syncNow(): void;
  setWorkOffline(on: boolean): void;
  signOut(): void;
  openView(view: View): void;
  setTheme(theme: Theme): void;
  openLogs(): void;
  about(): void;
  show(): void;
  quit(): void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Sync Now and the Work Offline switch: the same two items in the File menu and the tray's. */
function syncItems(state: ShellState, actions: ShellActions): MenuItemConstructorOptions[] {
  return [
    {
      label: 'Sync Now',
      accelerator: 'CmdOrCtrl+R',
      enabled: state.signedIn && !state.workingOffline,
      click: () => actions.syncNow(),
    },
    {
      label: 'Work Offline',
      type: 'checkbox',
      checked: state.workingOffline,
      click: () => actions.setWorkOffline(!state.workingOffline),
    },
  ];
}

function fileItems(state: ShellState, actions: ShellActions): MenuItemConstructorOptions[] {
  return [
    ...syncItems(state, actions),
    { type: 'separator' },
    { label: 'Sign Out', enabled: state.signedIn, click: () => actions.signOut() },
  ];
}

/**
 * The application menu by each platform's conventions: on macOS the app's own menu holds About
 * and Quit; elsewhere File ends with Quit (Exit) and Help holds About.
 */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  state: ShellState,
  actions: ShellActions,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const about: MenuItemConstructorOptions = { label: 'About HR Offline', click: () => actions.about() };
  const quit: MenuItemConstructorOptions = {
    label: mac ? 'Quit HR Offline' : 'Quit',
    accelerator: mac ? 'Cmd+Q' : 'Ctrl+Q',
    click: () => actions.quit(),
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...VIEWS.map((view, i): MenuItemConstructorOptions => ({
        label: VIEW_NAMES[view],
        accelerator: `CmdOrCtrl+${i + 1}`,
        enabled: state.signedIn,
        click: () => actions.openView(view),
      })),
      { type: 'separator' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { role: 'resetZoom' },
      { type: 'separator' },
      {
        label: 'Theme',
        submenu: (['system', 'light', 'dark'] as const).map((theme) => ({
          label: theme === 'system' ? 'As the System' : theme === 'light' ? 'Light' : 'Dark',
          type: 'radio' as const,
          checked: state.theme === theme,
          click: () => actions.setTheme(theme),
        })),
      },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: 'Help',
    role: 'help',
    submenu: [{ label: 'Open Logs Folder', click: () => actions.openLogs() }, ...(mac ? [] : [about])],
  };
  return [
    ...(mac
      ? [
          {
            label: 'HR Offline',
            submenu: [
              about,
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              quit,
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { label: 'File', submenu: [...fileItems(state, actions), ...(mac ? [] : [{ type: 'separator' as const }, quit])] },
    { role: 'editMenu' },
    view,
    ...(mac ? [{ role: 'windowMenu' } satisfies MenuItemConstructorOptions] : []),
    help,
  ];
}

/** The tray icon's words on hover: what is unread and what waits to be sent. */
export function trayTooltip(state: ShellState): string {
  if (!state.signedIn) return 'HR Offline: not signed in';
  const parts = [plural(state.unread, 'unread notification', 'unread notifications')];
  parts.push(
    state.pending > 0 ? plural(state.pending, 'change waiting to sync', 'changes waiting to sync') : 'everything sent',
  );
  if (state.workingOffline) parts.push('working offline');
  return `HR Offline: ${parts.join(', ')}`;
}

export function trayMenuTemplate(state: ShellState, actions: ShellActions): MenuItemConstructorOptions[] {
  return [
    {
      label: state.signedIn ? plural(state.unread, 'unread notification', 'unread notifications') : 'Not signed in',
      enabled: state.signedIn && state.unread > 0,
      click: () => actions.openView('notifications'),
    },
    {
      label:
        state.pending > 0
          ? plural(state.pending, 'change waiting to sync', 'changes waiting to sync')
          : 'Everything sent',
      enabled: false,
    },
    { type: 'separator' },
    { label: 'Show HR Offline', click: () => actions.show() },
    ...syncItems(state, actions),
    { type: 'separator' },
    { label: 'Quit', click: () => actions.quit() },
  ];
}
