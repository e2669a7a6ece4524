import { answerCall } from '../core/app/answerCall';
import { fileLog, logCrashes } from '../core/log/appLog';
import type { TokenStore } from '../core/session/tokens';
import type { Channel, FromBackend, ToBackend } from './backendProtocol';
import { openDesktopBackend, type DesktopBackend } from './desktopBackend';

/**
 * The backend in a process of its own: the caches, the sync engine and the demo service, off the
 * main process, so a first sync of 30,000 records never holds up a window or a menu. It answers
 * the app API over `channel` and asks the main process for refresh tokens.
 */
export function serveBackend(channel: Channel<ToBackend, FromBackend>): void {
  let desktop: DesktopBackend | null = null;
  let starting: Promise<void> | null = null;
  const waiting = new Map<number, (value: string | null) => void>();
  let asked = 0;
  const ask = (op: 'get' | 'set' | 'delete', accountId: string, token?: string) =>
    new Promise<string | null>((resolve) => {
      const id = ++asked;
      waiting.set(id, resolve);
      channel.send({ type: 'tokens', id, op, accountId, ...(token === undefined ? {} : { token }) });
    });
  const tokens: TokenStore = {
    get: (accountId) => ask('get', accountId),
    set: async (accountId, token) => void (await ask('set', accountId, token)),
    delete: async (accountId) => void (await ask('delete', accountId)),
  };

  channel.onMessage((message) => {
    switch (message.type) {
      case 'start':
        starting = (async () => {
          const { options } = message;
          const logged = options.logDir ? await fileLog(options.logDir, 'backend') : null;
          if (logged) logCrashes(logged.log, logged.flush);
          desktop = await openDesktopBackend({
            dataDir: options.dataDir,
            tokens,
            serviceUrl: options.serviceUrl,
            nativeBinding: options.nativeBinding,
            cacheKey: options.cacheKey
              ? { key: Buffer.from(options.cacheKey.hex, 'hex'), kept: options.cacheKey.kept }
              : null,
            sync: options.sync,
            log: logged?.log,
          });
          desktop.backend.on((name, payload) => channel.send({ type: 'event', name, payload }));
          channel.send({ type: 'ready', demoServiceUrl: desktop.demo?.url ?? null });
        })();
        return;
      case 'call':
        void (async () => {
          await starting;
          const reply = desktop
            ? await answerCall(desktop.backend, message.call, message.args)
            : { error: { code: 'INTERNAL' as const, message: 'The local data has not started' } };
          channel.send({ type: 'reply', id: message.id, reply });
        })();
        return;
      case 'tokens.reply':
        waiting.get(message.id)?.(message.value);
        waiting.delete(message.id);
        return;
      case 'close':
        void (async () => {
          await starting;
          await desktop?.close();
          channel.send({ type: 'closed' });
        })();
        return;
    }
  });
}

// Run as a process: Electron's utility process has a parent port; a Node fork has an IPC channel.
const electronPort = (
  process as {
    parentPort?: { on(e: 'message', l: (m: { data: ToBackend }) => void): void; postMessage(m: FromBackend): void };
  }
).parentPort;
if (electronPort) {
  serveBackend({
    send: (m) => electronPort.postMessage(m),
    onMessage: (listener) => electronPort.on('message', (e) => listener(e.data)),
  });
} else if (process.send) {
  serveBackend({
    send: (m) => process.send!(m),
    onMessage: (listener) => process.on('message', (m) => listener(m as ToBackend)),
  });
}
