import { useEffect, useState } from 'react';
import type { SyncStatus } from '@shared/appApi';
import { Button, timeAgo, ToggleButton } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import './sync.css';

/**
 * The status in words, most important first; `detail` parts (when it last synced) are the first to
 * go when the header is narrow, so it shortens rather than wraps.
 */
function describe(status: SyncStatus): { text: string; detail?: boolean }[] {
  const parts: { text: string; detail?: boolean }[] = [];
  if (status.workingOffline) {
    parts.push({ text: 'Working offline' });
    parts.push({ text: status.pending > 0 ? `${status.pending} waiting to sync` : 'nothing waiting to sync' });
    if (status.lastSyncedAt) parts.push({ text: `last synced ${timeAgo(status.lastSyncedAt)}`, detail: true });
    if (status.storageProblem) parts.push({ text: 'Changes cannot be saved on this computer' });
    return parts;
  }
  if (!status.online) {
    parts.push({ text: 'Offline' });
    parts.push({
      text: status.lastSyncedAt ? `last synced ${timeAgo(status.lastSyncedAt)}` : 'not synced yet',
      detail: true,
    });
  }
  if (status.phase !== 'idle') parts.push({ text: 'Syncing…' });
  if (status.pending > 0) parts.push({ text: `${status.pending} waiting to sync` });
  if (status.online && status.phase === 'idle' && status.pending === 0 && !status.needsSignIn) {
    // Live: the service tells of each change as it happens, so "synced 3 minutes ago" would mislead.
    if (status.live) parts.push({ text: 'Live' });
    else parts.push({ text: status.lastSyncedAt ? `Synced ${timeAgo(status.lastSyncedAt)}` : 'Not synced yet' });
  }
  if (status.accountClosed) parts.push({ text: 'Account closed' });
  else if (status.needsSignIn) parts.push({ text: 'Sign in again to sync' });
  if (status.storageProblem) parts.push({ text: 'Changes cannot be saved on this computer' });
  return parts;
}

/** Always visible: online or not, last synced, what waits to be sent, and progress. */
export function SyncIndicator({ onShowConflicts }: { onShowConflicts: () => void }) {
  const bridge = useBridge();
  const status = useAppStore((s) => s.sync);
  // Re-render now and then so "2 minutes ago" stays true.
  const [, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);
  if (!status) return null;
  const syncing = status.phase !== 'idle';
  const parts = describe(status);
  return (
    <div className="sync">
      <div
        role="status"
        aria-label="Sync status"
        aria-live="polite"
        className={`sync-text ${status.online ? '' : 'sync-offline'}${status.workingOffline ? ' sync-chosen' : ''}`}
        title={parts.map((p) => p.text).join(' · ')}
      >
        <span
          className={`sync-dot ${status.workingOffline ? 'sync-paused' : status.online ? 'online' : 'sync-offline'}`}
          aria-hidden="true"
        />
        <span>
          {parts.map((p, i) => (
            <span key={i} className={p.detail ? 'sync-detail' : undefined}>
              {i > 0 && ' · '}
              {p.text}
            </span>
          ))}
        </span>
      </div>
      {syncing && (
        <progress
          aria-label="Sync progress"
          max={status.progress?.total || 1}
          value={status.progress && status.progress.total ? status.progress.done : undefined}
        />
      )}
      {status.conflicts > 0 && (
        <Button variant="warn" onPress={onShowConflicts}>
          {status.conflicts} conflict{status.conflicts === 1 ? '' : 's'}
        </Button>
      )}
      <Button onPress={() => void bridge.call('sync.now', undefined)} isDisabled={syncing || status.workingOffline}>
        Sync now
      </Button>
      <ToggleButton
        isSelected={status.workingOffline}
        onChange={(on) => void bridge.call('sync.workOffline', { on })}
        className="work-offline"
      >
        Work offline
      </ToggleButton>
    </div>
  );
}
