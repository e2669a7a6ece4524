// The one app API: calls and events the renderer uses, whatever carries them (IPC, WebSocket, direct).
export * from './types';
export * from './bridgeProtocol';
