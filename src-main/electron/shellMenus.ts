import type { MenuItemConstructorOptions } from 'electron';
import { VIEWS, type View } from '@shared/appApi';
import type { Locale } from '@shared/i18n/locales';
import { SHELL_MESSAGES as M } from '@shared/i18n/shellMessages';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { appWords } from '@shared/i18n/appWords';

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
  /** The page's language, which the menus speak. */
  locale: Locale;
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

/** A message of the shell in the page's language. */
const say = (state: ShellState, message: { id: string }, values?: Record<string, string | number>) =>
  appWords(state.locale)(message.id, values);

/** Sync Now and the Work Offline switch: the same two items in the File menu and the tray's. */
function syncItems(state: ShellState, actions: ShellActions): MenuItemConstructorOptions[] {
  return [
    {
      label: say(state, M.syncNow),
      accelerator: 'CmdOrCtrl+R',
      enabled: state.signedIn && !state.workingOffline,
      click: () => actions.syncNow(),
    },
    {
      label: say(state, M.workOffline),
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
    { label: say(state, M.signOut), enabled: state.signedIn, click: () => actions.signOut() },
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
  const about: MenuItemConstructorOptions = { label: say(state, M.about), click: () => actions.about() };
  const quit: MenuItemConstructorOptions = {
    label: say(state, M.quit, { mac: mac ? 'yes' : 'no' }),
    accelerator: mac ? 'Cmd+Q' : 'Ctrl+Q',
    click: () => actions.quit(),
  };
  const view: MenuItemConstructorOptions = {
    label: say(state, M.view),
    submenu: [
      ...VIEWS.map((view, i): MenuItemConstructorOptions => ({
        label: say(state, VIEW_MESSAGES[view]),
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
        label: say(state, M.theme),
        submenu: (['system', 'light', 'dark'] as const).map((theme) => ({
          label: say(state, M.themeName, { theme }),
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
    label: say(state, M.help),
    role: 'help',
    submenu: [{ label: say(state, M.openLogs), click: () => actions.openLogs() }, ...(mac ? [] : [about])],
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
    {
      label: say(state, M.file),
      submenu: [...fileItems(state, actions), ...(mac ? [] : [{ type: 'separator' as const }, quit])],
    },
    { role: 'editMenu' },
    view,
    ...(mac ? [{ role: 'windowMenu' } satisfies MenuItemConstructorOptions] : []),
    help,
  ];
}

/** The tray icon's words on hover: what is unread and what waits to be sent. */
export function trayTooltip(state: ShellState): string {
  if (!state.signedIn) return say(state, M.tooltipNotSignedIn);
  return say(state, M.tooltip, {
    unread: state.unread,
    pending: state.pending,
    offline: state.workingOffline ? 'yes' : 'no',
  });
}

export function trayMenuTemplate(state: ShellState, actions: ShellActions): MenuItemConstructorOptions[] {
  return [
    {
      label: state.signedIn ? say(state, M.unread, { count: state.unread }) : say(state, M.notSignedIn),
      enabled: state.signedIn && state.unread > 0,
      click: () => actions.openView('notifications'),
    },
    {
      label: state.pending > 0 ? say(state, M.waiting, { count: state.pending }) : say(state, M.everythingSent),
      enabled: false,
    },
    { type: 'separator' },
    { label: say(state, M.show), click: () => actions.show() },
    ...syncItems(state, actions),
    { type: 'separator' },
    { label: say(state, M.quit, { mac: 'no' }), click: () => actions.quit() },
  ];
}
