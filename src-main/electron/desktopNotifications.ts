import type { AppEvents } from '@shared/appApi';
import { SHELL_MESSAGES } from '@shared/i18n/shellMessages';
import { dayWriter, notificationText } from '@shared/records/notificationWords';
import type { Notification } from '@shared/wire';
import { ask, type AppBackend } from '../launch/appBackend';
import { appWords } from '@shared/i18n/appWords';

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
    // In the page's language, as the app would say them (asked first: nothing waits once the list is in).
    const { language } = await ask(options.backend, 'app.info', undefined);
    const format = appWords(language);
    const writeDay = dayWriter(language);
    const unread = await ask(options.backend, 'notifications.list', { unreadOnly: true, page: 1, pageSize: 50 });
    const fresh = unread.data.filter((n) => n.createdAt >= since && !told.has(n.id));
    for (const n of fresh) told.add(n.id);
    if (fresh.length === 0 || options.appFocused()) return;
    const said = fresh.map((n) => ({ n, ...notificationText(format, n, writeDay) }));
    if (fresh.length <= ONE_BY_ONE) {
      for (const { n, title, body } of said) options.show({ title, body }, () => options.open(n));
      return;
    }
    options.show(
      { title: format(SHELL_MESSAGES.manyNew.id, { count: fresh.length }), body: said.map((s) => s.title).join('\n') },
      () => options.open(null),
    );
  };

  return options.backend.on((name, payload) => {
    if (name !== 'changed' || !(payload as AppEvents['changed']).collections.includes('notifications')) return;
    // One look at a time, in order; signed out or closed meanwhile is nothing to tell.
    queue = queue.then(tell).catch(() => undefined);
  });
}
