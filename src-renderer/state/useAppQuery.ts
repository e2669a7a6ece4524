import { useCallback, useEffect, useRef, useState } from 'react';
import { REFRESH_RULES, type AppArgs, type AppResult, type ReadCallName } from '@shared/appApi';
import { messageOf } from '@renderer/bridge/bridge';
import { useBridge } from './bridgeContext';
import { shareStructure } from './shareStructure';

export interface Query<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * A read of the app API. It refreshes itself when the backend says a collection changed that the
 * call's domain contract names in its refresh rules, so the same call is never stale in one view
 * and fresh in another.
 */
export function useAppQuery<K extends ReadCallName>(name: K, args: AppArgs<K>): Query<AppResult<K>> {
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
      (data) =>
        mine === generation.current && setState((s) => ({ key, data: shareStructure(s.data, data), error: null })),
      (error: unknown) => mine === generation.current && setState((s) => ({ ...s, key, error: messageOf(error) })),
    );
  }, [bridge, key]);
  useEffect(() => {
    load();
    const watched: readonly string[] = REFRESH_RULES[name];
    if (watched.length === 0) return;
    return bridge.on('changed', ({ collections }) => {
      if (collections.some((c) => watched.includes(c))) load();
    });
  }, [bridge, load, name]);
  return { data: state.data, error: state.error, loading: state.key !== key, reload: load };
}
