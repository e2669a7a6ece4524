import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import { messageOf } from '../bridge/bridge';
import { Pagination } from '../components/Pagination';
import { Empty, ErrorNote, Loading } from '../components/States';
import { useAppQuery, useBridge } from '../state/bridgeContext';
import { notificationTarget } from '../state/route';

export function NotificationsView() {
  const bridge = useBridge();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useAppQuery('notifications.list', { unreadOnly, page, pageSize: 20 }, ['notifications']);
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>) => work.catch((e: unknown) => setError(messageOf(e)));

  return (
    <section aria-labelledby="notifications-title">
      <div className="view-head">
        <h1 id="notifications-title">Notifications</h1>
        <div className="tools">
          <label className="check">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(e.target.checked);
                setPage(1);
              }}
            />
            Unread only
          </label>
          <button
            type="button"
            onClick={() => void act(bridge.call('notifications.markAllRead', undefined))}
            disabled={!list.data?.unreadCount}
          >
            Mark all read
          </button>
        </div>
      </div>
      {error && <ErrorNote message={error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>{unreadOnly ? 'Nothing unread.' : 'No notifications yet.'}</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <ul className="notifications">
          {list.data.data.map((n) => {
            const link = notificationTarget(n);
            return (
              <li key={n.id} className={n.read ? 'read' : 'unread'}>
                <div className="n-main">
                  <strong>{link ? <a href={link}>{n.title}</a> : n.title}</strong>
                  <span>{n.body}</span>
                  <time dateTime={n.createdAt}>{formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}</time>
                </div>
                {!n.read && (
                  <button
                    type="button"
                    aria-label={`Mark “${n.title}” read`}
                    onClick={() => void act(bridge.call('notifications.markRead', { id: n.id }))}
                  >
                    Mark read
                  </button>
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
