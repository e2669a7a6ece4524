import { useState } from 'react';
import type { Notification, NotificationType } from '@shared/wire';
import { messageOf } from '@renderer/bridge/bridge';
import { Button, Empty, ErrorNote, Loading, Pagination, Select, timeAgo } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';
import { openNotification } from '@renderer/state/route';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import './notifications.css';

const TYPE_NAMES: Record<NotificationType, string> = {
  LEAVE_SUBMITTED: 'Leave to decide',
  LEAVE_APPROVED: 'Leave approved',
  LEAVE_REJECTED: 'Leave rejected',
  FORM_ASSIGNED: 'Forms to answer',
  TRAINING_EXPIRING: 'Trainings expiring',
};
const SHOWN = [
  { id: 'all', name: 'All' },
  { id: 'unread', name: 'Unread only' },
];

/** Newest first; each opens its record (and is read from then on), or says what became of it. */
export function NotificationsView() {
  const bridge = useBridge();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [type, setType] = useState<NotificationType | ''>('');
  const [page, setPage] = useState(1);
  const list = useAppQuery('notifications.list', {
    unreadOnly,
    ...(type ? { type } : {}),
    page,
    pageSize: 20,
  });
  const markRead = useAppAction('notifications.markRead');
  const markAll = useAppAction('notifications.markAllRead');
  // What became of records that are gone, by notification.
  const [gone, setGone] = useState<Readonly<Record<string, string>>>({});
  const [openError, setOpenError] = useState<string | null>(null);
  const error = markRead.error ?? markAll.error ?? openError;
  const open = async (n: Notification) => {
    setOpenError(null);
    try {
      const words = await openNotification(bridge, n.id);
      if (words) setGone((g) => ({ ...g, [n.id]: words }));
    } catch (failure) {
      setOpenError(messageOf(failure));
    }
  };

  return (
    <section aria-labelledby="notifications-title">
      <div className="view-head">
        <h1 id="notifications-title">Notifications</h1>
        <div className="tools">
          <Select
            label="Show"
            items={SHOWN}
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(v) => {
              setUnreadOnly(v === 'unread');
              setPage(1);
            }}
          />
          <Select
            label="About"
            items={[
              { id: 'all', name: 'Everything' },
              ...Object.entries(TYPE_NAMES).map(([id, name]) => ({ id, name })),
            ]}
            value={type || 'all'}
            onChange={(v) => {
              setType(v === 'all' ? '' : (v as NotificationType));
              setPage(1);
            }}
          />
          <Button onPress={() => void markAll.run(undefined)} isDisabled={!list.data?.unreadCount}>
            Mark all read
          </Button>
        </div>
      </div>
      {error && <ErrorNote message={error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>
          {unreadOnly ? 'Nothing unread.' : type ? 'No notification of this kind.' : 'No notifications yet.'}
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <ul className="card-list notifications">
          {list.data.data.map((n) => {
            const leads = !!(n.data.leaveId || n.data.formId || n.data.trainingId);
            return (
              <li key={n.id} className={n.read ? 'read' : 'notifications-unread'}>
                <div className="notifications-n-main">
                  <strong>
                    {leads ? (
                      <a
                        href={`#/notifications?open=${n.id}`}
                        onClick={(e) => {
                          e.preventDefault();
                          void open(n);
                        }}
                      >
                        {n.title}
                      </a>
                    ) : (
                      n.title
                    )}
                    {!n.read && <span className="visually-hidden"> (unread)</span>}
                  </strong>
                  <span className="long-text">{n.body}</span>
                  <time dateTime={n.createdAt}>{timeAgo(n.createdAt)}</time>
                  {gone[n.id] && (
                    <p className="notifications-gone" role="status">
                      {gone[n.id]}
                    </p>
                  )}
                </div>
                {!n.read && (
                  <Button aria-label={`Mark read: “${n.title}”`} onPress={() => void markRead.run({ id: n.id })}>
                    Mark read
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="Notification pages" />}
    </section>
  );
}
