import { useEffect, useState } from 'react';
import { messageOf } from '../bridge/bridge';
import { Dialog } from '../components/Dialog';
import { ErrorNote } from '../components/States';
import { SyncIndicator } from '../components/SyncIndicator';
import { useAppStore } from '../state/appStore';
import { useAppQuery, useBridge } from '../state/bridgeContext';
import { href, notificationTarget, useRoute, VIEWS, type View } from '../state/route';
import { CalendarView } from '../views/CalendarView';
import { ConflictsPanel } from '../views/ConflictsPanel';
import { FormsView } from '../views/FormsView';
import { LeaveView } from '../views/LeaveView';
import { NotificationsView } from '../views/NotificationsView';
import { TrainingsView } from '../views/TrainingsView';

const NAMES: Record<View, string> = {
  leave: 'Leave',
  calendar: 'Calendar',
  trainings: 'Trainings',
  forms: 'Forms',
  notifications: 'Notifications',
};

const VIEW_COMPONENTS: Record<View, () => React.JSX.Element> = {
  leave: LeaveView,
  calendar: CalendarView,
  trainings: TrainingsView,
  forms: FormsView,
  notifications: NotificationsView,
};

function SignOutDialog({ onClose }: { onClose: () => void }) {
  const bridge = useBridge();
  const [deleteLocalData, setDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = useAppStore((s) => s.sync?.pending ?? 0);
  return (
    <Dialog title="Sign out" onClose={onClose}>
      {pending > 0 && (
        <p className="form-error">
          {pending} change{pending === 1 ? ' has' : 's have'} not reached the service yet. Keep the local data to send
          them later.
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={deleteLocalData} onChange={(e) => setDelete(e.target.checked)} />
        Delete this account’s data from this computer
      </label>
      {error && <ErrorNote message={error} />}
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() =>
            bridge.call('session.signOut', { deleteLocalData }).catch((e: unknown) => setError(messageOf(e)))
          }
        >
          Sign out
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** The signed-in app: navigation, the sync indicator, the account menu, and the current view. */
export function Frame() {
  const bridge = useBridge();
  const { account, accounts, sync } = useAppStore();
  const route = useRoute();
  const unread = useAppQuery('notifications.list', { unreadOnly: true, pageSize: 1 }, ['notifications']);
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const Current = VIEW_COMPONENTS[route.view];
  const unreadCount = unread.data?.unreadCount ?? 0;
  const others = accounts.filter((a) => a.id !== account?.id && a.signedIn);
  // A desktop notification clicked: its page, or the list when it stood for several.
  useEffect(
    () =>
      bridge.on('notification.open', ({ notification }) => {
        location.hash = (notification && notificationTarget(notification)) ?? href('notifications');
      }),
    [bridge],
  );

  return (
    <div className="frame">
      <header className="top">
        <a className="brand" href={href('trainings')}>
          HR Offline
        </a>
        <nav aria-label="Main">
          <ul>
            {VIEWS.map((v) => (
              <li key={v}>
                <a
                  href={href(v)}
                  aria-current={route.view === v ? 'page' : undefined}
                  aria-label={v === 'notifications' && unreadCount ? `Notifications, ${unreadCount} unread` : undefined}
                >
                  {NAMES[v]}
                  {v === 'notifications' && !!unreadCount && (
                    <span className="count" aria-hidden="true">
                      {unreadCount}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sync && (
          <SyncIndicator
            status={sync}
            onSync={() => void bridge.call('sync.now', undefined)}
            onShowConflicts={() => setConflictsOpen(true)}
          />
        )}
        <div className="account">
          <label>
            <span className="visually-hidden">Account</span>
            <select
              value={account?.id}
              onChange={(e) => void bridge.call('session.open', { accountId: e.target.value })}
              aria-label="Switch account"
            >
              {account && <option value={account.id}>{account.name}</option>}
              {others.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.email})
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => setSigningOut(true)}>
            Sign out
          </button>
        </div>
      </header>
      {sync?.needsSignIn && (
        <p className="banner" role="alert">
          The service asks you to sign in again. Your changes are kept and will be sent after you do.{' '}
          <button type="button" onClick={() => setSigningOut(true)}>
            Sign in again
          </button>
        </p>
      )}
      <main className="content">
        <Current />
      </main>
      {conflictsOpen && <ConflictsPanel onClose={() => setConflictsOpen(false)} />}
      {signingOut && <SignOutDialog onClose={() => setSigningOut(false)} />}
    </div>
  );
}
