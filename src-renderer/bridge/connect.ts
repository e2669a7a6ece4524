import type { IpcTransport } from '@shared/appApi';
import type { AppBridge } from './bridge';
import { ipcBridge } from './ipcBridge';
import { websocketBridge } from './websocketBridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge). */
    hrApp?: IpcTransport;
  }
}

/** Electron's preload when there is one; otherwise the web host's WebSocket, with the key from the page URL. */
export function connectBridge(): AppBridge {
  if (window.hrApp) return ipcBridge(window.hrApp);
  const key = new URLSearchParams(location.search).get('key') ?? sessionStorage.getItem('bridgeKey') ?? '';
  sessionStorage.setItem('bridgeKey', key);
  return websocketBridge(key);
}
