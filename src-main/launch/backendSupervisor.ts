import type { AppEventName, AppEvents, BridgeReply } from '@shared/appApi';
import type { TokenStore } from '../core/session/tokens';
import type { BackendStart, FromBackend, ToBackend } from './backendProtocol';

/** The backend's process as the main process holds it: Electron's utilityProcess or a Node fork. */
export interface BackendChild {
  send(message: ToBackend): void;
  onMessage(listener: (message: FromBackend) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export type BackendState = 'starting' | 'ready' | 'reconnecting' | 'failed';

export interface BackendSupervisorOptions {
  spawn: () => BackendChild;
  start: BackendStart;
  /** Where refresh tokens are sealed: only this process may (Electron's safeStorage). */
  tokens: TokenStore;
  now?: () => number;
}

/** More crashes than this within a minute and the backend is not started again. */
export const RESTARTS_PER_MINUTE = 3;
export const CRASHED =
  'The local data stopped answering and is starting again: what you just did may not have been saved, so check it and try once more.';
export const GAVE_UP =
  'The local data keeps stopping, so it was not started again: quit the app and open it again; the logs folder (Help › Open Logs Folder) says why.';

type Listener = <E extends AppEventName>(name: E, payload: AppEvents[E]) => void;

/**
 * Keeps the backend's process running for the main process: calls go to it and come back in the
 * app API's shapes; its events go to listeners; if it dies it is started again (at most three
 * times a minute), the account that was open is opened again, and calls that were under way fail
 * with a sentence rather than hang.
 */
export class BackendSupervisor {
  private child: BackendChild | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, (reply: BridgeReply) => void>();
  private readonly listeners = new Set<Listener>();
  private readonly crashes: number[] = [];
  private closing = false;
  private ready!: Promise<string | null>;
  private state: BackendState = 'starting';
  /** The account to open again after a restart (the last one opened, until signed out). */
  private account: string | null = null;

  constructor(private readonly options: BackendSupervisorOptions) {
    this.launch();
  }

  /** The embedded demo service's address once the backend is up (null: none started). */
  get started(): Promise<string | null> {
    return this.ready;
  }

  get status(): BackendState {
    return this.state;
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async call(call: string, args: unknown): Promise<BridgeReply> {
    if (this.state === 'failed') return { error: { code: 'INTERNAL', message: GAVE_UP } };
    await this.ready;
    const reply = await this.send(call, args);
    this.remember(call, reply);
    return reply;
  }

  /** Asks the backend to close its caches and demo service, then ends its process. */
  async close(): Promise<void> {
    this.closing = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      child.onMessage((m) => {
        if (m.type === 'closed') {
          clearTimeout(timer);
          resolve();
        }
      });
      child.send({ type: 'close' });
    });
    child.kill();
  }

  private send(call: string, args: unknown): Promise<BridgeReply> {
    const child = this.child;
    if (!child) return Promise.resolve({ error: { code: 'INTERNAL', message: CRASHED } });
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      child.send({ type: 'call', id, call, args });
    });
  }

  private remember(call: string, reply: BridgeReply): void {
    if (!('result' in reply)) return;
    if (call === 'session.signIn' || call === 'session.open') this.account = (reply.result as { id: string }).id;
    if (call === 'session.signOut') this.account = null;
  }

  private setState(state: BackendState): void {
    this.state = state;
    for (const listener of this.listeners) listener('backend.status', { state });
  }

  private launch(): void {
    const child = this.options.spawn();
    this.child = child;
    let markReady: (url: string | null) => void = () => undefined;
    this.ready = new Promise((resolve) => (markReady = resolve));
    child.onMessage((message) => {
      switch (message.type) {
        case 'ready':
          markReady(message.demoServiceUrl);
          return;
        case 'reply':
          this.pending.get(message.id)?.(message.reply);
          this.pending.delete(message.id);
          return;
        case 'event':
          for (const listener of this.listeners) listener(message.name, message.payload as never);
          return;
        case 'tokens':
          void this.answerTokens(child, message);
          return;
        case 'closed':
          // Heard by close(), which waits for it.
          return;
      }
    });
    child.onExit(() => {
      if (this.child !== child) return;
      this.child = null;
      for (const resolve of this.pending.values()) resolve({ error: { code: 'INTERNAL', message: CRASHED } });
      this.pending.clear();
      if (this.closing) return;
      const now = (this.options.now ?? Date.now)();
      this.crashes.push(now);
      while (this.crashes.length && this.crashes[0]! < now - 60_000) this.crashes.shift();
      if (this.crashes.length > RESTARTS_PER_MINUTE) {
        this.setState('failed');
        markReady(null);
        return;
      }
      this.setState('reconnecting');
      this.launch();
      void this.reopen();
    });
    child.send({ type: 'start', options: this.options.start });
  }

  /** After a restart: the account that was open, opened again from its cache. */
  private async reopen(): Promise<void> {
    await this.ready;
    if (this.account) await this.send('session.open', { accountId: this.account });
    if (this.state === 'reconnecting') this.setState('ready');
  }

  private async answerTokens(child: BackendChild, m: Extract<FromBackend, { type: 'tokens' }>): Promise<void> {
    const { tokens } = this.options;
    let value: string | null = null;
    if (m.op === 'get') value = await tokens.get(m.accountId);
    else if (m.op === 'set') await tokens.set(m.accountId, m.token ?? '');
    else await tokens.delete(m.accountId);
    child.send({ type: 'tokens.reply', id: m.id, value });
  }
}
