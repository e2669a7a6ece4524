import { SEPARATOR } from '@renderer/i18n/punctuation';
import { useEffect, useState } from 'react';
import type { SyncStatus } from '@shared/appApi';
import { Button, timeAgo, ToggleButton } from '@renderer/components/ui';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import './sync.css';

const MESSAGES = {
  workingOffline: defineMessage({ id: 'sync.workingOffline', defaultMessage: 'Working offline' }),
  waiting: defineMessage<{ count: number }>({
    id: 'sync.waiting',
    defaultMessage: '{count, plural, one {# waiting to sync} other {# waiting to sync}}',
  }),
  nothingWaiting: defineMessage({ id: 'sync.nothingWaiting', defaultMessage: 'nothing waiting to sync' }),
  lastSynced: defineMessage<{ ago: string }>({ id: 'sync.lastSynced', defaultMessage: 'last synced {ago}' }),
  cannotSave: defineMessage({ id: 'sync.cannotSave', defaultMessage: 'Changes cannot be saved on this computer' }),
  offline: defineMessage({ id: 'sync.offline', defaultMessage: 'Offline' }),
  notSyncedYetDetail: defineMessage({ id: 'sync.notSyncedYet.detail', defaultMessage: 'not synced yet' }),
  syncing: defineMessage({ id: 'sync.syncing', defaultMessage: 'Syncing…' }),
  live: defineMessage({ id: 'sync.live', defaultMessage: 'Live' }),
  synced: defineMessage<{ ago: string }>({ id: 'sync.synced', defaultMessage: 'Synced {ago}' }),
  notSyncedYet: defineMessage({ id: 'sync.notSyncedYet', defaultMessage: 'Not synced yet' }),
  accountClosed: defineMessage({ id: 'sync.accountClosed', defaultMessage: 'Account closed' }),
  signInAgain: defineMessage({ id: 'sync.signInAgain', defaultMessage: 'Sign in again to sync' }),
  justNow: defineMessage({ id: 'time.justNow', defaultMessage: 'just now' }),
  status: defineMessage({ id: 'sync.status', defaultMessage: 'Sync status' }),
  progress: defineMessage({ id: 'sync.progress', defaultMessage: 'Sync progress' }),
  conflicts: defineMessage<{ count: number }>({
    id: 'sync.conflicts',
    defaultMessage: '{count, plural, one {# conflict} other {# conflicts}}',
  }),
};

/**
 * The status in words, most important first; `detail` parts (when it last synced) are the first to
 * go when the header is narrow, so it shortens rather than wraps.
 */
function describe(status: SyncStatus, intl: IntlShape): { text: string; detail?: boolean }[] {
  const ago = (at: string) => timeAgo(at, Date.now(), intl.locale, intl.formatMessage(MESSAGES.justNow));
  const parts: { text: string; detail?: boolean }[] = [];
  if (status.workingOffline) {
    parts.push({ text: intl.formatMessage(MESSAGES.workingOffline) });
    parts.push({
      text:
        status.pending > 0
          ? intl.formatMessage(MESSAGES.waiting, { count: status.pending })
          : intl.formatMessage(MESSAGES.nothingWaiting),
    });
    if (status.lastSyncedAt)
      parts.push({ text: intl.formatMessage(MESSAGES.lastSynced, { ago: ago(status.lastSyncedAt) }), detail: true });
    if (status.storageProblem) parts.push({ text: intl.formatMessage(MESSAGES.cannotSave) });
    return parts;
  }
  if (!status.online) {
    parts.push({ text: intl.formatMessage(MESSAGES.offline) });
    parts.push({
      text: status.lastSyncedAt
        ? intl.formatMessage(MESSAGES.lastSynced, { ago: ago(status.lastSyncedAt) })
        : intl.formatMessage(MESSAGES.notSyncedYetDetail),
      detail: true,
    });
  }
  if (status.phase !== 'idle') parts.push({ text: intl.formatMessage(MESSAGES.syncing) });
  if (status.pending > 0) parts.push({ text: intl.formatMessage(MESSAGES.waiting, { count: status.pending }) });
  if (status.online && status.phase === 'idle' && status.pending === 0 && !status.needsSignIn) {
    // Live: the service tells of each change as it happens, so "synced 3 minutes ago" would mislead.
    if (status.live) parts.push({ text: intl.formatMessage(MESSAGES.live) });
    else {
      parts.push({
        text: status.lastSyncedAt
          ? intl.formatMessage(MESSAGES.synced, { ago: ago(status.lastSyncedAt) })
          : intl.formatMessage(MESSAGES.notSyncedYet),
      });
    }
  }
  if (status.accountClosed) parts.push({ text: intl.formatMessage(MESSAGES.accountClosed) });
  else if (status.needsSignIn) parts.push({ text: intl.formatMessage(MESSAGES.signInAgain) });
  if (status.storageProblem) parts.push({ text: intl.formatMessage(MESSAGES.cannotSave) });
  return parts;
}

/** Always visible: online or not, last synced, what waits to be sent, and progress. */
export function SyncIndicator({ onShowConflicts }: { onShowConflicts: () => void }) {
  const bridge = useBridge();
  const intl = useIntl();
  const status = useAppStore((s) => s.sync);
  // Re-render now and then so "2 minutes ago" stays true.
  const [, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);
  if (!status) return null;
  const syncing = status.phase !== 'idle';
  const parts = describe(status, intl);
  return (
    <div className="sync">
      <div
        role="status"
        aria-label={intl.formatMessage(MESSAGES.status)}
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
              {i > 0 && SEPARATOR}
              {p.text}
            </span>
          ))}
        </span>
      </div>
      {syncing && (
        <progress
          aria-label={intl.formatMessage(MESSAGES.progress)}
          max={status.progress?.total || 1}
          value={status.progress && status.progress.total ? status.progress.done : undefined}
        />
      )}
      {status.conflicts > 0 && (
        <Button variant="warn" onPress={onShowConflicts}>
          {intl.formatMessage(MESSAGES.conflicts, { count: status.conflicts })}
        </Button>
      )}
      <Button onPress={() => void bridge.call('sync.now', undefined)} isDisabled={syncing || status.workingOffline}>
        <FormattedMessage id="sync.now" defaultMessage="Sync now" />
      </Button>
      <ToggleButton
        isSelected={status.workingOffline}
        onChange={(on) => void bridge.call('sync.workOffline', { on })}
        className="work-offline"
      >
        <FormattedMessage id="sync.workOffline" defaultMessage="Work offline" />
      </ToggleButton>
    </div>
  );
}
