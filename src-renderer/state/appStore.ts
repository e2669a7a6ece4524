import { create } from 'zustand';
import type { AccountSummary, AppInfo, SyncStatus } from '@shared/appApi';
import type { AppBridge } from '@renderer/bridge/bridge';
import { resetRoute } from './route';

interface AppState {
  ready: boolean;
  info: AppInfo | null;
  account: AccountSummary | null;
  accounts: AccountSummary[];
  sync: SyncStatus | null;
  /** Loads the session and follows the backend's events; answers the unsubscribe. */
  start(bridge: AppBridge): () => void;
  refreshAccounts(bridge: AppBridge): Promise<void>;
}

/**
 * What the whole frame shows: who is signed in, the accounts on this computer, and how sync is
 * doing. Read it with a selector (`useAppStore((s) => s.account)`): a component then re-renders
 * only when its part changes, not on every sync progress event.
 */
export const useAppStore = create<AppState>((set, get) => ({
  ready: false,
  info: null,
  account: null,
  accounts: [],
  sync: null,
  start(bridge) {
    const offSession = bridge.on('session', (account) => {
      // Another person (or nobody) from now on: nothing of the last one's page stays in the address.
      if (account?.id !== get().account?.id) resetRoute();
      set({ account, ...(account ? {} : { sync: null }) });
      void get().refreshAccounts(bridge);
      if (account) void bridge.call('sync.status', undefined).then((sync) => set({ sync }));
    });
    const offSync = bridge.on('sync.status', (sync) => set({ sync }));
    void (async () => {
      const [info, account, accounts] = await Promise.all([
        bridge.call('app.info', undefined),
        bridge.call('session.current', undefined),
        bridge.call('session.accounts', undefined),
      ]);
      const sync = account ? await bridge.call('sync.status', undefined) : null;
      set({ info, account, accounts, sync, ready: true });
    })();
    return () => {
      offSession();
      offSync();
    };
  },
  async refreshAccounts(bridge) {
    set({ accounts: await bridge.call('session.accounts', undefined) });
  },
}));

/** The signed-in account's highest role decides what the views offer. */
export function useRoles() {
  return useAppStore((s) => s.account?.roles);
}
