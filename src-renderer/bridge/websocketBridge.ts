import { BRIDGE_PATH, type AppEventName, type BridgeMessage } from '../../src-shared/appApi';
import { BridgeError, type AppBridge } from './bridge';

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** The app API over the web host's WebSocket; reconnects if the host restarts. */
export function websocketBridge(key: string): AppBridge {
  const pending = new Map<number, Pending>();
  const listeners = new Map<AppEventName, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket;

  const connect = () => {
    socket = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${BRIDGE_PATH}?key=${encodeURIComponent(key)}`,
    );
    socket.addEventListener('open', () => {
      for (const message of queue.splice(0)) socket.send(message);
    });
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as BridgeMessage;
      if ('event' in message) {
        for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
        return;
      }
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if ('error' in message)
        waiting.reject(new BridgeError(message.error.code, message.error.message, message.error.details));
      else waiting.resolve(message.result);
    });
    socket.addEventListener('close', () => {
      for (const [id, waiting] of pending) {
        waiting.reject(new BridgeError('INTERNAL', 'The app lost its connection to its backend'));
        pending.delete(id);
      }
      setTimeout(connect, 1_000);
    });
  };
  connect();

  return {
    call(name, args) {
      const id = nextId++;
      const message = JSON.stringify({ id, call: name, args });
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        if (socket.readyState === WebSocket.OPEN) socket.send(message);
        else queue.push(message);
      });
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
}
