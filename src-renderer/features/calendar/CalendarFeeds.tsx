import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { FEED_SCOPE_NAME } from '@shared/rules';
import type { FeedScope } from '@shared/wire';
import type { ShownFeed } from '@shared/appApi';
import {
  Button,
  Checkbox,
  Dialog,
  Empty,
  ErrorNote,
  FormFooter,
  Loading,
  RadioGroup,
  toast,
  WaitingMark,
} from '@renderer/components/ui';
import { momentDateText } from '@renderer/i18n/dates';
import { SPACE } from '@renderer/i18n/punctuation';
import { useRoles } from '@renderer/state/appStore';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { copyText } from '@renderer/components/copyText';

const MESSAGES = {
  copied: defineMessage({
    id: 'calendar.feeds.copied',
    defaultMessage: 'Calendar address copied: add it in your calendar as a subscription (“From URL”)',
  }),
  copyFailed: defineMessage({
    id: 'calendar.feeds.copyFailed',
    defaultMessage: 'The address could not be copied: select it and copy it',
  }),
  copyLabel: defineMessage<{ feed: string }>({
    id: 'calendar.feeds.copyLabel',
    defaultMessage: 'Copy the address of {feed}',
  }),
  revokeLabel: defineMessage<{ feed: string }>({ id: 'calendar.feeds.revokeLabel', defaultMessage: 'Revoke {feed}' }),
  revoked: defineMessage({ id: 'calendar.feeds.revoked', defaultMessage: 'Calendar feed revoked' }),
  revokedOffline: defineMessage({
    id: 'calendar.feeds.revokedOffline',
    defaultMessage: 'Revoking the calendar feed saved',
  }),
  title: defineMessage({ id: 'calendar.feeds.title', defaultMessage: 'Subscribe in your calendar' }),
  made: defineMessage({ id: 'calendar.feeds.made', defaultMessage: 'Calendar feed made: copy its address below' }),
  madeOffline: defineMessage({
    id: 'calendar.feeds.madeOffline',
    defaultMessage: 'Calendar feed saved: its address comes with the next sync',
  }),
  scope: defineMessage({ id: 'calendar.feeds.scope', defaultMessage: 'Whose leave' }),
  submit: defineMessage({ id: 'calendar.feeds.submit', defaultMessage: 'Make a calendar address' }),
  close: defineMessage({ id: 'calendar.feeds.close', defaultMessage: 'Close' }),
  loading: defineMessage({ id: 'calendar.feeds.loading', defaultMessage: 'Loading your calendar feeds…' }),
};

const copy = (url: string, intl: IntlShape) =>
  copyText(url, {
    copied: intl.formatMessage(MESSAGES.copied),
    failed: intl.formatMessage(MESSAGES.copyFailed),
  });

/** One feed: whose leave, since when, its address where this computer was given it, and Revoke. */
function Feed({ feed }: { feed: ShownFeed }) {
  const intl = useIntl();
  const revoke = useAppAction('calendar.revokeFeed');
  const name = intl.formatMessage(FEED_SCOPE_NAME, { scope: feed.scope });
  return (
    <li className="calendar-feed" aria-label={name}>
      <p className="calendar-feed-what">
        <FormattedMessage
          id="calendar.feeds.what"
          defaultMessage="<b>{feed}</b>{pending, select, yes {, pending requests too} other {}} · made {date}"
          values={{
            b: (chunks) => <strong>{chunks}</strong>,
            feed: name,
            pending: feed.includePending ? 'yes' : 'no',
            date: momentDateText(intl, feed.createdAt),
          }}
        />
        {feed.waiting && (
          <>
            {SPACE}
            <WaitingMark />
          </>
        )}
      </p>
      {feed.url ? (
        <div className="calendar-feed-address">
          <code className="calendar-feed-url">{feed.url}</code>
          <Button
            onPress={() => copy(feed.url!, intl)}
            aria-label={intl.formatMessage(MESSAGES.copyLabel, { feed: name })}
          >
            <FormattedMessage id="calendar.feeds.copy" defaultMessage="Copy address" />
          </Button>
        </div>
      ) : (
        <p className="hint">
          {feed.waiting ? (
            <FormattedMessage
              id="calendar.feeds.addressNextSync"
              defaultMessage="Its address comes with the next sync."
            />
          ) : (
            <FormattedMessage
              id="calendar.feeds.addressElsewhere"
              defaultMessage="Its address was shown on the computer that made it: revoke it and make a new one to see an address here."
            />
          )}
        </p>
      )}
      <Button
        variant="danger"
        isPending={revoke.pending}
        aria-label={intl.formatMessage(MESSAGES.revokeLabel, { feed: name })}
        onPress={() =>
          void revoke.run({ id: feed.id }).then((done) => {
            if (done)
              toast(
                queuedWords(
                  {
                    online: intl.formatMessage(MESSAGES.revoked),
                    offline: intl.formatMessage(MESSAGES.revokedOffline),
                  },
                  intl,
                ),
              );
          })
        }
      >
        <FormattedMessage id="calendar.feeds.revoke" defaultMessage="Revoke" />
      </Button>
      {revoke.error && <ErrorNote message={revoke.error} />}
    </li>
  );
}

/**
 * "Subscribe in your calendar": a secret address Outlook, Google Calendar or Apple Calendar
 * subscribe to and keep current; one's feeds, each revocable. Made and revoked offline too.
 */
export function CalendarFeedsDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const feeds = useAppQuery('calendar.feeds', {});
  const subscribe = useAppAction('calendar.subscribe');
  const roles = useRoles() ?? [];
  const [scope, setScope] = useState<FeedScope>('ME');
  const [includePending, setIncludePending] = useState(false);
  const scopes = (['ME', 'TEAM', 'DEPARTMENT'] as const)
    .filter((s) => s !== 'TEAM' || roles.includes('MANAGER') || roles.includes('ADMIN'))
    .map((s) => ({ value: s, label: intl.formatMessage(FEED_SCOPE_NAME, { scope: s }) }));
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose}>
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void subscribe.run({ scope, includePending }).then((made) => {
            if (made)
              toast(
                queuedWords(
                  {
                    online: intl.formatMessage(MESSAGES.made),
                    offline: intl.formatMessage(MESSAGES.madeOffline),
                  },
                  intl,
                ),
              );
          });
        }}
      >
        <p className="wide">
          <FormattedMessage
            id="calendar.feeds.explain"
            defaultMessage="Your calendar application checks this address now and then and shows the leave it holds, from three months back to a year ahead. Anyone with the address sees it: keep it to yourself, and revoke it if it is shared."
          />
        </p>
        <RadioGroup
          label={intl.formatMessage(MESSAGES.scope)}
          options={scopes}
          value={scope}
          onChange={(v) => setScope(v as FeedScope)}
          className="wide"
        />
        <Checkbox isSelected={includePending} onChange={setIncludePending} className="wide">
          <FormattedMessage id="calendar.feeds.includePending" defaultMessage="Pending requests too" />
        </Checkbox>
        <FormFooter
          error={subscribe.fieldErrors.scope ?? subscribe.error}
          submitLabel={intl.formatMessage(MESSAGES.submit)}
          pending={subscribe.pending}
          onCancel={onClose}
          cancelLabel={intl.formatMessage(MESSAGES.close)}
        />
      </form>
      <section aria-labelledby="calendar-feeds-title" className="calendar-feeds">
        <h3 id="calendar-feeds-title">
          <FormattedMessage id="calendar.feeds.list" defaultMessage="Your calendar feeds" />
        </h3>
        {feeds.error && <ErrorNote message={feeds.error} onRetry={feeds.reload} />}
        {!feeds.data && feeds.loading && <Loading label={intl.formatMessage(MESSAGES.loading)} />}
        {feeds.data?.length === 0 && (
          <Empty>
            <FormattedMessage
              id="calendar.feeds.empty"
              defaultMessage="None yet: a calendar address you make shows here."
            />
          </Empty>
        )}
        {feeds.data && feeds.data.length > 0 && (
          <ul className="calendar-feed-list">
            {feeds.data.map((f) => (
              <Feed key={f.id} feed={f} />
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  );
}

/** The button beside "Export iCal" that opens the dialog. */
export function SubscribeButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>
        <FormattedMessage id="calendar.feeds.title" defaultMessage="Subscribe in your calendar" />
      </Button>
      {open && <CalendarFeedsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
