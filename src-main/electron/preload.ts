// The window's one door to the backend: two functions, never ipcRenderer itself.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CALL, IPC_EVENT, type AppEventName, type BridgeReply, type IpcTransport } from '@shared/appApi';

const hrApp = {
  call: (call, args) => ipcRenderer.invoke(IPC_CALL, call, args) as Promise<BridgeReply>,
  onEvent(listener) {
    const relay = (_event: IpcRendererEvent, name: AppEventName, payload: unknown) => listener(name, payload);
    ipcRenderer.on(IPC_EVENT, relay);
    return () => void ipcRenderer.removeListener(IPC_EVENT, relay);
  },
} satisfies IpcTransport;

contextBridge.exposeInMainWorld('hrApp', hrApp);
