import { useEffect, useRef, useState } from 'react';
import { ApprovalsView } from '../features/approvals/ApprovalsView';
import { CalendarView } from '../features/calendar/CalendarView';
import { FormsView } from '../features/forms/FormsView';
import { LeaveView } from '../features/leave/LeaveView';
import { NotificationsView } from '../features/notifications/NotificationsView';
import { AccountMenu } from '../features/session/AccountMenu';
import { SignOutDialog } from '../features/session/SignOutDialog';
import { ConflictsPanel } from '../features/sync/ConflictsPanel';
import { SyncIndicator } from '../features/sync/SyncIndicator';
import { TrainingsView } from '../features/trainings/TrainingsView';
import { Button, toast } from '../components/ui';
import { useAppStore } from '../state/appStore';
import { useBridge } from '../state/bridgeContext';
import type { Notification } from '../../src-shared/wire';
import { useAppQuery } from '../state/useAppQuery';
import { VIEW_NAMES, type View } from '../../src-shared/appApi';
import { href, openNotification, useRoute, VIEWS } from '../state/route';
import './frame.css';

const VIEW_COMPONENTS: Record<View, () => React.JSX.Element> = {
  leave: LeaveView,
  approvals: ApprovalsView,
  calendar: CalendarView,
  trainings: TrainingsView,
  forms: FormsView,
  notifications: NotificationsView,
};

/** The main content's heading: where the skip link and every navigation put focus. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * A notification that arrives while the app is in use (the desktop's own says nothing then): a
 * toast naming it, with "Open" to go to its record. Only what came since the window opened.
 */
function useNewNotificationToasts(newest: Notification | undefined, unreadCount: number) {
  const bridge = useBridge();
  const [openedAt] = useState(() => new Date().toISOString());
  const told = useRef(new Set<string>());
  useEffect(() => {
    if (!newest || newest.read || newest.createdAt < openedAt || told.current.has(newest.id)) return;
    told.current.add(newest.id);
    toast(`${newest.title}: ${newest.body}`, {
      label: 'Open',
      run: () => void openNotification(bridge, newest.id).then((gone) => gone && toast(gone)),
    });
  }, [newest, unreadCount, openedAt, bridge]);
}

/** The signed-in app: skip link, navigation, the sync indicator, the account menu, and the current view. */
export function Frame() {
  const bridge = useBridge();
  const needsSignIn = useAppStore((s) => s.sync?.needsSignIn ?? false);
  const decides = useAppStore((s) => !!s.account?.roles.some((r) => r === 'MANAGER' || r === 'ADMIN'));
  const storageProblem = useAppStore((s) => s.sync?.storageProblem ?? null);
  const notice = useAppStore((s) => s.sync?.notice ?? null);
  const route = useRoute();
  const unread = useAppQuery('notifications.list', { unreadOnly: true, pageSize: 1 });
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const Current = VIEW_COMPONENTS[route.view];
  const unreadCount = unread.data?.unreadCount ?? 0;
  useNewNotificationToasts(unread.data?.data[0], unreadCount);

  useEffect(() => {
    document.title = `${VIEW_NAMES[route.view]} · HR Offline`;
  }, [route.view]);
  // After navigating, focus goes to the new view's heading (not on the first view shown).
  const shownView = useRef(route.view);
  useEffect(() => {
    if (shownView.current === route.view) return;
    shownView.current = route.view;
    focusHeading();
  }, [route.view]);
  // A view chosen in the application menu.
  useEffect(
    () =>
      bridge.on('view.open', ({ view }) => {
        location.hash = href(view);
      }),
    [bridge],
  );
  // A desktop notification clicked: its page, or the list when it stood for several.
  useEffect(
    () =>
      bridge.on('notification.open', ({ notification }) => {
        if (!notification) {
          location.hash = href('notifications');
          return;
        }
        void openNotification(bridge, notification.id).then(
          (gone) => gone && toast(gone),
          () => (location.hash = href('notifications')),
        );
      }),
    [bridge],
  );

  return (
    <div className="frame">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          focusHeading();
        }}
      >
        Skip to main content
      </a>
      <header className="top">
        <a className="brand" href={href('trainings')}>
          HR Offline
        </a>
        <nav aria-label="Main">
          <ul>
            {VIEWS.filter((v) => v !== 'approvals' || decides).map((v) => (
              <li key={v}>
                <a
                  href={href(v)}
                  aria-current={route.view === v ? 'page' : undefined}
                  aria-label={v === 'notifications' && unreadCount ? `Notifications, ${unreadCount} unread` : undefined}
                >
                  {VIEW_NAMES[v]}
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
        <SyncIndicator onShowConflicts={() => setConflictsOpen(true)} />
        <AccountMenu onSignOut={() => setSigningOut(true)} />
      </header>
      {needsSignIn && (
        <p className="banner" role="alert">
          The service asks you to sign in again. Your changes are kept and will be sent after you do.{' '}
          <Button onPress={() => setSigningOut(true)}>Sign in again</Button>
        </p>
      )}
      {storageProblem && (
        <p className="banner" role="alert">
          {storageProblem} What you see is still there, and what you type stays in the form.
        </p>
      )}
      {notice && (
        <p className="banner" role="status">
          {notice}
        </p>
      )}
      <main className="content" id="main">
        <Current />
      </main>
      {conflictsOpen && <ConflictsPanel onClose={() => setConflictsOpen(false)} />}
      {signingOut && <SignOutDialog onClose={() => setSigningOut(false)} />}
    </div>
  );
}
