import type { AppEvents } from '@shared/appApi';
import type { Notification } from '@shared/wire';
import { ask, type AppBackend } from '../launch/appBackend';

export interface DesktopNotifierOptions {
  backend: AppBackend;
  /** Shows one notification of the operating system. */
  show(note: { title: string; body: string }, onClick: () => void): void;
  /** Whether the user is looking at the app: then its own unread badge says enough. */
  appFocused(): boolean;
  /** Brings the app forward on this notification's page (null: the list). */
  open(notification: Notification | null): void;
  now: () => Date;
}

/** Past this many at once, one notification says how many came. */
const ONE_BY_ONE = 3;

/**
 * Tells the user on the desktop of notifications that a sync brought while they were elsewhere
 * — a leave request to decide, a decision on theirs. Only those made since the app started: a
 * first sync does not replay a year of them.
 */
export function notifyOnDesktop(options: DesktopNotifierOptions): () => void {
  const since = options.now().toISOString();
  const told = new Set<string>();
  let queue = Promise.resolve();

  const tell = async () => {
    const unread = await ask(options.backend, 'notifications.list', { unreadOnly: true, page: 1, pageSize: 50 });
    const fresh = unread.data.filter((n) => n.createdAt >= since && !told.has(n.id));
    for (const n of fresh) told.add(n.id);
    if (fresh.length === 0 || options.appFocused()) return;
    if (fresh.length <= ONE_BY_ONE) {
      for (const n of fresh) options.show({ title: n.title, body: n.body }, () => options.open(n));
      return;
    }
    options.show({ title: `${fresh.length} new notifications`, body: fresh.map((n) => n.title).join('\n') }, () =>
      options.open(null),
    );
  };

  return options.backend.on((name, payload) => {
    if (name !== 'changed' || !(payload as AppEvents['changed']).collections.includes('notifications')) return;
    // One look at a time, in order; signed out or closed meanwhile is nothing to tell.
    queue = queue.then(tell).catch(() => undefined);
  });
}
