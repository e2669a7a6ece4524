import { create } from 'zustand';
import type { AccountSummary, AppInfo, SyncStatus } from '../../src-shared/appApi';
import type { AppBridge } from '../bridge/bridge';

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

/** What the whole frame shows: who is signed in, and how sync is doing. */
export const useAppStore = create<AppState>((set) => ({
  ready: false,
  info: null,
  account: null,
  accounts: [],
  sync: null,
  start(bridge) {
    const offSession = bridge.on('session', (account) => {
      set({ account });
      void this.refreshAccounts(bridge);
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
