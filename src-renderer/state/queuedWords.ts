import { defineMessage, type IntlShape } from 'react-intl';
import { useAppStore } from './appStore';

// `done` is the caller's own message, whole ("Training added", "Deletion of First aid saved").
const MESSAGES = {
  online: defineMessage<{ done: string }>({ id: 'state.queued.online', defaultMessage: '{done} — it will sync' }),
  offline: defineMessage<{ done: string }>({
    id: 'state.queued.offline',
    defaultMessage: '{done} on this computer — it will be sent when you are back online',
  }),
};

interface Words {
  online: string;
  offline?: string;
}

/**
 * What a toast says of a change just queued. Online it goes at once ("Request sent — it will sync");
 * offline, or working offline, it stays on this computer until the network is back, and says so.
 * The words are the caller's messages, formatted; `intl` says the rest in the page's language.
 */
export function queuedWords(words: Words, intl: IntlShape): string {
  const sync = useAppStore.getState().sync;
  const away = !sync || !sync.online || sync.workingOffline;
  return away
    ? intl.formatMessage(MESSAGES.offline, { done: words.offline ?? words.online })
    : intl.formatMessage(MESSAGES.online, { done: words.online });
}
