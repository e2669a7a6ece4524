import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  nativeTheme,
  Notification,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
  utilityProcess,
} from 'electron';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ask } from '../launch/appBackend';
import { BACKEND_EXEC_ARGV } from '../launch/backendProtocol';
import { BackendSupervisor } from '../launch/backendSupervisor';
import type { CacheKey } from '../core/cache/cacheKey';
import { fileLog, logCrashes } from '../core/log/appLog';
import { notifyOnDesktop } from './desktopNotifications';
import { startDesktopShell } from './desktopShell';
import type { Theme } from './shellMenus';
import { placeWindow, readWindowState, writeWindowState, MIN_WINDOW } from './windowState';
import { sendToApp, serveIpc } from './ipcHost';
import { safeStorageCacheKey } from './safeStorageCacheKey';
import { SafeStorageTokenStore } from './safeStorageTokens';
import { CONTENT_SECURITY_POLICY, secureWebPreferences, trustedPage } from './windowSecurity';

const RENDERER_ENTRY =
  process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(__dirname, '../renderer/index.html')).href;
/** The app's page, and where its events go. */
const appWindows = {
  trusted: trustedPage(RENDERER_ENTRY),
  windows: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
};
// Held until closed: a notification the collector took would lose its click.
const shownNotes = new Set<Notification>();

/**
 * The SQLite addon built for Electron's ABI by `npm start` (@electron/rebuild) beside Node's own
 * build, which the tests need; the backend's process loads it. A packaged app has its modules
 * rebuilt for Electron as it is packed and needs neither.
 */
function electronBinding(): string | undefined {
  const path = join(app.getAppPath(), 'native', `electron-${process.versions.electron}`, 'better_sqlite3.node');
  return existsSync(path) ? path : undefined;
}

/** The app's window brought forward, or null when there is none. */
function showWindow(): BrowserWindow | null {
  const [win] = BrowserWindow.getAllWindows();
  if (!win) return null;
  if (win.isMinimized()) win.restore();
  win.focus();
  return win;
}

const userFile = (name: string) => join(app.getPath('userData'), name);

/** Light, dark or as the system, chosen in View › Theme and kept for the next start. */
function readTheme(): Theme {
  try {
    const { theme } = JSON.parse(readFileSync(userFile('appearance.json'), 'utf8')) as { theme?: unknown };
    return theme === 'light' || theme === 'dark' ? theme : 'system';
  } catch {
    return 'system';
  }
}

function createWindow(): BrowserWindow {
  // Where it was when it last closed, if that display is still there.
  const stateFile = userFile('window-state.json');
  const place = placeWindow(
    readWindowState(stateFile),
    screen.getAllDisplays().map((d) => d.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  const win = new BrowserWindow({
    x: place.x,
    y: place.y,
    width: place.width,
    height: place.height,
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    show: false,
    title: 'HR Offline',
    webPreferences: secureWebPreferences(join(__dirname, '../preload/preload.js')),
  });
  win.once('ready-to-show', () => {
    if (place.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => writeWindowState(stateFile, { ...win.getNormalBounds(), maximized: win.isMaximized() }));

  // Links open in the system browser; the app window never navigates away from the app.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  void win.loadURL(RENDERER_ENTRY);
  return win;
}

// Two instances would share one cache file per account: the second hands over to the first and
// starts nothing.
const firstInstance = app.requestSingleInstanceLock();
if (!firstInstance) app.quit();
app.enableSandbox();

let backend: BackendSupervisor | null = null;
let cacheKey: CacheKey | null = null;
let tray: Tray | null = null;

app.on('second-instance', () => void showWindow());

void app.whenReady().then(async () => {
  if (!firstInstance) return;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
  // No permission (camera, notifications via the web API, …) is granted to web content.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  // The main process's log (the backend's too, while it runs here), for support: Help › Open Logs Folder.
  const { log, flush } = await fileLog(app.getPath('logs'), 'main');
  logCrashes(log, flush);
  log.info({ version: app.getVersion(), electron: process.versions.electron }, 'started');
  const dataDir = app.getPath('userData');
  try {
    cacheKey = safeStorageCacheKey(join(dataDir, 'cache-key.sealed'), safeStorage);
  } catch (error) {
    log.fatal({ err: error }, 'could not start');
    flush();
    dialog.showErrorBox('HR Offline could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return;
  }
  // The caches, the sync engine and the demo service run in a process of their own: a long sync
  // never holds up a window or a menu, and a crash of theirs is restarted, not the app's.
  backend = new BackendSupervisor({
    spawn: () => {
      const child = utilityProcess.fork(join(__dirname, 'backend.js'), [], {
        serviceName: 'HR Offline backend',
        execArgv: [...BACKEND_EXEC_ARGV],
      });
      return {
        send: (message) => child.postMessage(message),
        onMessage: (listener) => void child.on('message', listener),
        onExit: (listener) => void child.on('exit', listener),
        kill: () => void child.kill(),
      };
    },
    tokens: new SafeStorageTokenStore(join(dataDir, 'tokens.sealed.json'), safeStorage),
    start: {
      dataDir,
      serviceUrl: process.env.HR_SERVICE_URL,
      cacheKey: { hex: cacheKey.key.toString('hex'), kept: cacheKey.kept },
      nativeBinding: electronBinding(),
      logDir: app.getPath('logs'),
    },
  });
  backend.on((name, payload) => {
    if (name === 'backend.status') log.warn({ state: (payload as { state: string }).state }, 'backend process');
  });
  await backend.started;
  serveIpc({ ipcMain, backend, ...appWindows });
  notifyOnDesktop({
    backend,
    now: () => new Date(),
    appFocused: () => BrowserWindow.getFocusedWindow() !== null,
    show: (note, onClick) => {
      if (!Notification.isSupported()) return;
      const shown = new Notification(note);
      shownNotes.add(shown);
      shown.on('click', onClick);
      shown.on('close', () => shownNotes.delete(shown));
      shown.show();
    },
    open: (notification) => {
      // A window opened now starts on its own page; one that is there is taken to the notification.
      if (showWindow()) sendToApp(appWindows, 'notification.open', { notification });
      else createWindow();
    },
  });
  nativeTheme.themeSource = readTheme();
  startDesktopShell({
    backend,
    platform: process.platform,
    theme: () => nativeTheme.themeSource,
    electron: {
      setApplicationMenu: (template) => Menu.setApplicationMenu(Menu.buildFromTemplate(template)),
      setTray: (tooltip, template) => {
        tray ??= new Tray(nativeImage.createFromPath(join(app.getAppPath(), 'resources', 'tray.png')));
        tray.setToolTip(tooltip);
        tray.setContextMenu(Menu.buildFromTemplate(template));
      },
      setBadge: (count) => void app.setBadgeCount(count),
    },
    actions: {
      openView: (view) => {
        if (showWindow()) sendToApp(appWindows, 'view.open', { view });
        else createWindow();
      },
      setTheme: (theme) => {
        nativeTheme.themeSource = theme;
        writeFileSync(userFile('appearance.json'), `${JSON.stringify({ theme })}\n`);
      },
      openLogs: () => {
        const logs = app.getPath('logs');
        mkdirSync(logs, { recursive: true });
        void shell.openPath(logs);
      },
      about: () =>
        void dialog.showMessageBox({
          type: 'info',
          title: 'About HR Offline',
          message: `HR Offline ${app.getVersion()}`,
          detail: [
            `Electron ${process.versions.electron}`,
            `Chromium ${process.versions.chrome}`,
            `Node.js ${process.versions.node}`,
          ].join('\n'),
        }),
      show: () => void (showWindow() ?? createWindow()),
      quit: () => app.quit(),
    },
  });
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

// The caches and the demo service close before the process ends (their logs are checkpointed).
let closed = false;
let quitting = false;
app.on('before-quit', (event) => {
  if (!backend || closed) return;
  event.preventDefault();
  if (quitting) return;
  quitting = true;
  const running = backend;
  void (async () => {
    // With no keychain the key dies with the process, and with it what was not sent yet.
    const status = cacheKey?.kept === false ? await ask(running, 'sync.status', undefined).catch(() => null) : null;
    const pending = status?.pending ?? 0;
    if (
      pending > 0 &&
      dialog.showMessageBoxSync({
        type: 'warning',
        buttons: ['Quit and lose them', 'Stay'],
        defaultId: 1,
        cancelId: 1,
        title: 'Changes not sent',
        message: `${pending} change${pending === 1 ? ' has' : 's have'} not reached the service yet.`,
        detail:
          'This computer has no keychain to protect the local copy, so it is kept for this session only: quitting now loses them. Connect and sync first.',
      }) === 1
    ) {
      quitting = false;
      return;
    }
    closed = true;
    await running.close();
    app.quit();
  })();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
