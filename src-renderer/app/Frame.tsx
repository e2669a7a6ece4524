import { notificationText } from '@shared/records/notificationWords';
import { formatLocale } from '@renderer/i18n/dates';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { isLocale } from '@shared/i18n/locales';
import { dateText } from '@renderer/i18n/dates';
import { SPACE } from '@renderer/i18n/punctuation';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  AccountMenu,
  ClosedAccount,
  LanguageDialog,
  MailPreferencesDialog,
  PasswordDialog,
  SignOutDialog,
} from '@renderer/features/session';
import { ConflictsPanel, SyncIndicator } from '@renderer/features/sync';
import { Button, ErrorNote, Loading, toast } from '@renderer/components/ui';
import { chunk, useChunk, type Chunk } from '@renderer/state/chunk';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import type { Notification } from '@shared/wire';
import { useAppQuery } from '@renderer/state/useAppQuery';
import type { View } from '@shared/appApi';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { WidgetsLanguage } from '@renderer/i18n/WidgetsLanguage';
import { currentView, href, openNotification, replaceRoute, useRoute, VIEWS } from '@renderer/state/route';
import './frame.css';

const MESSAGES = {
  open: defineMessage({ id: 'frame.toast.open', defaultMessage: 'Open' }),
  opening: defineMessage({ id: 'frame.opening', defaultMessage: 'Opening…' }),
  openingView: defineMessage<{ view: string }>({ id: 'frame.openingView', defaultMessage: 'Opening {view}…' }),
  viewMissing: defineMessage<{ view: string }>({
    id: 'frame.viewMissing',
    defaultMessage: '{view} could not be opened: a part of the app is missing or damaged.',
  }),
  title: defineMessage<{ view: string }>({ id: 'frame.title', defaultMessage: '{view} · HR Offline' }),
  mainNav: defineMessage({ id: 'frame.nav.main', defaultMessage: 'Main' }),
  unread: defineMessage<{ count: number }>({
    id: 'frame.nav.notificationsUnread',
    defaultMessage: 'Notifications, {count, plural, one {# unread} other {# unread}}',
  }),
};

// Each view is its own chunk: the window shows after the frame's code alone is parsed, and the views
// load while it is idle (or at once when opened first).
const VIEW_CHUNKS: Record<View, Chunk<object>> = {
  leave: chunk(() => import('@renderer/features/leave').then((m) => m.LeaveView)),
  approvals: chunk(() => import('@renderer/features/approvals').then((m) => m.ApprovalsView)),
  calendar: chunk(() => import('@renderer/features/calendar').then((m) => m.CalendarView)),
  people: chunk(() => import('@renderer/features/people').then((m) => m.PeopleView)),
  trainings: chunk(() => import('@renderer/features/trainings').then((m) => m.TrainingsView)),
  forms: chunk(() => import('@renderer/features/forms').then((m) => m.FormsView)),
  notifications: chunk(() => import('@renderer/features/notifications').then((m) => m.NotificationsView)),
};
// The view the address names is fetched as this code runs, not after the frame's first render.
void VIEW_CHUNKS[currentView()].start().catch(() => undefined);

/** Rendered after the view, inside its Suspense boundary: its effect runs once the view is in the page. */
function Shown({ view, onShown }: { view: View; onShown: (view: View) => void }) {
  useEffect(() => onShown(view), [view, onShown]);
  return null;
}

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
  const intl = useIntl();
  const [openedAt] = useState(() => new Date().toISOString());
  const told = useRef(new Set<string>());
  const format = useFormatMessage();
  useEffect(() => {
    if (!newest || newest.read || newest.createdAt < openedAt || told.current.has(newest.id)) return;
    told.current.add(newest.id);
    const { title, body } = notificationText(format, newest, (day) => dateText(intl, day));
    toast(`${title}: ${body}`, {
      label: intl.formatMessage(MESSAGES.open),
      run: () => void openNotification(bridge, newest.id).then((gone) => gone && toast(gone)),
    });
  }, [newest, unreadCount, openedAt, bridge, intl, format]);
}

/**
 * Where a manager lands when the address names no view: Approvals when requests wait for a
 * decision, else Leave. Shown as loading until the cache has answered, so Leave does not flash first.
 */
function ManagerLanding() {
  const bridge = useBridge();
  const intl = useIntl();
  // An empty list says nothing before the first sync of a new account has filled the cache: a list
  // with requests decides at once, an empty one only once a sync has finished (or cannot run).
  const known = useAppStore(
    (s) =>
      !!s.sync && (!!s.sync.lastSyncedAt || (s.sync.phase === 'idle' && (!s.sync.online || s.sync.workingOffline))),
  );
  useEffect(() => {
    let current = true;
    bridge.call('leave.pendingApprovals', {}).then(
      (list) => {
        if (!current) return;
        if (list.meta.total > 0) replaceRoute('approvals');
        else if (known) replaceRoute('leave');
      },
      () => current && replaceRoute('leave'),
    );
    return () => {
      current = false;
    };
  }, [bridge, known]);
  return <Loading label={intl.formatMessage(MESSAGES.opening)} />;
}

/** The signed-in app: skip link, navigation, the sync indicator, the account menu, and the current view. */
export function Frame() {
  const bridge = useBridge();
  const intl = useIntl();
  const needsSignIn = useAppStore((s) => s.sync?.needsSignIn ?? false);
  const accountClosed = useAppStore((s) => s.sync?.accountClosed ?? null);
  const [accountDialog, setAccountDialog] = useState<'password' | 'mail' | 'language' | null>(null);
  const decides = useAppStore((s) => !!s.account?.roles.some((r) => r === 'MANAGER' || r === 'ADMIN'));
  // Everyone lands on Leave (the menu's first view) but a manager, who comes for what waits.
  const managerOnly = useAppStore((s) => !!s.account?.roles.includes('MANAGER') && !s.account.roles.includes('ADMIN'));
  const storageProblem = useAppStore((s) => s.sync?.storageProblem ?? null);
  const notice = useAppStore((s) => s.sync?.notice ?? null);
  const route = useRoute();
  const unread = useAppQuery('notifications.list', { unreadOnly: true, pageSize: 1 });
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const view = useChunk(VIEW_CHUNKS[route.view]);
  const unreadCount = unread.data?.unreadCount ?? 0;
  useNewNotificationToasts(unread.data?.data[0], unreadCount);
  // The service answers in the page's language and writes this person's mails in it.
  const accountId = useAppStore((s) => s.account?.id);
  const locale = intl.locale;
  useEffect(() => {
    if (isLocale(locale))
      void bridge.call('app.language', { locale, region: formatLocale(locale) }).catch(() => undefined);
  }, [bridge, locale, accountId]);

  const viewName = intl.formatMessage(VIEW_MESSAGES[route.view]);
  useEffect(() => {
    document.title = intl.formatMessage(MESSAGES.title, { view: viewName });
  }, [intl, viewName]);
  // After navigating, focus goes to the new view's heading (not on the first view shown).
  const shownView = useRef(route.view);
  const viewShown = useCallback((view: View) => {
    if (shownView.current === view) return;
    shownView.current = view;
    focusHeading();
  }, []);
  // The other views load in idle time once the first has had a second to fetch and draw its data:
  // earlier, their code (the form builder's most of all) held up the first view at start.
  useEffect(() => {
    let idle = 0;
    const later = setTimeout(() => {
      idle = requestIdleCallback(
        () => Object.values(VIEW_CHUNKS).forEach((c) => void c.start().catch(() => undefined)),
        { timeout: 3000 },
      );
    }, 1_000);
    return () => {
      clearTimeout(later);
      cancelIdleCallback(idle);
    };
  }, []);
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
        className="frame-skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          focusHeading();
        }}
      >
        <FormattedMessage id="frame.skipLink" defaultMessage="Skip to main content" />
      </a>
      <header className="frame-top">
        <a className="frame-brand" href={href('leave')}>
          <FormattedMessage id="frame.brand" defaultMessage="HR Offline" />
        </a>
        <nav aria-label={intl.formatMessage(MESSAGES.mainNav)}>
          <ul>
            {VIEWS.filter((v) => v !== 'approvals' || decides).map((v) => (
              <li key={v}>
                <a
                  href={href(v)}
                  aria-current={route.view === v ? 'page' : undefined}
                  aria-label={
                    v === 'notifications' && unreadCount
                      ? intl.formatMessage(MESSAGES.unread, { count: unreadCount })
                      : undefined
                  }
                >
                  {intl.formatMessage(VIEW_MESSAGES[v])}
                  {v === 'notifications' && !!unreadCount && (
                    <span className="frame-count" aria-hidden="true">
                      {unreadCount}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* The sync status and the account wrap together, never the account alone. */}
        <div className="frame-tools">
          <SyncIndicator onShowConflicts={() => setConflictsOpen(true)} />
          <AccountMenu
            onSignOut={() => setSigningOut(true)}
            onChangePassword={() => setAccountDialog('password')}
            onMailPreferences={() => setAccountDialog('mail')}
            onLanguage={() => setAccountDialog('language')}
          />
        </div>
      </header>
      {accountClosed && <ClosedAccount message={accountClosed} onSignOut={() => setSigningOut(true)} />}
      {needsSignIn && !accountClosed && (
        <p className="frame-banner" role="alert">
          <FormattedMessage
            id="frame.signInAgain.notice"
            defaultMessage="The service asks you to sign in again. Your changes are kept and will be sent after you do."
          />
          {SPACE}
          <Button onPress={() => setSigningOut(true)}>
            <FormattedMessage id="frame.signInAgain.button" defaultMessage="Sign in again" />
          </Button>
        </p>
      )}
      {storageProblem && (
        <p className="frame-banner" role="alert">
          <FormattedMessage
            id="frame.storageProblem"
            defaultMessage="{problem} What you see is still there, and what you type stays in the form."
            values={{ problem: storageProblem }}
          />
        </p>
      )}
      {notice && (
        <p className="frame-banner" role="status">
          {notice}
        </p>
      )}
      <main className="frame-content" id="main">
        {!route.named && managerOnly ? (
          <ManagerLanding />
        ) : view.Component ? (
          <Suspense fallback={<Loading label={intl.formatMessage(MESSAGES.openingView, { view: viewName })} />}>
            <WidgetsLanguage>
              <view.Component />
            </WidgetsLanguage>
            <Shown view={route.view} onShown={viewShown} />
          </Suspense>
        ) : view.failed ? (
          <ErrorNote message={intl.formatMessage(MESSAGES.viewMissing, { view: viewName })} onRetry={view.retry} />
        ) : (
          <Loading label={intl.formatMessage(MESSAGES.openingView, { view: viewName })} />
        )}
      </main>
      {conflictsOpen && <ConflictsPanel onClose={() => setConflictsOpen(false)} />}
      {signingOut && <SignOutDialog onClose={() => setSigningOut(false)} />}
      {accountDialog === 'password' && <PasswordDialog onClose={() => setAccountDialog(null)} />}
      {accountDialog === 'mail' && <MailPreferencesDialog onClose={() => setAccountDialog(null)} />}
      {accountDialog === 'language' && <LanguageDialog onClose={() => setAccountDialog(null)} />}
    </div>
  );
}
