import { useAppStore } from './appStore';

/**
 * What a toast says of a change just queued. Online it goes at once ("Request sent — it will sync");
 * offline, or working offline, it stays on this computer until the network is back, and says so.
 */
export function queuedWords(words: { online: string; offline?: string }): string {
  const sync = useAppStore.getState().sync;
  const away = !sync || !sync.online || sync.workingOffline;
  return away
    ? `${words.offline ?? words.online} on this computer — it will be sent when you are back online`
    : `${words.online} — it will sync`;
}
