import { createContext, useContext, type ReactNode } from 'react';
import type { AppBridge } from '@renderer/bridge/bridge';

const BridgeContext = createContext<AppBridge | null>(null);

export function BridgeProvider({ bridge, children }: { bridge: AppBridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

export function useBridge(): AppBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge outside BridgeProvider');
  return bridge;
}
