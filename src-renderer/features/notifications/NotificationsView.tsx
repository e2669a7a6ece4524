import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import { notificationTarget } from '../../state/route';
import { Button, Checkbox, Empty, ErrorNote, Loading, Pagination } from '../../components/ui';
import { useAppAction } from '../../state/useAppAction';
import { useAppQuery } from '../../state/useAppQuery';
import './notifications.css';

export function NotificationsView() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useAppQuery('notifications.list', { unreadOnly, page, pageSize: 20 });
  const markRead = useAppAction('notifications.markRead');
  const markAll = useAppAction('notifications.markAllRead');
  const error = markRead.error ?? markAll.error;

  return (
    <section aria-labelledby="notifications-title">
      <div className="view-head">
        <h1 id="notifications-title">Notifications</h1>
        <div className="tools">
          <Checkbox
            isSelected={unreadOnly}
            onChange={(on) => {
              setUnreadOnly(on);
              setPage(1);
            }}
          >
            Unread only
          </Checkbox>
          <Button onPress={() => void markAll.run(undefined)} isDisabled={!list.data?.unreadCount}>
            Mark all read
          </Button>
        </div>
      </div>
      {error && <ErrorNote message={error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>{unreadOnly ? 'Nothing unread.' : 'No notifications yet.'}</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <ul className="card-list notifications">
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
                  <Button aria-label={`Mark “${n.title}” read`} onPress={() => void markRead.run({ id: n.id })}>
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
