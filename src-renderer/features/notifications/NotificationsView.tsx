import { notificationText } from '@shared/records/notificationWords';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Notification, NotificationType } from '@shared/wire';
import { messageOf } from '@renderer/bridge/bridge';
import { Button, Empty, ErrorNote, Loading, Pagination, Select, timeAgo } from '@renderer/components/ui';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { dateText } from '@renderer/i18n/dates';
import { SPACE } from '@renderer/i18n/punctuation';
import { useBridge } from '@renderer/state/bridgeContext';
import { openNotification } from '@renderer/state/route';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import './notifications.css';

/** What a notification is about, as the "About" filter lists them (every type, in this order). */
const TYPES = {
  LEAVE_SUBMITTED: true,
  LEAVE_APPROVED: true,
  LEAVE_REJECTED: true,
  FORM_ASSIGNED: true,
  TRAINING_EXPIRING: true,
} satisfies Record<NotificationType, true>;
const TYPE_NAME = defineMessage<{ type: NotificationType }>({
  id: 'notifications.type',
  defaultMessage:
    '{type, select, LEAVE_SUBMITTED {Leave to decide} LEAVE_APPROVED {Leave approved} LEAVE_REJECTED {Leave rejected} FORM_ASSIGNED {Forms to answer} TRAINING_EXPIRING {Trainings expiring} other {Other}}',
});
const MESSAGES = defineMessages({
  all: { id: 'notifications.shown.all', defaultMessage: 'All' },
  unreadOnly: { id: 'notifications.shown.unread', defaultMessage: 'Unread only' },
  show: { id: 'notifications.filter.shown', defaultMessage: 'Show' },
  about: { id: 'notifications.filter.type', defaultMessage: 'About' },
  everything: { id: 'notifications.filter.type.all', defaultMessage: 'Everything' },
  unread: { id: 'notifications.unread', defaultMessage: '(unread)' },
  pages: { id: 'notifications.pages', defaultMessage: 'Notification pages' },
  justNow: { id: 'time.justNow', defaultMessage: 'just now' },
});
const MARK_READ = defineMessage<{ title: string }>({
  id: 'notifications.markRead.named',
  defaultMessage: 'Mark read: “{title}”',
});

/** Newest first; each opens its record (and is read from then on), or says what became of it. */
export function NotificationsView() {
  const bridge = useBridge();
  const intl = useIntl();
  const format = useFormatMessage();
  const writeDay = (day: string) => dateText(intl, day);
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
        <h1 id="notifications-title">{intl.formatMessage(VIEW_MESSAGES.notifications)}</h1>
        <div className="tools">
          <Select
            label={intl.formatMessage(MESSAGES.show)}
            items={[
              { id: 'all', name: intl.formatMessage(MESSAGES.all) },
              { id: 'unread', name: intl.formatMessage(MESSAGES.unreadOnly) },
            ]}
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(v) => {
              setUnreadOnly(v === 'unread');
              setPage(1);
            }}
          />
          <Select
            label={intl.formatMessage(MESSAGES.about)}
            items={[
              { id: 'all', name: intl.formatMessage(MESSAGES.everything) },
              ...(Object.keys(TYPES) as NotificationType[]).map((id) => ({
                id,
                name: intl.formatMessage(TYPE_NAME, { type: id }),
              })),
            ]}
            value={type || 'all'}
            onChange={(v) => {
              setType(v === 'all' ? '' : (v as NotificationType));
              setPage(1);
            }}
          />
          <Button onPress={() => void markAll.run(undefined)} isDisabled={!list.data?.unreadCount}>
            <FormattedMessage id="notifications.markAllRead" defaultMessage="Mark all read" />
          </Button>
        </div>
      </div>
      {error && <ErrorNote message={error} />}
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <Empty>
          {unreadOnly ? (
            <FormattedMessage id="notifications.empty.unread" defaultMessage="Nothing unread." />
          ) : type ? (
            <FormattedMessage id="notifications.empty.type" defaultMessage="No notification of this kind." />
          ) : (
            <FormattedMessage id="notifications.empty" defaultMessage="No notifications yet." />
          )}
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <ul className="card-list notifications">
          {list.data.data.map((n) => {
            // In the reader's language: a notification keeps what it says as messages.
            const { title, body } = notificationText(format, n, writeDay);
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
                        {title}
                      </a>
                    ) : (
                      title
                    )}
                    {!n.read && (
                      <span className="visually-hidden">
                        {SPACE}
                        {intl.formatMessage(MESSAGES.unread)}
                      </span>
                    )}
                  </strong>
                  <span className="long-text">{body}</span>
                  <time dateTime={n.createdAt}>
                    {timeAgo(n.createdAt, undefined, intl.locale, intl.formatMessage(MESSAGES.justNow))}
                  </time>
                  {gone[n.id] && (
                    <p className="notifications-gone" role="status">
                      {gone[n.id]}
                    </p>
                  )}
                </div>
                {!n.read && (
                  <Button
                    aria-label={intl.formatMessage(MARK_READ, { title })}
                    onPress={() => void markRead.run({ id: n.id })}
                  >
                    <FormattedMessage id="notifications.markRead" defaultMessage="Mark read" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label={intl.formatMessage(MESSAGES.pages)} />}
    </section>
  );
}
