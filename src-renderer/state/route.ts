import { useSyncExternalStore } from 'react';
import { VIEWS, type View } from '@shared/appApi';
import type { AppBridge } from '@renderer/bridge/bridge';

export { VIEWS, type View };

export interface Route {
  view: View;
  params: URLSearchParams;
  /** The address names the view; otherwise the view is where the person lands (see Frame). */
  named: boolean;
}

function parse(): Route {
  const [path = '', query = ''] = location.hash.replace(/^#\/?/, '').split('?');
  const named = (VIEWS as readonly string[]).includes(path);
  return { view: named ? (path as View) : 'leave', params: new URLSearchParams(query), named };
}

let current = parse();
const listeners = new Set<() => void>();
const onHashChange = () => {
  current = parse();
  for (const notify of listeners) notify();
};
const subscribe = (notify: () => void) => {
  if (listeners.size === 0) window.addEventListener('hashchange', onHashChange);
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
    if (listeners.size === 0) window.removeEventListener('hashchange', onHashChange);
  };
};

/**
 * Back to the default view, with no record in the address: what a person who signs in (or a
 * switch of account) starts from, so nobody opens the page, or the record, the last person left.
 * The entry is replaced rather than added, so Back does not lead to it either.
 */
export function resetRoute() {
  if (!location.hash) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  onHashChange();
}

/** The view the address names now, outside React. */
export function currentView(): View {
  return current.view;
}

/** Navigation by the URL's hash: links are real links, back and forward work. */
export function useRoute(): Route {
  return useSyncExternalStore(subscribe, () => current);
}

/** Goes to a view in place of the current entry of the history (a landing, not a step Back leads to). */
export function replaceRoute(view: View) {
  history.replaceState(history.state, '', `${location.pathname}${location.search}${href(view)}`);
  onHashChange();
}

export function href(view: View, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `#/${view}${query ? `?${query}` : ''}`;
}

/**
 * Opens what a notification is about: it is marked read (at once, offline too), and the view shows
 * its record; a record that is gone answers the words that say so (shown by the caller).
 */
export async function openNotification(bridge: AppBridge, id: string): Promise<string | null> {
  const target = await bridge.call('notifications.open', { id });
  if (target && 'view' in target) {
    location.hash = href(target.view, { id: target.id });
    return null;
  }
  return target?.gone ?? null;
}
