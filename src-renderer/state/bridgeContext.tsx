import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppArgs, AppCallName, AppResult, Collection } from '../../src-shared/appApi';
import type { AppBridge } from '../bridge/bridge';
import { messageOf } from '../bridge/bridge';

const BridgeContext = createContext<AppBridge | null>(null);

export function BridgeProvider({ bridge, children }: { bridge: AppBridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

export function useBridge(): AppBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge outside BridgeProvider');
  return bridge;
}

export interface Query<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * A read of the app API that refreshes itself when the backend says one of `collections`
 * changed: every view stays current after a local change or a sync.
 */
export function useAppQuery<K extends AppCallName>(
  name: K,
  args: AppArgs<K>,
  collections: Collection[],
): Query<AppResult<K>> {
  const bridge = useBridge();
  const key = JSON.stringify([name, args ?? null]);
  // What was last answered, and for which call: while a new call runs, the old answer stays shown.
  const [state, setState] = useState<{ key: string | null; data: AppResult<K> | undefined; error: string | null }>({
    key: null,
    data: undefined,
    error: null,
  });
  const generation = useRef(0);
  const load = useCallback(() => {
    const mine = ++generation.current;
    const [call, callArgs] = JSON.parse(key) as [K, AppArgs<K>];
    bridge.call(call, callArgs).then(
      (data) => mine === generation.current && setState({ key, data, error: null }),
      (error: unknown) => mine === generation.current && setState((s) => ({ ...s, key, error: messageOf(error) })),
    );
  }, [bridge, key]);
  const watched = collections.join(',');
  useEffect(() => {
    load();
    return bridge.on('changed', ({ collections: changed }) => {
      if (changed.some((c) => watched.split(',').includes(c))) load();
    });
  }, [bridge, load, watched]);
  return { data: state.data, error: state.error, loading: state.key !== key, reload: load };
}
