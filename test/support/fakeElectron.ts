import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * A stand-in for the Electron binary (it cannot be downloaded here): the parts of its API the
 * main process and preload use, recording what they were asked. IPC goes from the fake
 * ipcRenderer to the handler the main process registered, with the sender frame a test chooses.
 */
export type Listener = (...args: unknown[]) => unknown;
export interface Frame {
  url: string;
  parent: Frame | null;
}

export class FakeWebContents {
  readonly sent: [string, ...unknown[]][] = [];
  readonly listeners = new Map<string, Listener>();
  openHandler: Listener | null = null;
  url = '';
  destroyed = false;
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, ...args]);
  }
  isDestroyed() {
    return this.destroyed;
  }
  getURL() {
    return this.url;
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
  }
  setWindowOpenHandler(handler: Listener) {
    this.openHandler = handler;
  }
}

export function fakeElectron(dirs: { userData: string; appPath: string }, options: { firstInstance?: boolean } = {}) {
  const windows: FakeBrowserWindow[] = [];
  const appListeners = new Map<string, Listener[]>();
  const handlers = new Map<string, Listener>();
  const rendererListeners = new Map<string, Set<Listener>>();
  const exposed = new Map<string, unknown>();
  const state = {
    quits: 0,
    exitCode: null as number | null,
    sandboxEnforced: false,
    headersHook: null as Listener | null,
    permissionHook: null as Listener | null,
    /** The frame the fake ipcRenderer's calls come from. */
    senderFrame: null as Frame | null,
    focused: null as unknown,
    /** The application menu and the tray's, as last set; the tray's words; the badge. */
    menu: [] as unknown[],
    trayMenu: [] as unknown[],
    tooltip: '',
    badge: 0,
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1050 } }],
    /** The backend processes started (utilityProcess.fork), as Node forks of the built entry. */
    utilities: [] as ChildProcess[],
  };

  const notes: FakeNotification[] = [];
  class FakeNotification {
    readonly listeners = new Map<string, Listener>();
    shown = false;
    constructor(readonly options: { title: string; body: string }) {
      notes.push(this);
    }
    static isSupported() {
      return true;
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
    }
    show() {
      this.shown = true;
    }
  }

  class FakeBrowserWindow {
    readonly webContents = new FakeWebContents();
    readonly listeners = new Map<string, Listener>();
    maximized = false;
    constructor(
      readonly options: {
        x?: number;
        y?: number;
        width?: number;
        height?: number;
        webPreferences?: Record<string, unknown>;
      },
    ) {
      windows.push(this);
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
    }
    getNormalBounds() {
      const { x = 0, y = 0, width = 800, height = 600 } = this.options;
      return { x, y, width, height };
    }
    isMaximized() {
      return this.maximized;
    }
    maximize() {
      this.maximized = true;
    }
    static getAllWindows() {
      return windows;
    }
    static getFocusedWindow() {
      return state.focused;
    }
    once() {}
    async loadURL(url: string) {
      this.webContents.url = url;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {
      state.focused = this;
    }
  }

  // Sealing that is not plain text, and that only this "keychain" opens.
  const SEAL = 'sealed:';
  const electron = {
    app: {
      requestSingleInstanceLock: () => options.firstInstance ?? true,
      enableSandbox: () => void (state.sandboxEnforced = true),
      whenReady: () => Promise.resolve(),
      getPath: (name: string) => {
        if (name === 'logs') return join(dirs.userData, 'logs');
        if (name !== 'userData') throw new Error(`getPath(${name}) is not faked`);
        return dirs.userData;
      },
      getVersion: () => '0.0.0-test',
      setBadgeCount: (count: number) => {
        state.badge = count;
        return true;
      },
      getAppPath: () => dirs.appPath,
      on: (event: string, listener: Listener) =>
        appListeners.set(event, [...(appListeners.get(event) ?? []), listener]),
      quit: () => {
        state.quits += 1;
        let prevented = false;
        for (const l of appListeners.get('before-quit') ?? []) l({ preventDefault: () => (prevented = true) });
        return prevented;
      },
      exit: (code: number) => void (state.exitCode = code),
    },
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    dialog: {
      showErrorBox: (title: string, message: string) => {
        throw new Error(`${title}: ${message}`);
      },
    },
    ipcMain: {
      handle: (channel: string, handler: Listener) => handlers.set(channel, handler),
    },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        // Like Electron: what crosses is a structured clone.
        return structuredClone(await handler({ senderFrame: state.senderFrame }, ...structuredClone(args)));
      },
      on: (channel: string, listener: Listener) => {
        let set = rendererListeners.get(channel);
        if (!set) rendererListeners.set(channel, (set = new Set()));
        set.add(listener);
      },
      removeListener: (channel: string, listener: Listener) => rendererListeners.get(channel)?.delete(listener),
    },
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (text: string) => Buffer.from(SEAL + Buffer.from(text).toString('hex')),
      decryptString: (sealed: Buffer) => {
        const text = sealed.toString();
        if (!text.startsWith(SEAL)) throw new Error('Error while decrypting the ciphertext provided to safeStorage');
        return Buffer.from(text.slice(SEAL.length), 'hex').toString();
      },
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (hook: Listener) => void (state.headersHook = hook) },
        setPermissionRequestHandler: (hook: Listener) => void (state.permissionHook = hook),
      },
    },
    shell: { openExternal: async () => undefined, openPath: async () => '' },
    // A utility process is, for the test, a Node fork of the same built file: its entry takes the
    // IPC channel when there is no parentPort.
    utilityProcess: {
      fork: (modulePath: string, _args: string[], options: { execArgv?: string[] }) => {
        const child = fork(modulePath, [], {
          stdio: 'ignore',
          execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
        });
        state.utilities.push(child);
        return {
          postMessage: (message: unknown) => void (child.connected && child.send(message as never)),
          on: (event: 'message' | 'exit', listener: Listener) => {
            child.on(event, (...args: unknown[]) => listener(...args));
          },
          kill: () => child.kill(),
        };
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => template,
      setApplicationMenu: (menu: unknown[]) => void (state.menu = menu),
    },
    Tray: class {
      constructor(readonly image: unknown) {}
      setToolTip(text: string) {
        state.tooltip = text;
      }
      setContextMenu(menu: unknown[]) {
        state.trayMenu = menu;
      }
    },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
    nativeTheme: { themeSource: 'system' },
    screen: {
      getAllDisplays: () => state.displays,
      getPrimaryDisplay: () => state.displays[0]!,
    },
  };

  /** Delivers what the main process sent a window to the preload's listeners, as Electron would. */
  const deliver = (contents: FakeWebContents) => {
    for (const [channel, ...args] of contents.sent.splice(0)) {
      for (const listener of rendererListeners.get(channel) ?? []) listener({}, ...structuredClone(args));
    }
  };

  return { electron, windows, notes, handlers, exposed, state, deliver };
}

export type FakeElectron = ReturnType<typeof fakeElectron>;

/**
 * Runs a built bundle with `require('electron')` answered by the fake. The real package's entry
 * is never run (it would fetch the binary).
 */
export function runWithElectron(fake: FakeElectron, bundle: string): void {
  const requireHere = createRequire(join(__dirname, '..', '..', 'package.json'));
  const electronEntry = requireHere.resolve('electron');
  const cache = requireHere.cache as Record<string, unknown>;
  cache[electronEntry] = { id: electronEntry, filename: electronEntry, loaded: true, exports: fake.electron };
  Reflect.deleteProperty(cache, bundle);
  try {
    requireHere(bundle);
  } finally {
    Reflect.deleteProperty(cache, electronEntry);
  }
}
