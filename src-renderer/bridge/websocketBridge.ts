import { BRIDGE_PATH, type BridgeMessage } from '@shared/appApi';
import { BridgeError, eventHub, openReply, type AppBridge } from './bridge';

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** The app API over the web host's WebSocket; reconnects if the host restarts. */
export function websocketBridge(key: string): AppBridge {
  const pending = new Map<number, Pending>();
  const events = eventHub();
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
        events.emit(message.event, message.payload);
        return;
      }
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      try {
        waiting.resolve(openReply(message));
      } catch (error) {
        waiting.reject(error);
      }
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
    on: events.on,
  };
}
